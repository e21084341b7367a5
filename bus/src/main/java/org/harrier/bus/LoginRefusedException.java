package org.harrier.bus;

/** The broker refused the connection's credentials, or asked for some and none were given. */
public final class LoginRefusedException extends BusException {
    private static final long serialVersionUID = 1L;

    public LoginRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
