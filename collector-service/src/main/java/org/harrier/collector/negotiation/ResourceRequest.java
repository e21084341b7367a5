package org.harrier.collector.negotiation;

import java.util.Map;
import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.AgentName;

/**
 * One entry of a scheduler's {@code GetRequests} answer (docs/protocols.md "Negotiation"): an
 * autocluster of {@code count} idle jobs of {@code owner}, all alike for matching, with a
 * representative job ad. {@code requestId} is echoed back in {@code Matched} exactly as it came
 * (a string or an integer), so the scheduler finds its autocluster again.
 */
public record ResourceRequest(AgentName scheduler, Object requestId, String owner, long count, ClassAd ad) {
    public ResourceRequest {
        Objects.requireNonNull(scheduler, "scheduler");
        if (!(requestId instanceof String || requestId instanceof Long)) {
            throw new IllegalArgumentException("RequestId must be a string or an integer, got " + describe(requestId));
        }
        Objects.requireNonNull(owner, "owner");
        if (count < 0) {
            throw new IllegalArgumentException("Count must not be negative, got " + count);
        }
        Objects.requireNonNull(ad, "ad");
    }

    /** A string attribute of the representative job ad; null if it is not a string. */
    public String text(String attribute) {
        return ad.evaluate(attribute) instanceof org.harrier.classad.StringValue s ? s.value() : null;
    }

    /**
     * What each job takes of concurrency limits (its ConcurrencyLimits, {@link ConcurrencyLimits#parse});
     * IllegalArgumentException when that cannot be read.
     */
    public java.util.Map<String, Double> concurrencyLimits() {
        return ConcurrencyLimits.parse(text("ConcurrencyLimits"));
    }

    /** Reads one wire entry {@code {RequestId, Owner, Count, Ad}}; IllegalArgumentException names the bad field. */
    public static ResourceRequest fromWire(AgentName scheduler, Object entry) {
        if (!(entry instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("a request must be a map {RequestId, Owner, Count, Ad}, got " + describe(entry));
        }
        Object id = m.get("RequestId");
        if (id instanceof Integer || id instanceof Short || id instanceof Byte) {
            id = ((Number) id).longValue();
        }
        if (!(m.get("Owner") instanceof String owner)) {
            throw new IllegalArgumentException("request " + id + ": Owner must be a string, got " + describe(m.get("Owner")));
        }
        Object count = m.get("Count");
        if (!(count instanceof Long || count instanceof Integer)) {
            throw new IllegalArgumentException("request " + id + ": Count must be an integer, got " + describe(count));
        }
        if (!(m.get("Ad") instanceof Map<?, ?> ad)) {
            throw new IllegalArgumentException("request " + id + ": Ad must be a map, got " + describe(m.get("Ad")));
        }
        @SuppressWarnings("unchecked")
        Map<String, ?> adMap = (Map<String, ?>) ad;
        ClassAd job;
        try {
            job = AdMaps.toAd(adMap);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new IllegalArgumentException("request " + id + ": Ad: " + e.getMessage());
        }
        return new ResourceRequest(scheduler, id, owner, ((Number) count).longValue(), job);
    }

    private static String describe(Object o) {
        return o == null ? "nothing" : o.getClass().getSimpleName() + " " + o;
    }
}
