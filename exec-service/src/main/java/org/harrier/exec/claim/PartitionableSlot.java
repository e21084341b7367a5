package org.harrier.exec.claim;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.Expr;
import org.harrier.classad.Value;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;

/**
 * The machine's one partitionable slot ({@code slot1@name}) as an immutable value: its totals,
 * what is left, the dynamic slots carved from it, which named devices each holds, and how it is
 * consumed ({@link ConsumptionPolicy}). Invariant: remaining plus the resources of every dynamic slot
 * equals the machine's total, and every named device is free or held by exactly one dynamic
 * slot (as many as its resources count); {@link #carve}, {@link #release} and {@link #resized}
 * keep it and refuse (IllegalArgumentException) anything that would break it.
 */
public record PartitionableSlot(String name, Machine machine, Expr start, Resources remaining,
        Map<String, DynamicSlot> dynamicSlots, int nextNumber, long enteredCurrentState, Devices devices,
        ConsumptionPolicy policy) {

    public PartitionableSlot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(remaining, "remaining");
        Objects.requireNonNull(devices, "devices");
        Objects.requireNonNull(policy, "policy");
        dynamicSlots = Collections.unmodifiableMap(new TreeMap<>(dynamicSlots));
        Resources used = Resources.NONE;
        for (DynamicSlot d : dynamicSlots.values()) {
            used = used.plus(d.resources());
        }
        if (!used.plus(remaining).equals(machine.total())) {
            throw new IllegalArgumentException("slot " + name + " would account for " + used.plus(remaining)
                    + " but the machine has " + machine.total());
        }
        if (!devices.all().equals(machine.devices())) {
            throw new IllegalArgumentException("slot " + name + " tracks devices " + devices.all()
                    + " but the machine has " + machine.devices());
        }
        for (String resource : devices.all().keySet()) {
            if (devices.free(resource).size() != remaining.amount(resource)) {
                throw new IllegalArgumentException("slot " + name + " has " + remaining.amount(resource) + " "
                        + resource + " left but " + devices.free(resource) + " free");
            }
            for (DynamicSlot d : dynamicSlots.values()) {
                if (devices.heldBy(d.name()).getOrDefault(resource, List.of()).size() != d.resources().amount(resource)) {
                    throw new IllegalArgumentException(d.name() + " holds " + d.resources().amount(resource) + " "
                            + resource + " but devices " + devices.heldBy(d.name()));
                }
            }
        }
        for (String holder : devices.held().keySet()) {
            if (!dynamicSlots.containsKey(holder)) {
                throw new IllegalArgumentException("devices held by " + holder + ", which is not a dynamic slot of " + name);
            }
        }
    }

    /** A fresh slot {@code slot1@<name>} holding all of the machine, HTCondor's default policy. */
    public static PartitionableSlot of(String name, Machine machine, Expr start, long now) {
        return of(name, machine, start, ConsumptionPolicy.DEFAULT, now);
    }

    public static PartitionableSlot of(String name, Machine machine, Expr start, ConsumptionPolicy policy, long now) {
        return new PartitionableSlot("slot1@" + name, machine, start, machine.total(), Map.of(), 1, now,
                Devices.of(machine.devices()), policy);
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
        return stateWhen(start);
    }

    static String stateWhen(Expr start) {
        Value v = start.evaluate();
        return v instanceof BooleanValue b && !b.value() ? "Owner" : "Unclaimed";
    }

    /** The device ids dynamic slot {@code dynamicName} holds, per resource (HTCondor's Assigned&lt;Name&gt;). */
    public Map<String, List<String>> assigned(String dynamicName) {
        return devices.heldBy(dynamicName);
    }

    public record Carved(PartitionableSlot slot, DynamicSlot dynamicSlot) {
    }

    /** Takes {@code resources} for a new dynamic slot {@code slot1_N@name}, with the first free devices. */
    public Carved carve(Resources resources, String scheduler, String remoteOwner, long now) {
        int number = nextNumber;
        DynamicSlot d = new DynamicSlot("slot1_" + number + "@" + host(), number, resources, scheduler, remoteOwner, null, now);
        Map<String, DynamicSlot> next = new TreeMap<>(dynamicSlots);
        next.put(d.name(), d);
        return new Carved(new PartitionableSlot(name, machine, start, remaining.minus(resources), next, number + 1,
                enteredCurrentState, devices.assign(d.name(), resources), policy), d);
    }

    /** Gives dynamic slot {@code dynamicName}'s resources and devices back. */
    public PartitionableSlot release(String dynamicName) {
        DynamicSlot d = dynamicSlots.get(dynamicName);
        if (d == null) {
            throw new IllegalArgumentException("no dynamic slot " + dynamicName + " in " + name);
        }
        Map<String, DynamicSlot> next = new TreeMap<>(dynamicSlots);
        next.remove(dynamicName);
        return new PartitionableSlot(name, machine, start, remaining.plus(d.resources()), next, nextNumber,
                enteredCurrentState, devices.release(dynamicName), policy);
    }

    /** Replaces a dynamic slot by a new version of itself (same name and resources). */
    public PartitionableSlot with(DynamicSlot updated) {
        DynamicSlot old = dynamicSlots.get(updated.name());
        if (old == null || !old.resources().equals(updated.resources())) {
            throw new IllegalArgumentException("no dynamic slot " + updated.name() + " with " + updated.resources());
        }
        Map<String, DynamicSlot> next = new TreeMap<>(dynamicSlots);
        next.put(updated.name(), updated);
        return new PartitionableSlot(name, machine, start, remaining, next, nextNumber, enteredCurrentState, devices,
                policy);
    }

    /**
     * The slot after the machine was re-detected as {@code detected} (free disk, memory, a
     * resource re-read): totals follow it but never drop below what the dynamic slots hold, and
     * a device a dynamic slot holds stays until it is given back; memory and disk changes under
     * 1% are ignored ({@link #steady}). Returns this if nothing changed.
     */
    public PartitionableSlot resized(Machine detected) {
        Resources used = machine.total().minus(remaining);
        Devices nextDevices = devices.redetected(detected.devices());
        Resources total = new Resources(Math.max(detected.total().cpus(), used.cpus()),
                Math.max(steady(machine.total().memoryMiB(), detected.total().memoryMiB()), used.memoryMiB()),
                Math.max(steady(machine.total().diskKiB(), detected.total().diskKiB()), used.diskKiB()));
        Map<String, Long> names = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        machine.total().custom().forEach(names::put);
        detected.total().custom().forEach(names::put);
        for (String resource : names.keySet()) {
            long amount = Math.max(detected.total().amount(resource), used.amount(resource));
            if (nextDevices.all().containsKey(resource)) {
                amount = nextDevices.all().get(resource).size();
            }
            total = total.with(resource, amount);
        }
        Machine next = detected.with(total, nextDevices.all());
        if (next.equals(machine)) {
            return this;
        }
        return new PartitionableSlot(name, next, start, total.minus(used), dynamicSlots, nextNumber,
                enteredCurrentState, nextDevices, policy);
    }

    /**
     * Free disk (and memory) move a little all the time; a change under 1% keeps the old figure,
     * so the ad is not re-published, nor a negotiation cycle started, for every log line written.
     */
    static long steady(long was, long now) {
        return Math.abs(now - was) * 100 < was ? was : now;
    }
}
