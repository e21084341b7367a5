package org.harrier.scheduler.match;

import java.util.Objects;

/**
 * The negotiator matched request {@code requestId} with {@code slot} (docs/protocols.md,
 * Matched); {@code preempt}: the slot is claimed by another job, which the claim evicts.
 */
public record SlotMatch(long requestId, SlotRef slot, boolean preempt) {
    public SlotMatch {
        Objects.requireNonNull(slot, "slot");
    }

    /** A match with a slot that is free. */
    public SlotMatch(long requestId, SlotRef slot) {
        this(requestId, slot, false);
    }
}
