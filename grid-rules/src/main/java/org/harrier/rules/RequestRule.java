package org.harrier.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;

/**
 * {@link Resources#requestedBy}'s rule, written out (see there), and the reading of a slot's
 * {@code MachineResources}. Pure; the only state is a cache of parsed MachineResources lists,
 * which are few distinct strings in a pool but read once per candidate slot per job.
 */
final class RequestRule {
    private static final int CACHE_LIMIT = 4096;
    private static final Map<String, List<String>> PARSED = new ConcurrentHashMap<>();

    private RequestRule() {
    }

    static Resources requested(ClassAd job, ClassAd slot, EvalContext context) {
        List<String> names = customNames(slot);
        ClassAd target = hasConsumptionPolicy(slot, names) ? withDefaultRequests(job, slot, context, names) : job;
        long cpus = fixed(target, slot, context, "Cpus", null, Resources.DEFAULT_CPUS);
        long memory = fixed(target, slot, context, "Memory", null, Resources.DEFAULT_MEMORY_MIB);
        long disk = fixed(target, slot, context, "Disk", "DiskUsage", Resources.DEFAULT_DISK_KIB);
        if (names.isEmpty()) {
            return new Resources(cpus, memory, disk);
        }
        Map<String, Long> custom = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (String name : names) {
            Long consumed = consumption(target, slot, context, name);
            custom.put(name, consumed != null ? consumed : requestOf(target, slot, context, name));
        }
        return new Resources(cpus, memory, disk, custom);
    }

    private static boolean hasConsumptionPolicy(ClassAd slot, List<String> names) {
        if (slot.lookup("ConsumptionCpus") != null || slot.lookup("ConsumptionMemory") != null
                || slot.lookup("ConsumptionDisk") != null) {
            return true;
        }
        for (String name : names) {
            if (slot.lookup("Consumption" + name) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * The job as a consumption policy sees it: a request it leaves undefined is filled in with
     * what the request rule gives (RequestCpus 1, RequestMemory 128, RequestDisk its DiskUsage or
     * 1024, a custom request 0), as condor_submit would have written it, so HTCondor's default
     * policies ({@code quantize(target.RequestMemory, {128})}) have a number to work on.
     */
    private static ClassAd withDefaultRequests(ClassAd job, ClassAd slot, EvalContext context, List<String> names) {
        ClassAd.Builder b = null;
        for (String fixed : List.of("Cpus", "Memory", "Disk")) {
            if (job.lookup("Request" + fixed) == null) {
                b = b == null ? job.toBuilder() : b;
                b.set("Request" + fixed, switch (fixed) {
                    case "Cpus" -> Resources.DEFAULT_CPUS;
                    case "Memory" -> Resources.DEFAULT_MEMORY_MIB;
                    default -> requestedDisk(job, slot, context);
                });
            }
        }
        for (String name : names) {
            if (job.lookup("Request" + name) == null) {
                b = b == null ? job.toBuilder() : b;
                b.set("Request" + name, 0L);
            }
        }
        return b == null ? job : b.build();
    }

    private static long requestedDisk(ClassAd job, ClassAd slot, EvalContext context) {
        Value v = context.evaluateAttribute("DiskUsage", job, slot);
        return v instanceof UndefinedValue ? Resources.DEFAULT_DISK_KIB : Math.max(1, amount("DiskUsage", v));
    }

    private static long fixed(ClassAd job, ClassAd slot, EvalContext context, String name, String fallbackName,
            long fallback) {
        Long consumed = consumption(job, slot, context, name);
        if (consumed != null) {
            return consumed;
        }
        String attribute = "Request" + name;
        Value v = context.evaluateAttribute(attribute, job, slot);
        String used = attribute;
        if (v instanceof UndefinedValue && fallbackName != null) {
            v = context.evaluateAttribute(fallbackName, job, slot);
            used = fallbackName;
        }
        if (v instanceof UndefinedValue) {
            return fallback;
        }
        return Math.max(1, amount(used, v));
    }

    private static long requestOf(ClassAd job, ClassAd slot, EvalContext context, String name) {
        String attribute = "Request" + name;
        Value v = context.evaluateAttribute(attribute, job, slot);
        return v instanceof UndefinedValue ? 0 : amount(attribute, v);
    }

    /** The slot's Consumption&lt;name&gt; with the job as TARGET; null when it has none or it is undefined. */
    private static Long consumption(ClassAd job, ClassAd slot, EvalContext context, String name) {
        String attribute = "Consumption" + name;
        if (slot.lookup(attribute) == null) {
            return null;
        }
        Value v = context.evaluateAttribute(attribute, slot, job);
        return v instanceof UndefinedValue ? null : amount(attribute, v);
    }

    /** A usable amount: a non-negative number, reals rounded up. */
    private static long amount(String attribute, Value v) {
        double d;
        if (v instanceof IntegerValue i) {
            d = i.value();
        } else if (v instanceof RealValue r && !Double.isNaN(r.value())) {
            d = Math.ceil(r.value());
        } else {
            throw new IllegalArgumentException(attribute + " must be a number, but it evaluates to " + v.typeName() + " "
                    + v.unparse());
        }
        if (d < 0) {
            throw new IllegalArgumentException(attribute + " must not be negative, got " + v.unparse());
        }
        return d >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) d;
    }

    /**
     * The custom resources in the slot's MachineResources ("Cpus Memory Disk GPUs", names
     * separated by white space or commas), without Cpus, Memory and Disk, which every slot has,
     * and without names that are not resource names.
     */
    static List<String> customNames(ClassAd slot) {
        if (slot.lookup(Resources.MACHINE_RESOURCES) == null) {
            return List.of();
        }
        Value v = slot.evaluate(Resources.MACHINE_RESOURCES);
        if (!(v instanceof StringValue s)) {
            return List.of();
        }
        List<String> names = PARSED.get(s.value());
        if (names == null) {
            names = parse(s.value());
            if (PARSED.size() >= CACHE_LIMIT) {
                PARSED.clear();
            }
            PARSED.put(s.value(), names);
        }
        return names;
    }

    private static List<String> parse(String list) {
        List<String> out = new ArrayList<>();
        for (String name : list.split("[\\s,]+")) {
            if (name.isEmpty() || Resources.isFixed(name) || out.stream().anyMatch(name::equalsIgnoreCase)) {
                continue;
            }
            try {
                Resources.checkCustomName(name);
                out.add(name);
            } catch (IllegalArgumentException notAName) {
                // a foreign ad's odd entry is not a resource; skip it rather than refuse the slot
            }
        }
        return Collections.unmodifiableList(out);
    }
}
