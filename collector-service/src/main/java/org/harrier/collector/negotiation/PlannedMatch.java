package org.harrier.collector.negotiation;

import org.harrier.mgmt.Resources;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One job of a request matched with a slot. {@code carved} is what a partitionable slot gives
 * the job's dynamic slot ({@link Resources#NONE} for a slot claimed whole); {@code jobRank} and
 * {@code slotRank} are each side's Rank of the other.
 */
public record PlannedMatch(ResourceRequest request, SlotOffer slot, Resources carved, double jobRank, double slotRank) {
    public PlannedMatch {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(slot, "slot");
        Objects.requireNonNull(carved, "carved");
    }

    /** The entry of {@code scheduler.Matched(Matches)}: {@code {RequestId, Slot, Agent}} (docs/protocols.md). */
    public Map<String, Object> toWire() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("RequestId", request.requestId());
        m.put("Slot", slot.id().objectName());
        m.put("Agent", slot.startd().name());
        return m;
    }
}
