package org.harrier.collector.negotiation;

import java.util.List;
import java.util.Map;

/**
 * How a cycle divides the pool among submitters: the order they are served in and how much of
 * the pool each may hold in one spin. Two policies share this interface: HTCondor's pie spin
 * ({@link PieSpin}) and the Condor paper's Up-Down algorithm ({@link UpDown}). Pure.
 */
public interface SharePolicy {
    /** The name NEGOTIATOR_POLICY selects it by ({@code pie-spin}, {@code up-down}). */
    String name();

    /**
     * For each hungry submitter (its priority: lower is better), the weighted amount of the
     * pool it may hold in this spin, counting what it already holds. {@code pie} is what the
     * submitters' group may hold in all (the pool, or the group's quota).
     */
    Map<String, Double> shares(List<Hungry> hungry, double pie);

    /** A submitter still asking for slots in this spin, with its priority (lower is better). */
    record Hungry(String submitter, double priority) {
    }

    static SharePolicy named(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "pie-spin", "piespin", "pie" -> PieSpin.INSTANCE;
            case "up-down", "updown" -> UpDown.INSTANCE;
            default -> throw new IllegalArgumentException(
                    "NEGOTIATOR_POLICY must be pie-spin or up-down, got '" + name + "'");
        };
    }
}
