package org.harrier.exec.claim;

import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;

/**
 * Everything the partitionable slot's published ad is made of: what it reads of the
 * {@link PartitionableSlot} (its name, the machine, START, what is left, how many dynamic slots
 * there are but not what they hold, its devices and consumption policy), the owner's
 * {@link SlotPolicy}, the machine as measured and the slot's {@link PartitionableStay}.
 * {@link #ad} reads nothing else, so equal inputs make equal ads: a job's end and the start of
 * the next on the same claim leave them the same ({@link #sameAs}), and the startd's publisher
 * keeps the ad it has (as {@link DynamicSlotAd} for a dynamic slot).
 */
public record PartitionableSlotAd(String name, Machine machine, Expr start, Resources remaining, int dynamicSlots,
        long enteredCurrentState, Devices devices, ConsumptionPolicy consumption, SlotPolicy policy,
        Measurements measured, PartitionableStay stay) {
    public PartitionableSlotAd {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(remaining, "remaining");
        Objects.requireNonNull(devices, "devices");
        Objects.requireNonNull(consumption, "consumption");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(stay, "stay");
        if (dynamicSlots < 0) {
            throw new IllegalArgumentException("a slot has no fewer than 0 dynamic slots, got " + dynamicSlots);
        }
    }

    /** {@code slot}, with the owner's {@code policy}, the machine as {@code measured}, in {@code stay}. */
    public static PartitionableSlotAd of(PartitionableSlot slot, SlotPolicy policy, Measurements measured,
            PartitionableStay stay) {
        return new PartitionableSlotAd(slot.name(), slot.machine(), slot.start(), slot.remaining(),
                slot.dynamicSlots().size(), slot.enteredCurrentState(), slot.devices(), slot.policy(), policy, measured,
                stay);
    }

    /**
     * True when every input is the very object {@code other} has (names, counts and times equal):
     * then the ads are equal, known without looking into the objects (see {@link DynamicSlotAd#sameAs}).
     */
    public boolean sameAs(PartitionableSlotAd other) {
        return other != null && name.equals(other.name) && machine == other.machine && start == other.start
                && remaining == other.remaining && dynamicSlots == other.dynamicSlots
                && enteredCurrentState == other.enteredCurrentState && devices == other.devices
                && consumption == other.consumption && policy == other.policy && measured == other.measured
                && stay == other.stay;
    }

    /** The ad as published ({@link SlotAds#partitionable(PartitionableSlot, SlotPolicy, Measurements, PartitionableStay)}). */
    public ClassAd ad() {
        return SlotAds.partitionable(this);
    }
}
