package org.harrier.collector;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

import org.harrier.collector.accounting.Accountant;
import org.harrier.collector.negotiation.ConcurrencyLimits;
import org.harrier.collector.negotiation.GroupQuotas;
import org.harrier.collector.negotiation.Preemption;
import org.harrier.collector.negotiation.SharePolicy;

/**
 * The negotiator's fair-share knobs, named after HTCondor's: PRIORITY_HALFLIFE,
 * DEFAULT_PRIO_FACTOR, NEGOTIATOR_POLICY (Harrier's: {@code pie-spin} or {@code up-down}), the
 * group quotas, the concurrency limits, PREEMPTION_REQUIREMENTS/PREEMPTION_RANK, and the spool
 * the accountant's state is kept in (null: kept in memory only, as in tests), and
 * NEGOTIATOR_INFORM_STARTD: whether each match is also told to the matched slot's startd
 * ({@code slot.Match}, docs/protocols.md "Match notices"; HTCondor's default, false, unless set).
 */
public record NegotiatorSettings(Duration priorityHalfLife, double defaultPrioFactor, SharePolicy policy,
                                 GroupQuotas groups, ConcurrencyLimits limits, Preemption preemption, Path spool,
                                 boolean informStartd) {
    /** Without NEGOTIATOR_INFORM_STARTD: only the scheduler hears of a match. */
    public NegotiatorSettings(Duration priorityHalfLife, double defaultPrioFactor, SharePolicy policy,
            GroupQuotas groups, ConcurrencyLimits limits, Preemption preemption, Path spool) {
        this(priorityHalfLife, defaultPrioFactor, policy, groups, limits, preemption, spool, false);
    }

    public NegotiatorSettings {
        Objects.requireNonNull(priorityHalfLife, "PRIORITY_HALFLIFE");
        if (priorityHalfLife.isNegative() || priorityHalfLife.isZero()) {
            throw new IllegalArgumentException("PRIORITY_HALFLIFE must be positive, got " + priorityHalfLife);
        }
        if (!(defaultPrioFactor >= 1) || Double.isInfinite(defaultPrioFactor)) {
            throw new IllegalArgumentException("DEFAULT_PRIO_FACTOR must be at least 1, got " + defaultPrioFactor);
        }
        Objects.requireNonNull(policy, "NEGOTIATOR_POLICY");
        Objects.requireNonNull(groups, "groups");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(preemption, "preemption");
    }

    public static NegotiatorSettings defaults() {
        return new NegotiatorSettings(Accountant.DEFAULT_HALF_LIFE, Accountant.DEFAULT_PRIO_FACTOR,
                SharePolicy.named("pie-spin"), GroupQuotas.NONE, ConcurrencyLimits.NONE, Preemption.DEFAULT, null);
    }

    public NegotiatorSettings withSpool(Path dir) {
        return new NegotiatorSettings(priorityHalfLife, defaultPrioFactor, policy, groups, limits, preemption, dir, informStartd);
    }

    public NegotiatorSettings withHalfLife(Duration d) {
        return new NegotiatorSettings(d, defaultPrioFactor, policy, groups, limits, preemption, spool, informStartd);
    }

    public NegotiatorSettings withDefaultPrioFactor(double f) {
        return new NegotiatorSettings(priorityHalfLife, f, policy, groups, limits, preemption, spool, informStartd);
    }

    public NegotiatorSettings withPolicy(SharePolicy p) {
        return new NegotiatorSettings(priorityHalfLife, defaultPrioFactor, p, groups, limits, preemption, spool, informStartd);
    }

    public NegotiatorSettings withGroups(GroupQuotas g) {
        return new NegotiatorSettings(priorityHalfLife, defaultPrioFactor, policy, g, limits, preemption, spool, informStartd);
    }

    public NegotiatorSettings withLimits(ConcurrencyLimits l) {
        return new NegotiatorSettings(priorityHalfLife, defaultPrioFactor, policy, groups, l, preemption, spool, informStartd);
    }

    public NegotiatorSettings withPreemption(Preemption p) {
        return new NegotiatorSettings(priorityHalfLife, defaultPrioFactor, policy, groups, limits, p, spool, informStartd);
    }

    public NegotiatorSettings withInformStartd(boolean inform) {
        return new NegotiatorSettings(priorityHalfLife, defaultPrioFactor, policy, groups, limits, preemption, spool, inform);
    }
}
