package org.harrier.scheduler.match;

import java.util.Objects;

/** A startd's answer to Claim: the claim's id and the (dynamic) slot carved for it. */
public record ClaimGrant(String claimId, SlotRef slot) {
    public ClaimGrant {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(slot, "slot");
        if (claimId.isEmpty()) {
            throw new IllegalArgumentException("a claim id is not empty");
        }
    }
}
