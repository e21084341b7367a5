package org.harrier.scheduler;

/**
 * What a scheduler operation fails with when a domain rule says no, as opposed to a bug. The
 * kinds are few and flat; the scheduler's bus package maps each to the QMF {@code _exception}
 * code a caller sees (docs/protocols.md), once. The message is the whole explanation: it is
 * what a user reads.
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
}
