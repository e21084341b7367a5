package org.harrier.collector.negotiation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything one negotiation cycle decides from, frozen: the requests the schedulers gave, the
 * slot ads the collector held (holds already applied), and the time ({@code time()} in ads).
 */
public record NegotiationSnapshot(List<ResourceRequest> requests, List<SlotOffer> slots, Instant now) {
    public NegotiationSnapshot {
        requests = List.copyOf(requests);
        slots = List.copyOf(slots);
        Objects.requireNonNull(now, "now");
    }
}
