package org.harrier.rules;

import java.util.Set;
import java.util.TreeSet;

/**
 * Who asks: the user the broker authenticated on the connection a request or an indication came
 * from, and that user's broker roles, as the broker stamped them on the message (never what a
 * client wrote). A message from a broker that does not authenticate carries neither: that is
 * {@link #NOBODY}, who may read but change nothing.
 *
 * <p>The role names are the broker's (broker-config's {@code broker.xml} and
 * {@code artemis-roles.properties}): {@link #ADMIN} an administrator, {@link #CONSOLE} a person's
 * tool, {@link #SERVICE} any Harrier daemon, and one role per daemon. A daemon-to-daemon call or
 * publication needs that daemon's role; an administrator may do anything any role may.
 *
 * <p>The decisions every service applies alike are here ({@link #mayChange},
 * {@link #mayActAs}, {@link #mayAdminister}); a service's own rules (the scheduler's queue super
 * users, the owner of a job) are in that service. Pure; immutable.
 */
public record Caller(String user, Set<String> roles) {
    public static final String ADMIN = "admin";
    public static final String CONSOLE = "console";
    public static final String SERVICE = "service";
    public static final String SCHEDD = "schedd";
    public static final String STARTD = "startd";
    public static final String COLLECTOR = "collector";
    public static final String NEGOTIATOR = "negotiator";

    /** No authenticated user: a broker without security, or a service calling itself. */
    public static final Caller NOBODY = new Caller(null, Set.of());

    public Caller {
        roles = roles == null ? Set.of() : Set.copyOf(roles);
        if (user != null && user.isBlank()) {
            throw new IllegalArgumentException("a caller's user name is not blank; NOBODY is the caller without one");
        }
        if (user == null && !roles.isEmpty()) {
            throw new IllegalArgumentException("roles belong to an authenticated user; got " + roles + " without one");
        }
    }

    /** The caller a message's stamp names: {@link #NOBODY} when it names no user (null or empty). */
    public static Caller of(String user, Set<String> roles) {
        return user == null || user.isBlank() ? NOBODY : new Caller(user, roles);
    }

    public boolean authenticated() {
        return user != null;
    }

    public boolean has(String role) {
        return roles.contains(role);
    }

    public boolean isAdmin() {
        return has(ADMIN);
    }

    /**
     * Anything that changes state needs an authenticated caller; which changes a caller may make
     * is then the service's rule. {@code what} names the refused action ("Hold", "Submit").
     */
    public Permission mayChange(String what) {
        return authenticated() ? Permission.GRANTED : Permission.refused(what + " refused: no authenticated caller");
    }

    /**
     * A call or publication only daemon {@code role} makes (the negotiator's Matched, a startd's
     * reports and slot ads, the scheduler's claims): that role, or an administrator.
     */
    public Permission mayActAs(String role, String what) {
        if (!authenticated()) {
            return mayChange(what);
        }
        if (has(role) || isAdmin()) {
            return Permission.GRANTED;
        }
        return Permission.refused(what + " refused: only the " + role + " daemon (broker role " + role
                + ") or an administrator may do it, and " + this + " is neither");
    }

    /** A pool-wide setting (priorities, usage, limits): an administrator (broker role admin). */
    public Permission mayAdminister(String what) {
        if (!authenticated()) {
            return mayChange(what);
        }
        return isAdmin() ? Permission.GRANTED
                : Permission.refused(what + " refused: only an administrator (broker role admin) may do it, and "
                        + this + " is not one");
    }

    /** "alice (roles: console)", "nobody": for messages. */
    @Override
    public String toString() {
        if (!authenticated()) {
            return "no authenticated caller";
        }
        return user + " (roles: " + (roles.isEmpty() ? "none" : String.join(", ", new TreeSet<>(roles))) + ")";
    }
}
