package org.harrier.collector;

/**
 * Why the central manager refused or could not serve a request: the collector's and the
 * negotiator's domain failures. The bus package answers each with a QMF code, in one place
 * ({@code bus/CollectorFailures}); the core never sees a wire code.
 */
public abstract sealed class CollectorFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private CollectorFailure(String message) {
        super(message);
    }

    /** A request's value breaks one of the central manager's rules; the message names the rule. */
    public static final class Invalid extends CollectorFailure {
        private static final long serialVersionUID = 1L;

        public Invalid(String message) {
            super(message);
        }
    }

    /** The accountant has no record of this submitter or group. */
    public static final class UnknownAccount extends CollectorFailure {
        private static final long serialVersionUID = 1L;
        private final String name;

        public UnknownAccount(String name) {
            super("the accountant has no record of '" + name + "'");
            this.name = name;
        }

        public String name() {
            return name;
        }
    }

    /** The central manager is shutting down and serves nothing more. */
    public static final class Unavailable extends CollectorFailure {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }
}
