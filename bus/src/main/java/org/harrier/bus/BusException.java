package org.harrier.bus;

/**
 * The bus could not carry a request: the broker is unreachable, the connection dropped while a
 * call was outstanding, or no reply came in time. Distinct from a {@link
 * org.harrier.bus.QmfException}, which is an agent's answer.
 */
public class BusException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BusException(String message) {
        super(message);
    }

    public BusException(String message, Throwable cause) {
        super(message, cause);
    }
}
