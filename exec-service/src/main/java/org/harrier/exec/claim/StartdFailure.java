package org.harrier.exec.claim;

/**
 * Why the startd refused a call of the claim protocol: an operational failure, not misuse
 * (docs/architecture.md, "Failures and bad input"). The startd's core throws these (or fails its
 * futures with them); the bus side translates each kind to its QMF error code once, in
 * {@code bus/StartdFailures}, so the answers on the wire are those docs/protocols.md lists. Each carries the message the caller sees.
 */
public abstract sealed class StartdFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private StartdFailure(String message) {
        super(message);
    }

    /** The claim cannot be granted: it does not fit, START says no, or the slot holds no claim to preempt. */
    public static final class ClaimRefused extends StartdFailure {
        private static final long serialVersionUID = 1L;

        public ClaimRefused(String message) {
            super(message);
        }
    }

    /** The claim id names no claim here: released, being released, or never granted. */
    public static final class UnknownClaim extends StartdFailure {
        private static final long serialVersionUID = 1L;

        public UnknownClaim(String message) {
            super(message);
        }
    }

    /** The claim is not in a state for the call: it runs another job, or none, or ran this activation already. */
    public static final class WrongState extends StartdFailure {
        private static final long serialVersionUID = 1L;

        public WrongState(String message) {
            super(message);
        }
    }

    /** A preempting claim was taken as an eviction of the slot's claim; it is never granted itself. */
    public static final class Preempting extends StartdFailure {
        private static final long serialVersionUID = 1L;

        public Preempting(String message) {
            super(message);
        }
    }

    /** The slot named is not one of this startd's. */
    public static final class UnknownSlot extends StartdFailure {
        private static final long serialVersionUID = 1L;

        public UnknownSlot(String message) {
            super(message);
        }
    }

    /** The startd could not do what was asked: it is shut down, or a job's tree refused a signal. */
    public static final class Failed extends StartdFailure {
        private static final long serialVersionUID = 1L;

        public Failed(String message) {
            super(message);
        }
    }
}
