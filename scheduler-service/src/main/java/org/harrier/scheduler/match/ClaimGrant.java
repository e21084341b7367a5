package org.harrier.scheduler.match;

import java.util.Objects;

/**
 * A startd's answer to Claim: the claim's id, the slot object later calls on the claim go to,
 * and the name of the (dynamic) slot carved for it, which is where the job runs (RemoteHost).
 */
public record ClaimGrant(String claimId, SlotRef slot, String slotName) {
    public ClaimGrant {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(slot, "slot");
        Objects.requireNonNull(slotName, "slotName");
        if (claimId.isEmpty()) {
            throw new IllegalArgumentException("a claim id is not empty");
        }
    }

    /** A grant whose calls go to the carved slot itself. */
    public ClaimGrant(String claimId, SlotRef slot) {
        this(claimId, slot, slot.slot().key());
    }
}
