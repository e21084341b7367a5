package org.harrier.collector.negotiation;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;

/**
 * Cpus, Memory (MiB) and Disk (KiB): what a partitionable slot has left, or what a job asks a
 * dynamic slot to be carved with (RequestCpus, RequestMemory, RequestDisk).
 */
public record Resources(long cpus, long memory, long disk) {
    public static final Resources NONE = new Resources(0, 0, 0);

    /**
     * What a job asks for when it does not say: one core and nothing else, so a job without
     * RequestMemory or RequestDisk still takes a core of a partitionable slot.
     */
    public static final Resources UNSTATED_REQUEST = new Resources(1, 0, 0);

    public Resources {
        if (cpus < 0 || memory < 0 || disk < 0) {
            throw new IllegalArgumentException("resources cannot be negative: Cpus " + cpus + ", Memory " + memory + ", Disk " + disk);
        }
    }

    /** What a slot ad advertises (Cpus, Memory, Disk); an attribute that is not a non-negative integer counts 0. */
    public static Resources advertisedBy(ClassAd slot) {
        return new Resources(amount(slot.evaluate("Cpus")), amount(slot.evaluate("Memory")), amount(slot.evaluate("Disk")));
    }

    private static long amount(Value v) {
        return v instanceof IntegerValue i && i.value() > 0 ? i.value() : 0;
    }

    /**
     * What {@code job} asks of {@code slot}: RequestCpus, RequestMemory and RequestDisk evaluated
     * with the job as MY and the slot as TARGET (they may read the slot, as HTCondor's
     * {@code RequestMemory = TARGET.Memory / 2} does). A real is rounded up; an undefined request
     * takes {@link #UNSTATED_REQUEST}'s amount. Null if any is negative, an error, or not a number.
     */
    public static Resources requestedBy(ClassAd job, ClassAd slot, EvalContext context) {
        long cpus = request(job, slot, "RequestCpus", UNSTATED_REQUEST.cpus, context);
        long memory = request(job, slot, "RequestMemory", UNSTATED_REQUEST.memory, context);
        long disk = request(job, slot, "RequestDisk", UNSTATED_REQUEST.disk, context);
        return cpus < 0 || memory < 0 || disk < 0 ? null : new Resources(cpus, memory, disk);
    }

    private static long request(ClassAd job, ClassAd slot, String attribute, long unstated, EvalContext context) {
        Value v = context.evaluateAttribute(attribute, job, slot);
        if (v instanceof UndefinedValue) {
            return unstated;
        }
        if (v instanceof IntegerValue i) {
            return i.value() >= 0 ? i.value() : -1;
        }
        if (v instanceof RealValue r && r.value() >= 0 && r.value() < Long.MAX_VALUE) {
            return (long) Math.ceil(r.value());
        }
        return -1;
    }

    public boolean covers(Resources demand) {
        return cpus >= demand.cpus && memory >= demand.memory && disk >= demand.disk;
    }

    /** What is left after carving {@code demand}; IllegalArgumentException if it does not fit. */
    public Resources minus(Resources demand) {
        if (!covers(demand)) {
            throw new IllegalArgumentException(demand + " does not fit in " + this);
        }
        return new Resources(cpus - demand.cpus, memory - demand.memory, disk - demand.disk);
    }

    public Resources plus(Resources other) {
        return new Resources(cpus + other.cpus, memory + other.memory, disk + other.disk);
    }

    /** {@code slot} as a dynamic slot carved from what is left would advertise: Cpus, Memory, Disk replaced. */
    public ClassAd appliedTo(ClassAd slot) {
        return slot.toBuilder().set("Cpus", cpus).set("Memory", memory).set("Disk", disk).build();
    }
}
