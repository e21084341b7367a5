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
 * changed ({@link #sameAs}), as a job's start or end changes one dynamic slot of many, and
 * comparing the inputs costs next to nothing beside making an ad of fifty attributes.
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

    /**
     * True when every input is the very object {@code other} has (the parent's name an equal
     * string): then the ads are equal, known without looking into the objects. The generated
     * {@link #equals} compares the records inside through method handles, which the launcher's
     * C1-only JIT does not inline (6% of the startd thread's samples in GridBenchmark); the owner
     * thread's transitions make a new object only for a change, so an unchanged input is the
     * very same object. Same implies equal, never the other way round: at worst an equal ad is
     * made again, and {@code SlotObject} finds it no change.
     */
    public boolean sameAs(DynamicSlotAd other) {
        return other != null && slot == other.slot && parent.equals(other.parent) && machine == other.machine
                && start == other.start && assigned == other.assigned && slotWeight == other.slotWeight
                && policy == other.policy && measured == other.measured;
    }

    /** The ad as published ({@link SlotAds#dynamic(PartitionableSlot, DynamicSlot, SlotPolicy, Measurements)}). */
    public ClassAd ad() {
        return SlotAds.dynamic(this);
    }
}
