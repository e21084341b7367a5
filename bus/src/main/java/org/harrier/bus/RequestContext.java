package org.harrier.bus;

import java.util.Optional;
import java.util.Set;

/**
 * What a method handler knows of the request it serves besides its arguments: the user the
 * broker authenticated on the caller's connection and that user's broker roles (both stamped on
 * the message by the broker, never taken from the client; absent when the broker does not
 * authenticate), and the console's reply address (null for a one-way request). Every handler
 * receives one, so the identity checks have one place to read the caller. A console that asks
 * who published a data indication ({@link Console#subscribeWithPublisher}) gets the publisher
 * the same way, without a reply address.
 */
public record RequestContext(String userId, Set<String> roles, String replyTo) {
    /** A request with no authenticated user and no reply address: a service calling itself, or a test. */
    public static final RequestContext LOCAL = new RequestContext(null, Set.of(), null);

    public RequestContext {
        roles = roles == null ? Set.of() : Set.copyOf(roles);
    }

    /** A caller with no roles. */
    public RequestContext(String userId, String replyTo) {
        this(userId, Set.of(), replyTo);
    }

    public Optional<String> user() {
        return Optional.ofNullable(userId);
    }

    /** Whether the broker authenticated the caller with {@code role} (artemis-roles.properties). */
    public boolean hasRole(String role) {
        return roles.contains(role);
    }
}
