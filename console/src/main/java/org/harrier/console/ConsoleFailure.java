package org.harrier.console;

/**
 * An operational failure of a harrier command: the broker is not there, the scheduler refused,
 * a job did not finish in time. Its message is the one line the user sees after
 * {@code harrier: }; the command exits with status 1 and no stack trace. Misuse of the API
 * throws IllegalArgumentException/IllegalStateException instead (docs/architecture.md).
 */
public class ConsoleFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConsoleFailure(String message) {
        super(message);
    }
}
