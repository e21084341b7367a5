package org.harrier.collector;

import java.time.Instant;
import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/**
 * One ad as the collector holds it: the object's values read as a ClassAd, who published it,
 * when it arrived and when it expires. {@code revision} numbers the versions the store has held
 * (increasing across all keys, from 1), so the negotiator can tell whether an ad changed since
 * it matched it.
 */
public record StoredAd(AdType type, AdKey key, ClassAd ad, Instant received, Instant expires, long revision) {
    public StoredAd {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(ad, "ad");
        Objects.requireNonNull(received, "received");
        Objects.requireNonNull(expires, "expires");
        if (revision < 1) {
            throw new IllegalArgumentException("revision counts from 1, got " + revision);
        }
    }

    public ObjectId id() {
        return key.id();
    }

    /** The agent that published the ad: for a scheduler or submitter ad, where to call GetRequests. */
    public AgentName agent() {
        return key.agent();
    }

    public boolean expiredAt(Instant now) {
        return !now.isBefore(expires);
    }

    /** The attribute's value if it is an integer, else 0 (absent, an expression, another type). */
    public long count(String attribute) {
        Value v = ad.evaluate(attribute);
        return v instanceof IntegerValue i ? i.value() : 0;
    }

    /** The attribute's value if it is a string, else null. */
    public String text(String attribute) {
        Value v = ad.evaluate(attribute);
        return v instanceof StringValue s ? s.value() : null;
    }
}
