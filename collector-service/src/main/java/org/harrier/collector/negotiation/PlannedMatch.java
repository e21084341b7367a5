package org.harrier.collector.negotiation;

import org.harrier.rules.Resources;

import java.util.Objects;

import org.harrier.protocol.scheduler.Matched;
import org.harrier.protocol.slot.MatchNotice;

/**
 * One job of a request matched with a slot. {@code carved} is what a partitionable slot gives
 * the job's dynamic slot ({@link Resources#NONE} for a slot claimed whole); {@code jobRank} and
 * {@code slotRank} are each side's Rank of the other; {@code preempting} says the slot runs
 * another job, which the claim evicts (docs/protocols.md, "Fair share, limits and preemption").
 */
public record PlannedMatch(ResourceRequest request, SlotOffer slot, Resources carved, double jobRank, double slotRank,
                           boolean preempting) {
    public PlannedMatch {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(slot, "slot");
        Objects.requireNonNull(carved, "carved");
    }

    public PlannedMatch(ResourceRequest request, SlotOffer slot, Resources carved, double jobRank, double slotRank) {
        this(request, slot, carved, jobRank, slotRank, false);
    }

    /** This match as the scheduler hears it in {@code Matched} (docs/protocols.md). */
    public Matched.Match toMatch() {
        return new Matched.Match(request.requestId(), slot.id(), slot.startd(), preempting);
    }

    /**
     * The startd's {@code slot.Match} notice (NEGOTIATOR_INFORM_STARTD): the scheduler whose
     * Claim is to come and its request (as text: the startd only logs it).
     */
    public MatchNotice toNotice() {
        return new MatchNotice(request.scheduler().name(), String.valueOf(request.requestId()));
    }
}
