package org.harrier.collector;

import java.util.Locale;

import org.harrier.rules.Caller;
import org.harrier.rules.Permission;

/**
 * The kinds of ad the collector keeps: the mrg.grid classes whose objects are daemon ads
 * (docs/protocols.md "Advertisement"). {@link #parse} also takes condor_status's names for
 * them, so {@code Query("Startd", ...)} and {@code Query("Schedd", ...)} do what an HTCondor
 * user expects.
 */
public enum AdType {
    SLOT("slot", Caller.STARTD), SCHEDULER("scheduler", Caller.SCHEDD), SUBMITTER("submitter", Caller.SCHEDD);

    private final String className;
    private final String publisherRole;

    AdType(String className, String publisherRole) {
        this.className = className;
        this.publisherRole = publisherRole;
    }

    /** The mrg.grid class the ads are objects of. */
    public String className() {
        return className;
    }

    /**
     * Whether {@code publisher} may advertise an ad of this type: a slot is a startd's (broker
     * role startd), a scheduler or submitter ad a scheduler's (schedd); an administrator may
     * publish any (docs/protocols.md, "Authorisation").
     */
    public Permission mayPublish(Caller publisher) {
        return publisher.mayActAs(publisherRole, "a " + className + " ad");
    }

    /** The type whose class is {@code className} exactly, or null: for data indications. */
    public static AdType ofClass(String className) {
        for (AdType t : values()) {
            if (t.className.equals(className)) {
                return t;
            }
        }
        return null;
    }

    /** A user's name for a type, any case; IllegalArgumentException lists the accepted names. */
    public static AdType parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "slot", "machine", "startd" -> SLOT;
            case "scheduler", "schedd" -> SCHEDULER;
            case "submitter" -> SUBMITTER;
            default -> throw new IllegalArgumentException(
                    "AdType must be slot (Machine, Startd), scheduler (Schedd) or submitter, got '" + name + "'");
        };
    }
}
