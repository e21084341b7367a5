package org.harrier.collector.negotiation;

import java.util.Map;
import java.util.Objects;

/**
 * What a cycle needs beyond requests and slots to share the pool: the share policy, each
 * submitter's and group's priority from the accountant (lower is better;
 * {@code newcomerPriority} for one it has never seen), the group quotas, the concurrency limits
 * and the preemption rules.
 */
public record NegotiationPolicy(SharePolicy share, Map<String, Double> priorities, double newcomerPriority,
                                GroupQuotas groups, ConcurrencyLimits limits, Preemption preemption,
                                Map<String, Double> limitsHeld) {
    /** HTCondor's new submitter: real priority 0.5 times DEFAULT_PRIO_FACTOR 1000. */
    public static final double NEWCOMER = 500;
    public static final NegotiationPolicy DEFAULT = new NegotiationPolicy(PieSpin.INSTANCE, Map.of(), NEWCOMER,
            GroupQuotas.NONE, ConcurrencyLimits.NONE, Preemption.DEFAULT);

    /**
     * Without units held by recent matches. {@code limitsHeld}: concurrency limit units that
     * matches of earlier cycles took and the slot ads do not show yet (claimed, not yet
     * running), so a limit is not handed out twice meanwhile.
     */
    public NegotiationPolicy(SharePolicy share, Map<String, Double> priorities, double newcomerPriority,
            GroupQuotas groups, ConcurrencyLimits limits, Preemption preemption) {
        this(share, priorities, newcomerPriority, groups, limits, preemption, Map.of());
    }

    public NegotiationPolicy {
        Objects.requireNonNull(share, "share");
        priorities = Map.copyOf(priorities);
        Objects.requireNonNull(groups, "groups");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(preemption, "preemption");
        limitsHeld = Map.copyOf(limitsHeld);
        if (Double.isNaN(newcomerPriority) || Double.isInfinite(newcomerPriority)) {
            throw new IllegalArgumentException("a newcomer's priority must be a number, got " + newcomerPriority);
        }
    }

    public double priorityOf(String submitter) {
        Double p = priorities.get(submitter);
        return p != null ? p : newcomerPriority;
    }

    public NegotiationPolicy withNewcomerPriority(double p) {
        return new NegotiationPolicy(share, priorities, p, groups, limits, preemption, limitsHeld);
    }

    public NegotiationPolicy withPriorities(Map<String, Double> next) {
        return new NegotiationPolicy(share, next, newcomerPriority, groups, limits, preemption, limitsHeld);
    }

    public NegotiationPolicy withShare(SharePolicy next) {
        return new NegotiationPolicy(next, priorities, newcomerPriority, groups, limits, preemption, limitsHeld);
    }

    public NegotiationPolicy withGroups(GroupQuotas next) {
        return new NegotiationPolicy(share, priorities, newcomerPriority, next, limits, preemption, limitsHeld);
    }

    public NegotiationPolicy withLimits(ConcurrencyLimits next) {
        return new NegotiationPolicy(share, priorities, newcomerPriority, groups, next, preemption, limitsHeld);
    }

    public NegotiationPolicy withLimitsHeld(Map<String, Double> held) {
        return new NegotiationPolicy(share, priorities, newcomerPriority, groups, limits, preemption, held);
    }

    public NegotiationPolicy withPreemption(Preemption next) {
        return new NegotiationPolicy(share, priorities, newcomerPriority, groups, limits, next, limitsHeld);
    }
}
