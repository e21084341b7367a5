package org.harrier.exec.run.transfer;

/**
 * Why a call of the starter on its scheduler ({@link SchedulerCalls}) failed, as the starter
 * sees it: the scheduler refused (each kind one reason docs/protocols.md gives, "File transfer"
 * and "Errors"), or gave no answer that could be used. The exec service's bus package maps the
 * scheduler's QMF codes to these kinds, once ({@code bus/SchedulerFailures}), so nothing here
 * sees a code. The message is the scheduler's, or says what went wrong on the way.
 */
public abstract sealed class SchedulerFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private SchedulerFailure(String message) {
        super(message);
    }

    /** A file could not be read or written on the scheduler's side, or its SHA-256 differed. */
    public static final class TransferFailed extends SchedulerFailure {
        private static final long serialVersionUID = 1L;

        public TransferFailed(String message) {
            super(message);
        }
    }

    /** A rule of the scheduler forbids it: a name the job ad does not give, a symbolic link, no spool. */
    public static final class Forbidden extends SchedulerFailure {
        private static final long serialVersionUID = 1L;

        public Forbidden(String message) {
            super(message);
        }
    }

    /** The job does not run on this claim as far as the scheduler knows: gone, moved on, or never activated there. */
    public static final class NotOnClaim extends SchedulerFailure {
        private static final long serialVersionUID = 1L;

        public NotOnClaim(String message) {
            super(message);
        }
    }

    /** The scheduler could not take the call as made: a transfer that has ended, a value out of range. */
    public static final class Invalid extends SchedulerFailure {
        private static final long serialVersionUID = 1L;

        public Invalid(String message) {
            super(message);
        }
    }

    /** No usable answer: the scheduler failed, is not there, did not answer in time, or answered what cannot be read. */
    public static final class Unavailable extends SchedulerFailure {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }
}
