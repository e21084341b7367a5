package org.harrier.console.grid;

import org.harrier.console.ConsoleFailure;

/** No broker answers at the address harrier was given. */
public final class BrokerUnreachableException extends ConsoleFailure {
    private static final long serialVersionUID = 1L;

    private final String reason;

    public BrokerUnreachableException(BrokerAddress address, String reason) {
        super("cannot reach the broker at " + address + " (" + reason + "); is 'harrier up' running?");
        this.reason = reason;
    }

    /** Why, in a few words: "connection refused", "timed out after 2 s", "unknown host x". */
    public String reason() {
        return reason;
    }
}
