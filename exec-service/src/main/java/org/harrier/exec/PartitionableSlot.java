package org.harrier.exec;

import org.harrier.mgmt.Resources;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.Expr;
import org.harrier.classad.Value;

/**
 * The machine's one partitionable slot ({@code slot1@name}) as an immutable value: its totals,
 * what is left, and the dynamic slots carved from it. Invariant: remaining plus the resources
 * of every dynamic slot equals the machine's total; {@link #carve} and {@link #release} keep it
 * and refuse (IllegalArgumentException) anything that would break it.
 */
public record PartitionableSlot(String name, Machine machine, Expr start, Resources remaining,
        Map<String, DynamicSlot> dynamicSlots, int nextNumber, long enteredCurrentState) {

    public PartitionableSlot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(remaining, "remaining");
        dynamicSlots = Collections.unmodifiableMap(new TreeMap<>(dynamicSlots));
        Resources used = Resources.NONE;
        for (DynamicSlot d : dynamicSlots.values()) {
            used = used.plus(d.resources());
        }
        if (!used.plus(remaining).equals(machine.total())) {
            throw new IllegalArgumentException("slot " + name + " would account for " + used.plus(remaining)
                    + " but the machine has " + machine.total());
        }
    }

    /** A fresh slot {@code slot1@<name>} holding all of the machine. */
    public static PartitionableSlot of(String name, Machine machine, Expr start, long now) {
        return new PartitionableSlot("slot1@" + name, machine, start, machine.total(), Map.of(), 1, now);
    }

    /** The {@code <name>} part of {@code slot1@<name>}. */
    public String host() {
        return name.substring(name.indexOf('@') + 1);
    }

    /**
     * Owner when START is plainly false (it cannot become true for any job), Unclaimed
     * otherwise: HTCondor's startd evaluates START without a job to decide the Owner state.
     */
    public String state() {
        Value v = start.evaluate();
        return v instanceof BooleanValue b && !b.value() ? "Owner" : "Unclaimed";
    }

    public record Carved(PartitionableSlot slot, DynamicSlot dynamicSlot) {
    }

    /** Takes {@code resources} for a new dynamic slot {@code slot1_N@name}. */
    public Carved carve(Resources resources, String scheduler, String remoteOwner, long now) {
        int number = nextNumber;
        DynamicSlot d = new DynamicSlot("slot1_" + number + "@" + host(), number, resources, scheduler, remoteOwner, null, now);
        Map<String, DynamicSlot> next = new TreeMap<>(dynamicSlots);
        next.put(d.name(), d);
        return new Carved(new PartitionableSlot(name, machine, start, remaining.minus(resources), next, number + 1,
                enteredCurrentState), d);
    }

    /** Gives dynamic slot {@code dynamicName}'s resources back. */
    public PartitionableSlot release(String dynamicName) {
        DynamicSlot d = dynamicSlots.get(dynamicName);
        if (d == null) {
            throw new IllegalArgumentException("no dynamic slot " + dynamicName + " in " + name);
        }
        Map<String, DynamicSlot> next = new TreeMap<>(dynamicSlots);
        next.remove(dynamicName);
        return new PartitionableSlot(name, machine, start, remaining.plus(d.resources()), next, nextNumber,
                enteredCurrentState);
    }

    /** Replaces a dynamic slot by a new version of itself (same name and resources). */
    public PartitionableSlot with(DynamicSlot updated) {
        DynamicSlot old = dynamicSlots.get(updated.name());
        if (old == null || !old.resources().equals(updated.resources())) {
            throw new IllegalArgumentException("no dynamic slot " + updated.name() + " with " + updated.resources());
        }
        Map<String, DynamicSlot> next = new TreeMap<>(dynamicSlots);
        next.put(updated.name(), updated);
        return new PartitionableSlot(name, machine, start, remaining, next, nextNumber, enteredCurrentState);
    }
}
