package org.harrier.broker;

/**
 * The broker could not start or stop: its port is taken, its data directory is held by another
 * broker, or Artemis failed. The message says which, in words an operator can act on.
 */
public final class BrokerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BrokerException(String message) {
        super(message);
    }

    public BrokerException(String message, Throwable cause) {
        super(message, cause);
    }
}
