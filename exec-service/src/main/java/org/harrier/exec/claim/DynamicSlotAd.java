package org.harrier.exec.claim;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;

/**
 * Everything a dynamic slot's published ad is made of: the slot, what the ad reads of its
 * partitionable slot (its name, the machine, START, the devices this slot holds, SlotWeight), the
 * owner's {@link SlotPolicy} and the machine as measured. {@link #ad} reads nothing else, so
 * equal inputs make equal ads: the startd's publisher makes a slot's ad again only when they
 * changed, as a job's start or end changes one dynamic slot of many, and comparing the inputs
 * (the same objects, mostly) costs next to nothing beside making an ad of fifty attributes.
 */
public record DynamicSlotAd(DynamicSlot slot, String parent, Machine machine, Expr start,
        Map<String, List<String>> assigned, Expr slotWeight, SlotPolicy policy, Measurements measured) {
    public DynamicSlotAd {
        Objects.requireNonNull(slot, "slot");
        Objects.requireNonNull(parent, "parent");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(assigned, "assigned");
        Objects.requireNonNull(slotWeight, "slotWeight");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(measured, "measured");
    }

    /** Dynamic slot {@code slot} of {@code parent}, with the owner's {@code policy} and the machine as {@code measured}. */
    public static DynamicSlotAd of(PartitionableSlot parent, DynamicSlot slot, SlotPolicy policy, Measurements measured) {
        return new DynamicSlotAd(slot, parent.name(), parent.machine(), parent.start(), parent.assigned(slot.name()),
                parent.policy().slotWeight(), policy, measured);
    }

    /** The ad as published ({@link SlotAds#dynamic(PartitionableSlot, DynamicSlot, SlotPolicy, Measurements)}). */
    public ClassAd ad() {
        return SlotAds.dynamic(this);
    }
}
