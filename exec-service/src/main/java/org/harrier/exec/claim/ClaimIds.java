package org.harrier.exec.claim;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Claim ids. A claim id is a capability: whoever holds it may run jobs on the slot, so it must
 * not be guessable from other ids or from the slot ad (HTCondor's claim ids carry a random
 * secret for the same reason). 128 random bits from SecureRandom, URL-safe base64.
 */
public final class ClaimIds {
    private ClaimIds() {
    }

    public static Supplier<String> secure() {
        return from(new SecureRandom());
    }

    /** Reproducible ids for tests that replay a sequence of claims (docs/architecture.md). */
    public static Supplier<String> seeded(long seed) {
        return from(new Random(seed));
    }

    private static Supplier<String> from(Random random) {
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
        return () -> {
            byte[] bytes = new byte[16];
            random.nextBytes(bytes);
            return encoder.encodeToString(bytes);
        };
    }
}
