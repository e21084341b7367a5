package org.harrier.mgmt;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;

/**
 * An amount of the three resources a partitionable slot is carved by, in HTCondor's units:
 * whole cores, memory in MiB, disk in KiB (the units of a machine ad's {@code Cpus},
 * {@code Memory} and {@code Disk}); and the rule for reading what a job requests, shared by the
 * negotiator and the startd (docs/protocols.md). Never negative.
 */
public record Resources(long cpus, long memoryMiB, long diskKiB) {
    public static final Resources NONE = new Resources(0, 0, 0);

    public Resources {
        if (cpus < 0 || memoryMiB < 0 || diskKiB < 0) {
            throw new IllegalArgumentException("resources must not be negative: " + describe(cpus, memoryMiB, diskKiB));
        }
    }

    public Resources plus(Resources other) {
        return new Resources(Math.addExact(cpus, other.cpus), Math.addExact(memoryMiB, other.memoryMiB),
                Math.addExact(diskKiB, other.diskKiB));
    }

    /** This minus {@code other}; IllegalArgumentException if {@code other} does not fit. */
    public Resources minus(Resources other) {
        if (!covers(other)) {
            throw new IllegalArgumentException(other + " does not fit in " + this);
        }
        return new Resources(cpus - other.cpus, memoryMiB - other.memoryMiB, diskKiB - other.diskKiB);
    }

    /** True if every resource here is at least as large as in {@code request}. */
    public boolean covers(Resources request) {
        return cpus >= request.cpus && memoryMiB >= request.memoryMiB && diskKiB >= request.diskKiB;
    }

    /**
     * Why {@code request} does not fit in this, naming each short resource ("needs 4 Cpus, 2
     * left"); empty if it fits.
     */
    public String shortfall(Resources request) {
        StringBuilder why = new StringBuilder();
        shortOf(why, "Cpus", request.cpus, cpus);
        shortOf(why, "Memory (MiB)", request.memoryMiB, memoryMiB);
        shortOf(why, "Disk (KiB)", request.diskKiB, diskKiB);
        return why.toString();
    }

    private static void shortOf(StringBuilder why, String what, long wanted, long left) {
        if (wanted > left) {
            if (why.length() > 0) {
                why.append(", ");
            }
            why.append("needs ").append(wanted).append(' ').append(what).append(", ").append(left).append(" left");
        }
    }

    @Override
    public String toString() {
        return describe(cpus, memoryMiB, diskKiB);
    }

    private static String describe(long cpus, long memoryMiB, long diskKiB) {
        return cpus + " cpus, " + memoryMiB + " MiB memory, " + diskKiB + " KiB disk";
    }

    /** RequestCpus when the job does not say (condor_submit's default). */
    public static final long DEFAULT_CPUS = 1;
    /** RequestMemory when the job does not say: HTCondor's JOB_DEFAULT_REQUESTMEMORY, MiB. */
    public static final long DEFAULT_MEMORY_MIB = 128;
    /** RequestDisk when the job says neither it nor DiskUsage, KiB. */
    public static final long DEFAULT_DISK_KIB = 1024;

    /** What a slot ad advertises (Cpus, Memory, Disk); an attribute that is not a positive integer counts 0. */
    public static Resources advertisedBy(ClassAd slot) {
        return new Resources(count(slot.evaluate("Cpus")), count(slot.evaluate("Memory")), count(slot.evaluate("Disk")));
    }

    private static long count(Value v) {
        return v instanceof IntegerValue i && i.value() > 0 ? i.value() : 0;
    }

    /**
     * What {@code job} asks of {@code slot}, the one rule both the negotiator (planning) and the
     * startd (carving) apply, so a planned match is one the startd grants. HTCondor spreads it
     * over condor_submit and the startd; written down here:
     * <ul>
     *   <li>RequestCpus, RequestMemory and RequestDisk are evaluated with the job as MY and the
     *       slot as TARGET (so {@code RequestMemory = TARGET.Memory / 2} works);
     *   <li>undefined RequestCpus is {@link #DEFAULT_CPUS}; undefined RequestMemory is
     *       {@link #DEFAULT_MEMORY_MIB} (a job with condor_submit's MemoryUsage/ImageSize
     *       expression gets what it evaluates to); undefined RequestDisk is the job's DiskUsage,
     *       else {@link #DEFAULT_DISK_KIB};
     *   <li>a real is rounded up (never carve less than asked); below 1 becomes 1, since a slot
     *       with none of a resource fails WithinResourceLimits' {@code MY.X > 0};
     *   <li>anything else (negative, a string, a boolean, error) is not a request: an
     *       IllegalArgumentException names the attribute and what it evaluated to.
     * </ul>
     */
    public static Resources requestedBy(ClassAd job, ClassAd slot, EvalContext context) {
        return new Resources(amount(job, slot, context, "RequestCpus", null, DEFAULT_CPUS),
                amount(job, slot, context, "RequestMemory", null, DEFAULT_MEMORY_MIB),
                amount(job, slot, context, "RequestDisk", "DiskUsage", DEFAULT_DISK_KIB));
    }

    private static long amount(ClassAd job, ClassAd slot, EvalContext context, String name, String fallbackName,
            long fallback) {
        Value v = context.evaluateAttribute(name, job, slot);
        String used = name;
        if (v instanceof UndefinedValue && fallbackName != null) {
            v = context.evaluateAttribute(fallbackName, job, slot);
            used = fallbackName;
        }
        if (v instanceof UndefinedValue) {
            return fallback;
        }
        double d;
        if (v instanceof IntegerValue i) {
            d = i.value();
        } else if (v instanceof RealValue r && !Double.isNaN(r.value())) {
            d = Math.ceil(r.value());
        } else {
            throw new IllegalArgumentException(used + " must be a number, but it evaluates to " + v.typeName() + " " + v.unparse());
        }
        if (d < 0) {
            throw new IllegalArgumentException(used + " must not be negative, got " + v.unparse());
        }
        return d < 1 ? 1 : d >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) d;
    }

    /** {@code slot} as a dynamic slot carved with these resources would advertise: Cpus, Memory, Disk replaced. */
    public ClassAd appliedTo(ClassAd slot) {
        return slot.toBuilder().set("Cpus", cpus).set("Memory", memoryMiB).set("Disk", diskKiB).build();
    }
}
