package org.harrier.collector.negotiation;

import org.harrier.rules.Resources;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Match;

/**
 * A slot during one plan: whether it has been taken (a slot claimed whole) or what it has left
 * (a partitionable slot). Belongs to one {@link MatchPlanner#plan} call and dies with it.
 */
final class Candidate {
    private final SlotOffer slot;
    private final boolean partitionable;
    private boolean taken;
    private Resources left;
    private ClassAd view;

    Candidate(SlotOffer slot) {
        this.slot = slot;
        this.partitionable = slot.partitionable();
        this.left = Resources.advertisedBy(slot.ad());
        this.view = slot.ad();
    }

    SlotOffer slot() {
        return slot;
    }

    /** Whether a job fits here: a reason if not, else the ranks and what it would carve. */
    Fit consider(ClassAd job, EvalContext context) {
        if (taken) {
            return Fit.no(this, Reason.SLOT_TAKEN);
        }
        Resources demand = Resources.NONE;
        if (partitionable) {
            try {
                demand = Resources.requestedBy(job, view, context);
            } catch (IllegalArgumentException notARequest) {
                return Fit.no(this, Reason.BAD_RESOURCE_REQUEST);
            }
            if (!left.covers(demand)) {
                return Fit.no(this, Reason.INSUFFICIENT_RESOURCES);
            }
        }
        if (!Match.accepts(job, view, context)) {
            return Fit.no(this, Reason.REJECTED_BY_JOB);
        }
        if (!Match.accepts(view, job, context)) {
            return Fit.no(this, Reason.REJECTED_BY_SLOT);
        }
        return new Fit(this, null, demand, Match.rank(job, view, context), Match.rank(view, job, context));
    }

    boolean taken() {
        return taken;
    }

    boolean partitionable() {
        return partitionable;
    }

    /**
     * What a job given {@code demand} here weighs in fair share: a whole slot its SlotWeight;
     * a dynamic slot carved from a partitionable one the SlotWeight the carved ad would have
     * (its Cpus when the slot does not say).
     */
    double weight(Resources demand) {
        if (!partitionable) {
            return slot.weight();
        }
        if (!slot.ad().contains("SlotWeight")) {
            return demand.cpus();
        }
        return SlotOffer.weightOf(demand.appliedTo(slot.ad()));
    }

    /** Gives a job this slot: all of it, or {@code demand} carved from a partitionable slot. */
    void take(Resources demand) {
        if (!partitionable) {
            taken = true;
            return;
        }
        left = left.minus(demand);
        view = left.appliedTo(slot.ad());
        if (left.cpus() == 0 && !slot.consumesCpusByPolicy()) {
            // Out of cores: the startd would stop offering it too (SlotOffer.available).
            taken = true;
        }
    }

    /** A candidate's answer for one job: a reason it does not fit, or the ranks and the carve. */
    record Fit(Candidate candidate, Reason reason, Resources demand, double jobRank, double slotRank) {
        static Fit no(Candidate c, Reason reason) {
            return new Fit(c, reason, Resources.NONE, 0, 0);
        }
    }
}
