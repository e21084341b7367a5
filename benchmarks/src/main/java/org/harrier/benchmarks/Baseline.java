package org.harrier.benchmarks;

import java.util.HashMap;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;

/**
 * What the ClassAd interpreter competes with: the same work written by hand in Java. Every
 * benchmark is reported as a ratio to this baseline, measured in the same run, because these
 * machines are noisy and only the ratio travels between them.
 *
 * <p>Ads are {@code HashMap<String, Object>} holding the literal attributes (Long, Double,
 * String); the expressions of the workload ads (Requirements, START, WithinResourceLimits,
 * RequestMemory, ...) are Java methods below. Like ClassAd {@code ==}, string comparison
 * ignores case; like ClassAd, a missing number makes a comparison fail.
 */
final class Baseline {
    private Baseline() {
    }

    /** The literal attributes of {@code ad}; expressions are left out (they are the methods here). */
    static Map<String, Object> literals(ClassAd ad) {
        Map<String, Object> map = new HashMap<>();
        ad.forEach((name, expr) -> {
            Object value = literal(expr);
            if (value != null) {
                map.put(name, value);
            }
        });
        return map;
    }

    private static Object literal(Expr e) {
        if (e instanceof IntegerValue i) {
            return i.value();
        }
        if (e instanceof RealValue r) {
            return r.value();
        }
        if (e instanceof StringValue s) {
            return s.value();
        }
        return null;
    }

    static boolean symmetricMatch(Map<String, Object> job, Map<String, Object> machine) {
        return jobRequirements(job, machine) && machineRequirements(machine, job);
    }

    /**
     * {@code (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Disk >= RequestDisk)
     * && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
     * && (TARGET.FileSystemDomain == MY.FileSystemDomain)}
     */
    static boolean jobRequirements(Map<String, Object> job, Map<String, Object> machine) {
        return sameText(machine.get("Arch"), "X86_64")
                && sameText(machine.get("OpSys"), "LINUX")
                && atLeast(machine.get("Disk"), requestDisk(job))
                && atLeast(machine.get("Memory"), requestMemory(job))
                && atLeast(machine.get("Cpus"), job.get("RequestCpus"))
                && sameText(machine.get("FileSystemDomain"), job.get("FileSystemDomain"));
    }

    /** {@code START && WithinResourceLimits}. */
    static boolean machineRequirements(Map<String, Object> machine, Map<String, Object> job) {
        return start(machine) && withinResourceLimits(machine, job);
    }

    /** {@code (KeyboardIdle > 15 * 60) && (LoadAvg < 0.3)}. */
    private static boolean start(Map<String, Object> machine) {
        return below(15L * 60, machine.get("KeyboardIdle"))
                && below(machine.get("LoadAvg"), 0.3);
    }

    /** {@code MY.Cpus > 0 && TARGET.RequestCpus <= MY.Cpus && MY.Memory > 0 && ...}. */
    private static boolean withinResourceLimits(Map<String, Object> machine, Map<String, Object> job) {
        Object cpus = machine.get("Cpus");
        Object memory = machine.get("Memory");
        Object disk = machine.get("Disk");
        return below(0L, cpus) && atLeast(cpus, job.get("RequestCpus"))
                && below(0L, memory) && atLeast(memory, requestMemory(job))
                && below(0L, disk) && atLeast(disk, requestDisk(job));
    }

    /** {@code RequestDisk = DiskUsage}. */
    private static Object requestDisk(Map<String, Object> job) {
        return job.get("DiskUsage");
    }

    /**
     * {@code ifthenelse(MemoryUsage isnt undefined, MemoryUsage, (ImageSize + 1023) / 1024)} with
     * {@code MemoryUsage = ((ResidentSetSize + 1023) / 1024)}.
     */
    private static Object requestMemory(Map<String, Object> job) {
        Object rss = job.get("ResidentSetSize");
        if (rss instanceof Long r) {
            return (r + 1023) / 1024;
        }
        Object image = job.get("ImageSize");
        return image instanceof Long i ? (Object) ((i + 1023) / 1024) : null;
    }

    /** {@code a >= b} for two numbers; false if either is missing or not a number. */
    private static boolean atLeast(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return x >= y;
        }
        return a instanceof Number x && b instanceof Number y && x.doubleValue() >= y.doubleValue();
    }

    /** {@code a < b} for two numbers; false if either is missing or not a number. */
    private static boolean below(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return x < y;
        }
        return a instanceof Number x && b instanceof Number y && x.doubleValue() < y.doubleValue();
    }

    private static boolean sameText(Object a, Object b) {
        return a instanceof String x && b instanceof String y && x.equalsIgnoreCase(y);
    }

    /**
     * The least a reader of old-syntax ad text must do: split each line at its first '=' into
     * name and expression text. With {@code shareNames} the names are interned, as ClassAd
     * names are, so a held map costs only its own values.
     */
    static Map<String, String> textMap(String text, boolean shareNames) {
        Map<String, String> map = new HashMap<>();
        int start = 0;
        int n = text.length();
        while (start < n) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = n;
            }
            int eq = text.indexOf('=', start);
            if (eq > start && eq < end) {
                String name = text.substring(start, eq).strip();
                map.put(shareNames ? name.intern() : name, text.substring(eq + 1, end).strip());
            }
            start = end + 1;
        }
        return map;
    }
}
