package org.harrier.collector.negotiation;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A request that kept {@code unmatched} of its jobs idle this cycle, with the reason: the most
 * common verdict among the candidate slots for its next job ({@code slots} counts them all),
 * or {@link Reason#NO_CANDIDATE_SLOTS} when there were none.
 */
public record Rejection(ResourceRequest request, long unmatched, Reason reason, Map<Reason, Integer> slots) {
    public Rejection {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(reason, "reason");
        if (unmatched < 1) {
            throw new IllegalArgumentException("a rejection leaves at least one job unmatched, got " + unmatched);
        }
        slots = Map.copyOf(slots);
    }

    /** The rejection of a request's next job, given how each candidate slot answered. */
    static Rejection of(ResourceRequest request, long unmatched, EnumMap<Reason, Integer> verdicts) {
        Reason reason = Reason.NO_CANDIDATE_SLOTS;
        int most = 0;
        for (Map.Entry<Reason, Integer> e : verdicts.entrySet()) {
            if (e.getValue() > most) {
                most = e.getValue();
                reason = e.getKey();
            }
        }
        return new Rejection(request, unmatched, reason, verdicts);
    }
}
