package org.harrier.bus;

import java.util.Optional;

/**
 * What a method handler knows of the request it serves besides its arguments: the user the
 * broker authenticated on the caller's connection (absent when the broker does not authenticate,
 * or for a request that carries no user) and the console's reply address (null for a one-way
 * request). Every handler receives one, so the identity checks have one place to read the caller.
 */
public record RequestContext(String userId, String replyTo) {
    /** A request with no authenticated user and no reply address: a service calling itself, or a test. */
    public static final RequestContext LOCAL = new RequestContext(null, null);

    public Optional<String> user() {
        return Optional.ofNullable(userId);
    }
}
