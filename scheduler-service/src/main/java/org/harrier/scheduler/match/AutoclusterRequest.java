package org.harrier.scheduler.match;

import java.util.Objects;
import org.harrier.classad.ClassAd;

/**
 * One autocluster offered to the negotiator (docs/protocols.md, GetRequests): {@code count} idle
 * jobs of {@code owner} alike for matching, {@code ad} one of them standing for all.
 */
public record AutoclusterRequest(long requestId, String owner, int count, ClassAd ad) {
    public AutoclusterRequest {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(ad, "ad");
        if (count < 1) {
            throw new IllegalArgumentException("a request stands for at least one idle job, got " + count);
        }
    }
}
