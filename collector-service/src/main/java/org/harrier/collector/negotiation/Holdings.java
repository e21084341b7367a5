package org.harrier.collector.negotiation;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What each submitter and each accounting group holds during one plan (weighted slots: what
 * running claims hold, plus this plan's matches, minus what it preempts), against the pie and
 * the groups' quotas. Belongs to one plan.
 */
final class Holdings {
    private final GroupQuotas groups;
    private final double pie;
    private final Map<String, Double> quotas;
    private final Map<String, Double> held = new HashMap<>();
    private final Map<String, Double> groupHeld = new HashMap<>();

    Holdings(GroupQuotas groups, double pie) {
        this.groups = groups;
        this.pie = pie;
        this.quotas = groups.quotas(pie);
    }

    double pie() {
        return pie;
    }

    double of(String submitter) {
        return held.getOrDefault(submitter, 0.0);
    }

    void forEach(BiConsumer<String, Double> action) {
        held.forEach(action);
    }

    /** Adds {@code weight} to what a submitter holds, and to its group and every group above. */
    void charge(String submitter, double weight) {
        held.merge(submitter, weight, Double::sum);
        for (String g = groups.groupOf(submitter); g != null; g = groups.parentOf(g)) {
            groupHeld.merge(g, weight, Double::sum);
        }
    }

    /** How much of its quota a group holds; the least-served group negotiates first (HTCondor's GROUP_SORT_EXPR). */
    double starvation(String group) {
        double quota = quotas.getOrDefault(group, 0.0);
        double h = groupHeld.getOrDefault(group, 0.0);
        return quota > 0 ? h / quota : h > 0 ? Double.MAX_VALUE : 0;
    }

    /** Whether {@code group} and every group above it may hold {@code weight} more (in the surplus pass, up to ceilings). */
    boolean roomFor(String group, double weight, boolean surplus) {
        if (!groups.configured()) {
            return true;
        }
        for (String g = group; g != null && !g.equals(GroupQuotas.NONE_GROUP); g = groups.parentOf(g)) {
            double limit = g.equals(group) && !surplus ? ownQuota(g) : ceiling(g);
            if (groupHeld.getOrDefault(g, 0.0) + weight > limit + 1e-9) {
                return false;
            }
        }
        if (group.equals(GroupQuotas.NONE_GROUP)) {
            double limit = surplus ? ceiling(group) : ownQuota(group);
            return heldByUngrouped() + weight <= limit + 1e-9;
        }
        return true;
    }

    /** A group's quota; the whole pie for everyone when no groups are configured. */
    double ownQuota(String group) {
        return group.equals(GroupQuotas.NONE_GROUP) && !groups.configured() ? pie : quotas.getOrDefault(group, 0.0);
    }

    /** The most a group may hold taking surplus: its parent's ceiling if it accepts surplus, else its quota. */
    double ceiling(String group) {
        if (!groups.acceptsSurplus(group)) {
            return ownQuota(group);
        }
        String parent = groups.parentOf(group);
        return parent == null || parent.equals(GroupQuotas.NONE_GROUP) ? pie : ceiling(parent);
    }

    private double heldByUngrouped() {
        double sum = 0;
        for (Map.Entry<String, Double> e : held.entrySet()) {
            if (groups.groupOf(e.getKey()).equals(GroupQuotas.NONE_GROUP)) {
                sum += e.getValue();
            }
        }
        return sum;
    }
}
