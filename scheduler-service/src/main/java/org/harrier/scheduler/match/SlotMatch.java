package org.harrier.scheduler.match;

import java.util.Objects;

/** The negotiator matched request {@code requestId} with {@code slot} (docs/protocols.md, Matched). */
public record SlotMatch(long requestId, SlotRef slot) {
    public SlotMatch {
        Objects.requireNonNull(slot, "slot");
    }
}
