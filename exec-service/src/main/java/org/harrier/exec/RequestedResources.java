package org.harrier.exec;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;

/**
 * What a job asks for, read from its request attributes the way a startd reads them: each
 * evaluated in the job ad with the slot as TARGET (so {@code RequestMemory = TARGET.Memory / 2}
 * works). Decisions, written down because HTCondor spreads them over condor_submit and the
 * startd:
 * <ul>
 *   <li>RequestCpus undefined: 1 (condor_submit's default).
 *   <li>RequestMemory undefined: 128 MiB (HTCondor's JOB_DEFAULT_REQUESTMEMORY). A job that
 *       carries condor_submit's expression (MemoryUsage, else (ImageSize+1023)/1024) gets what
 *       it evaluates to.
 *   <li>RequestDisk undefined: the job's DiskUsage (KiB; condor_submit writes RequestDisk =
 *       DiskUsage), else 1 MiB (1024 KiB).
 *   <li>A real is rounded up (never carve less than asked); a value below 1 becomes 1, because
 *       a slot with nothing of a resource would fail WithinResourceLimits' {@code MY.X > 0}.
 *   <li>Anything else (negative, a string, a boolean, error) is not a request: the claim is
 *       refused naming the attribute and what it evaluated to.
 * </ul>
 */
public final class RequestedResources {
    public static final long DEFAULT_CPUS = 1;
    public static final long DEFAULT_MEMORY_MIB = 128;
    public static final long DEFAULT_DISK_KIB = 1024;

    private RequestedResources() {
    }

    /** The resources {@code request} asks of {@code slotAd}; IllegalArgumentException names a bad attribute. */
    public static Resources of(ClassAd request, ClassAd slotAd, EvalContext context) {
        long cpus = amount(request, slotAd, context, "RequestCpus", null, DEFAULT_CPUS);
        long memory = amount(request, slotAd, context, "RequestMemory", null, DEFAULT_MEMORY_MIB);
        long disk = amount(request, slotAd, context, "RequestDisk", "DiskUsage", DEFAULT_DISK_KIB);
        return new Resources(cpus, memory, disk);
    }

    private static long amount(ClassAd request, ClassAd slotAd, EvalContext context, String name, String fallbackName,
            long fallback) {
        Value v = context.evaluateAttribute(name, request, slotAd);
        String used = name;
        if (v instanceof UndefinedValue && fallbackName != null) {
            v = context.evaluateAttribute(fallbackName, request, slotAd);
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
}
