package org.harrier.scheduler;

/**
 * What a scheduler operation fails with when a domain rule says no, as opposed to a bug. The
 * kinds are few and flat; the scheduler's bus package maps each to the QMF {@code _exception}
 * code a caller sees (docs/protocols.md), once. The message is the whole explanation: it is
 * what a user reads.
 *
 * <p>A startd's refusal reaches the scheduler as one of these too ({@code match.Startds}): the
 * claim protocol's own answers as {@link ClaimRefused}, {@link UnknownClaim}, {@link WrongState},
 * {@link Preempting} and {@link UnknownSlot}, any other as the kind that answers with the same
 * code, so that a refusal passed on to the scheduler's caller reads as the startd gave it. A
 * call that got no answer at all fails with whatever the transport failed with, never with one
 * of these.
 */
public abstract sealed class ScheddFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private ScheddFailure(String message) {
        super(message);
    }

    /** The request cannot be read: a job id, a constraint, an attribute value, a transfer that is not open. */
    public static final class Invalid extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public Invalid(String message) {
            super(message);
        }
    }

    /** No such job (or none of the jobs named) in the queue or the history. */
    public static final class UnknownJob extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public UnknownJob(String message) {
            super(message);
        }
    }

    /** The job or claim is not in a state that allows the operation. */
    public static final class WrongState extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public WrongState(String message) {
            super(message);
        }
    }

    /** A rule forbids it: a protected attribute, a file outside the sandbox, a symbolic link. */
    public static final class Refused extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public Refused(String message) {
            super(message);
        }
    }

    /** A file transfer failed: a checksum differs, a file cannot be read or written. */
    public static final class TransferFailed extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public TransferFailed(String message) {
            super(message);
        }
    }

    /** The scheduler cannot do it now: it is shutting down, a file it needs cannot be read, a startd did not do its part. */
    public static final class Unavailable extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }

    /** A startd refused a Claim: the slot does not match the request, or has not enough left. */
    public static final class ClaimRefused extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public ClaimRefused(String message) {
            super(message);
        }
    }

    /** The startd holds no such claim: never granted, released, or its lease ran out there. */
    public static final class UnknownClaim extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public UnknownClaim(String message) {
            super(message);
        }
    }

    /** A preempting Claim was taken as an eviction of the slot's job; the freed resources are matched again later. */
    public static final class Preempting extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public Preempting(String message) {
            super(message);
        }
    }

    /** The startd has no slot of that name (any more). */
    public static final class UnknownSlot extends ScheddFailure {
        private static final long serialVersionUID = 1L;

        public UnknownSlot(String message) {
            super(message);
        }
    }
}
