package org.harrier.collector;

import java.util.Objects;

/**
 * What one data indication did to the store. {@code previous} is the ad it replaced or deleted,
 * {@code current} the ad now held (null after a delete); {@code problem} says why an indication
 * was refused. The negotiator reads these to decide whether a cycle is worth starting.
 */
public record AdUpdate(Kind kind, StoredAd previous, StoredAd current, String problem) {
    public enum Kind {
        /** A new ad. */
        ADDED,
        /** A newer version of an ad already held. */
        REPLACED,
        /** A delete indication removed the ad. */
        DELETED,
        /** Not a readable ad (the problem names the attribute): dropped, the old version stays. */
        REJECTED,
        /** Not a class the collector keeps, or a delete of an ad it does not hold. */
        IGNORED
    }

    public AdUpdate {
        Objects.requireNonNull(kind, "kind");
    }

    static AdUpdate ignored(String why) {
        return new AdUpdate(Kind.IGNORED, null, null, why);
    }
}
