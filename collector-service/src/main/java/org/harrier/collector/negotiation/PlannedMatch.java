package org.harrier.collector.negotiation;

import org.harrier.rules.Resources;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

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

    /** The entry of {@code scheduler.Matched(Matches)}: {@code {RequestId, Slot, Agent[, Preempt]}} (docs/protocols.md). */
    public Map<String, Object> toWire() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("RequestId", request.requestId());
        m.put("Slot", slot.id().objectName());
        m.put("Agent", slot.startd().name());
        if (preempting) {
            m.put("Preempt", true);
        }
        return m;
    }

    /**
     * The arguments of the startd's {@code slot.Match} notice (NEGOTIATOR_INFORM_STARTD):
     * {@code {Scheduler, RequestId}}, the scheduler whose Claim is to come and its request (as
     * text: the startd only logs it).
     */
    public Map<String, Object> toNotice() {
        return Map.of("Scheduler", request.scheduler().name(), "RequestId", String.valueOf(request.requestId()));
    }
}
