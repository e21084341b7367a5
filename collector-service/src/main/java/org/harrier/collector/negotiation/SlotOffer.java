package org.harrier.collector.negotiation;

import org.harrier.mgmt.Resources;

import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;
import org.harrier.mgmt.AgentName;
import org.harrier.mgmt.ObjectId;

/**
 * A slot ad as the negotiator sees it: the object (its name goes into {@code Matched} as
 * {@code Slot}), the startd agent to claim it from, and the ad.
 */
public record SlotOffer(ObjectId id, AgentName startd, ClassAd ad) {
    public SlotOffer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(startd, "startd");
        Objects.requireNonNull(ad, "ad");
    }

    /** SlotType == "Partitionable": carves a dynamic slot per claim instead of being claimed whole. */
    public boolean partitionable() {
        return "Partitionable".equalsIgnoreCase(text("SlotType"));
    }

    public String state() {
        return text("State");
    }

    /**
     * Whether the negotiator offers this slot at all: an Unclaimed slot, or a partitionable slot
     * with a core left (it stays open for more claims while it has resources, whatever State its
     * claims give it) unless its owner has it (State Owner: START is false, so HTCondor does not
     * offer it, and the exec-service advertises exactly that).
     */
    public boolean available() {
        if (partitionable()) {
            return Resources.advertisedBy(ad).cpus() > 0 && !"Owner".equalsIgnoreCase(state());
        }
        return "Unclaimed".equalsIgnoreCase(state());
    }

    private String text(String attribute) {
        Value v = ad.evaluate(attribute);
        return v instanceof StringValue s ? s.value() : null;
    }
}
