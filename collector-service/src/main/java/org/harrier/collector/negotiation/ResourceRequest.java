package org.harrier.collector.negotiation;

import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.scheduler.GetRequests;

/**
 * One entry of a scheduler's {@code GetRequests} answer (docs/protocols.md "Negotiation"): an
 * autocluster of {@code count} idle jobs of {@code owner}, all alike for matching, with a
 * representative job ad. {@code requestId} is echoed back in {@code Matched}, so the scheduler
 * finds its autocluster again.
 */
public record ResourceRequest(AgentName scheduler, long requestId, String owner, long count, ClassAd ad) {
    public ResourceRequest {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(owner, "owner");
        if (count < 0) {
            throw new IllegalArgumentException("Count must not be negative, got " + count);
        }
        Objects.requireNonNull(ad, "ad");
    }

    /** {@code scheduler}'s answer entry as a request; IllegalArgumentException when it is not one (a negative Count). */
    public static ResourceRequest of(AgentName scheduler, GetRequests.Entry entry) {
        try {
            return new ResourceRequest(scheduler, entry.requestId(), entry.owner(), entry.count(), entry.ad());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("request " + entry.requestId() + ": " + e.getMessage());
        }
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
}
