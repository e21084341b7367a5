package org.harrier.collector.negotiation;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything one negotiation cycle decides from, frozen: the requests the schedulers gave, the
 * slot ads the collector held (holds already applied), the time ({@code time()} in ads) and the
 * policy (priorities, quotas, limits, preemption rules).
 */
public record NegotiationSnapshot(List<ResourceRequest> requests, List<SlotOffer> slots, Instant now,
                                  NegotiationPolicy policy) {
    public NegotiationSnapshot {
        requests = List.copyOf(requests);
        slots = List.copyOf(slots);
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(policy, "policy");
    }

    /** A snapshot under the default policy: equal newcomers, pie spin, no groups, limits or preemption. */
    public NegotiationSnapshot(List<ResourceRequest> requests, List<SlotOffer> slots, Instant now) {
        this(requests, slots, now, NegotiationPolicy.DEFAULT);
    }
}
