package org.harrier.collector.negotiation;

import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;

/**
 * When a job may take a slot that is running another job (HTCondor's negotiator, admin manual
 * "Priorities in Negotiation and Preemption"):
 * <ul>
 *   <li>by <b>Rank</b>: the slot's Rank of the new job is higher than of the one it runs
 *       ({@code CurrentRank}); always considered;
 *   <li>by <b>priority</b>: the new job's submitter has a better (lower) priority than the
 *       running job's, the slot's Rank of the new job is not lower, and
 *       {@code PREEMPTION_REQUIREMENTS} (MY the slot, TARGET the job, with SubmitterUserPrio,
 *       RemoteUserPrio, SubmitterUserResourcesInUse, RemoteUserResourcesInUse, SubmitterGroup,
 *       RemoteGroup in the slot ad) is true. HTCondor's default is False: no priority preemption.
 * </ul>
 * Among candidates of equal job Rank, slots needing no preemption come first, then Rank
 * preemption, then priority preemption ordered by {@code PREEMPTION_RANK} (higher first).
 */
public record Preemption(Expr requirements, Expr rank) {
    /** HTCondor's defaults: PREEMPTION_REQUIREMENTS False; PREEMPTION_RANK prefers the worst-priority, newest job. */
    public static final Preemption DEFAULT = of("false",
            "(RemoteUserPrio * 1000000) - ifThenElse(isUndefined(TotalJobRunTime), 0, TotalJobRunTime)");

    public Preemption {
        Objects.requireNonNull(requirements, "PREEMPTION_REQUIREMENTS");
        Objects.requireNonNull(rank, "PREEMPTION_RANK");
    }

    /** From expression text; IllegalArgumentException names the knob whose text does not parse. */
    public static Preemption of(String requirements, String rank) {
        return new Preemption(parse("PREEMPTION_REQUIREMENTS", requirements), parse("PREEMPTION_RANK", rank));
    }

    private static Expr parse(String knob, String text) {
        try {
            return Expr.parse(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(knob + " is not a ClassAd expression: " + e.getMessage());
        }
    }

    /** Whether priority preemption can ever happen: PREEMPTION_REQUIREMENTS is not the literal false. */
    public boolean priorityPreemptionPossible() {
        return !(requirements instanceof org.harrier.classad.BooleanValue b) || b.value();
    }

    /** Why a running claim may be preempted: the three reasons a candidate slot is listed for. */
    enum Kind { NONE, RANK, PRIORITY }

    static ClassAd withEphemeral(ClassAd slot, double submitterPrio, double remotePrio, double submitterInUse,
            double remoteInUse, String submitterGroup, String remoteGroup) {
        return slot.toBuilder().set("SubmitterUserPrio", submitterPrio).set("RemoteUserPrio", remotePrio)
                .set("SubmitterUserResourcesInUse", submitterInUse).set("RemoteUserResourcesInUse", remoteInUse)
                .set("SubmitterGroup", submitterGroup).set("RemoteGroup", remoteGroup).build();
    }
}
