package org.harrier.scheduler.match;

import java.util.Objects;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/** A slot object and the startd agent hosting it: where Claim, Activate, Deactivate and Release go. */
public record SlotRef(AgentName agent, ObjectId slot) {
    public SlotRef {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(slot, "slot");
    }

    @Override
    public String toString() {
        return slot.key() + " on " + agent;
    }
}
