package org.harrier.testing;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A broker-authenticated caller written the short way authorisation tables use:
 * {@code "alice:console+service"} is user alice with roles console and service, {@code "root"}
 * a user without roles, and {@code "-"} nobody (no authenticated user: {@link #user} null).
 */
public record StampSpec(String user, Set<String> roles) {
    public StampSpec {
        roles = Set.copyOf(roles);
    }

    public static StampSpec parse(String spec) {
        if (spec.equals("-")) {
            return new StampSpec(null, Set.of());
        }
        String[] parts = spec.split(":", 2);
        Set<String> roles = parts.length < 2 || parts[1].isEmpty() ? Set.of()
                : Arrays.stream(parts[1].split("\\+")).collect(Collectors.toSet());
        return new StampSpec(parts[0], roles);
    }

    public boolean nobody() {
        return user == null;
    }
}
