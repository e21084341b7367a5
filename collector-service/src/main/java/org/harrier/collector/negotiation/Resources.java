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

    /** RequestCpus when the job does not say (condor_submit's default). */
    public static final long DEFAULT_CPUS = 1;
    /** RequestMemory when the job does not say: HTCondor's JOB_DEFAULT_REQUESTMEMORY. */
    public static final long DEFAULT_MEMORY_MIB = 128;
    /** RequestDisk when the job says neither it nor DiskUsage. */
    public static final long DEFAULT_DISK_KIB = 1024;

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
     * What {@code job} asks of {@code slot}, read exactly as the startd reads it when it carves
     * the claim (exec-service's RequestedResources), so a match planned here is one the startd
     * grants: RequestCpus, RequestMemory and RequestDisk evaluated with the job as MY and the slot
     * as TARGET; undefined means {@link #DEFAULT_CPUS}, {@link #DEFAULT_MEMORY_MIB}, and DiskUsage
     * or else {@link #DEFAULT_DISK_KIB}; a real is rounded up and anything below 1 asks for 1.
     * Null if any is negative, an error or not a number.
     */
    public static Resources requestedBy(ClassAd job, ClassAd slot, EvalContext context) {
        long cpus = request(job, slot, context, "RequestCpus", null, DEFAULT_CPUS);
        long memory = request(job, slot, context, "RequestMemory", null, DEFAULT_MEMORY_MIB);
        long disk = request(job, slot, context, "RequestDisk", "DiskUsage", DEFAULT_DISK_KIB);
        return cpus < 0 || memory < 0 || disk < 0 ? null : new Resources(cpus, memory, disk);
    }

    /** The amount asked, or -1 if the attribute is not a request. */
    private static long request(ClassAd job, ClassAd slot, EvalContext context, String attribute, String fallback,
            long unstated) {
        Value v = context.evaluateAttribute(attribute, job, slot);
        if (v instanceof UndefinedValue && fallback != null) {
            v = context.evaluateAttribute(fallback, job, slot);
        }
        if (v instanceof UndefinedValue) {
            return unstated;
        }
        double d;
        if (v instanceof IntegerValue i) {
            d = i.value();
        } else if (v instanceof RealValue r && !Double.isNaN(r.value())) {
            d = Math.ceil(r.value());
        } else {
            return -1;
        }
        if (d < 0) {
            return -1;
        }
        return d < 1 ? 1 : d >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) d;
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
