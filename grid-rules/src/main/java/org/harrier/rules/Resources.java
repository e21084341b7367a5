package org.harrier.rules;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Value;

/**
 * An amount of the resources a partitionable slot is carved by, in HTCondor's units: whole
 * cores, memory in MiB, disk in KiB (the units of a machine ad's {@code Cpus}, {@code Memory}
 * and {@code Disk}), and a count of each custom resource the machine declares ({@code GPUs},
 * {@code Licenses}, ...; HTCondor's MACHINE_RESOURCE_&lt;name&gt;). Custom names are matched
 * ignoring case, as ClassAd attribute names are, and keep the spelling first given; an amount of
 * 0 is the same as not naming the resource. Never negative. With the rule for reading what a
 * job requests ({@link #requestedBy}), shared by the negotiator and the startd
 * (docs/protocols.md).
 */
public record Resources(long cpus, long memoryMiB, long diskKiB, Map<String, Long> custom) {
    public static final Resources NONE = new Resources(0, 0, 0);

    /** The machine ad attribute listing the resources a slot has (HTCondor: "Cpus Memory Disk GPUs"). */
    public static final String MACHINE_RESOURCES = "MachineResources";

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public Resources {
        Objects.requireNonNull(custom, "custom");
        if (cpus < 0 || memoryMiB < 0 || diskKiB < 0) {
            throw new IllegalArgumentException("resources must not be negative: " + cpus + " cpus, " + memoryMiB
                    + " MiB memory, " + diskKiB + " KiB disk");
        }
        TreeMap<String, Long> canonical = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Map.Entry<String, Long> e : custom.entrySet()) {
            String name = e.getKey();
            long amount = Objects.requireNonNull(e.getValue(), name);
            checkCustomName(name);
            if (amount < 0) {
                throw new IllegalArgumentException("resources must not be negative: " + amount + " " + name);
            }
            if (canonical.containsKey(name)) {
                throw new IllegalArgumentException("resource " + name + " named twice (names ignore case)");
            }
            if (amount > 0) {
                canonical.put(name, amount);
            }
        }
        custom = Collections.unmodifiableMap(canonical);
    }

    public Resources(long cpus, long memoryMiB, long diskKiB) {
        this(cpus, memoryMiB, diskKiB, Map.of());
    }

    /**
     * A custom resource name must be a ClassAd attribute name and not one of the three fixed
     * resources; IllegalArgumentException naming it otherwise.
     */
    public static void checkCustomName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("'" + name + "' is not a resource name (letters, digits and '_',"
                    + " not starting with a digit)");
        }
        if (isFixed(name)) {
            throw new IllegalArgumentException(name + " is a fixed resource, not a custom one");
        }
    }

    /** Cpus, Memory or Disk, in any case. */
    public static boolean isFixed(String name) {
        return name.equalsIgnoreCase("Cpus") || name.equalsIgnoreCase("Memory") || name.equalsIgnoreCase("Disk");
    }

    /** The amount of {@code name}: Cpus, Memory, Disk or a custom resource (0 if not held). */
    public long amount(String name) {
        if (name.equalsIgnoreCase("Cpus")) {
            return cpus;
        }
        if (name.equalsIgnoreCase("Memory")) {
            return memoryMiB;
        }
        if (name.equalsIgnoreCase("Disk")) {
            return diskKiB;
        }
        return custom.getOrDefault(name, 0L);
    }

    /** These resources with {@code name} (fixed or custom) set to {@code amount}. */
    public Resources with(String name, long amount) {
        if (name.equalsIgnoreCase("Cpus")) {
            return new Resources(amount, memoryMiB, diskKiB, custom);
        }
        if (name.equalsIgnoreCase("Memory")) {
            return new Resources(cpus, amount, diskKiB, custom);
        }
        if (name.equalsIgnoreCase("Disk")) {
            return new Resources(cpus, memoryMiB, amount, custom);
        }
        TreeMap<String, Long> next = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        next.putAll(custom);
        next.remove(name);
        next.put(name, amount);
        return new Resources(cpus, memoryMiB, diskKiB, next);
    }

    public Resources plus(Resources other) {
        Resources sum = new Resources(Math.addExact(cpus, other.cpus), Math.addExact(memoryMiB, other.memoryMiB),
                Math.addExact(diskKiB, other.diskKiB), custom);
        for (Map.Entry<String, Long> e : other.custom.entrySet()) {
            sum = sum.with(e.getKey(), Math.addExact(sum.amount(e.getKey()), e.getValue()));
        }
        return sum;
    }

    /** This minus {@code other}; IllegalArgumentException if {@code other} does not fit. */
    public Resources minus(Resources other) {
        if (!covers(other)) {
            throw new IllegalArgumentException(other + " does not fit in " + this);
        }
        Resources left = new Resources(cpus - other.cpus, memoryMiB - other.memoryMiB, diskKiB - other.diskKiB, custom);
        for (Map.Entry<String, Long> e : other.custom.entrySet()) {
            left = left.with(e.getKey(), left.amount(e.getKey()) - e.getValue());
        }
        return left;
    }

    /** True if every resource here is at least as large as in {@code request}. */
    public boolean covers(Resources request) {
        if (cpus < request.cpus || memoryMiB < request.memoryMiB || diskKiB < request.diskKiB) {
            return false;
        }
        for (Map.Entry<String, Long> e : request.custom.entrySet()) {
            if (custom.getOrDefault(e.getKey(), 0L) < e.getValue()) {
                return false;
            }
        }
        return true;
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
        request.custom.forEach((name, wanted) -> shortOf(why, name, wanted, amount(name)));
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

    /** Equal amounts of everything; custom names compared ignoring case. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Resources r && cpus == r.cpus && memoryMiB == r.memoryMiB && diskKiB == r.diskKiB
                && custom.equals(r.custom);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(cpus) * 31 * 31 + Long.hashCode(memoryMiB) * 31 + Long.hashCode(diskKiB);
        for (Map.Entry<String, Long> e : custom.entrySet()) {
            h += e.getKey().toLowerCase(Locale.ROOT).hashCode() ^ Long.hashCode(e.getValue());
        }
        return h;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder().append(cpus).append(" cpus, ").append(memoryMiB).append(" MiB memory, ")
                .append(diskKiB).append(" KiB disk");
        custom.forEach((name, amount) -> s.append(", ").append(amount).append(' ').append(name));
        return s.toString();
    }

    /** RequestCpus when the job does not say (condor_submit's default). */
    public static final long DEFAULT_CPUS = 1;
    /** RequestMemory when the job does not say: HTCondor's JOB_DEFAULT_REQUESTMEMORY, MiB. */
    public static final long DEFAULT_MEMORY_MIB = 128;
    /** RequestDisk when the job says neither it nor DiskUsage, KiB. */
    public static final long DEFAULT_DISK_KIB = 1024;

    /**
     * What a slot ad advertises: Cpus, Memory, Disk, and each custom resource its
     * {@code MachineResources} lists, the amount being the attribute of that name; an attribute
     * that is not a positive integer counts 0.
     */
    public static Resources advertisedBy(ClassAd slot) {
        List<String> names = RequestRule.customNames(slot);
        Map<String, Long> custom = Map.of();
        if (!names.isEmpty()) {
            custom = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (String name : names) {
                custom.put(name, count(slot.evaluate(name)));
            }
        }
        return new Resources(count(slot.evaluate("Cpus")), count(slot.evaluate("Memory")), count(slot.evaluate("Disk")),
                custom);
    }

    /** The custom resources {@code slot}'s MachineResources lists, as spelled there. */
    public static List<String> customResourcesOf(ClassAd slot) {
        return RequestRule.customNames(slot);
    }

    private static long count(Value v) {
        return v instanceof IntegerValue i && i.value() > 0 ? i.value() : 0;
    }

    /**
     * What {@code job} asks of {@code slot}, the one rule both the negotiator (planning) and the
     * startd (carving) apply, so a planned match is one the startd grants. The resources are
     * those the slot has: Cpus, Memory, Disk and what its MachineResources lists. For each:
     * <ul>
     *   <li>if the slot has a consumption policy for it ({@code Consumption<Name>}, HTCondor's
     *       CONSUMPTION_POLICY), that expression, evaluated with the slot as MY and the job as
     *       TARGET, is the amount (0 allowed); when it is undefined the request rule below applies;
     *   <li>otherwise {@code Request<Name>}, evaluated with the job as MY and the slot as TARGET
     *       (so {@code RequestMemory = TARGET.Memory / 2} works). Undefined RequestCpus is
     *       {@link #DEFAULT_CPUS}; undefined RequestMemory is {@link #DEFAULT_MEMORY_MIB};
     *       undefined RequestDisk is the job's DiskUsage, else {@link #DEFAULT_DISK_KIB}; an
     *       undefined custom request is 0. Cpus, Memory and Disk below 1 become 1, since a slot
     *       with none of them fails WithinResourceLimits' {@code MY.X > 0};
     *   <li>a real is rounded up (never carve less than asked); anything else (negative, a
     *       string, a boolean, error) is not a request: an IllegalArgumentException names the
     *       attribute and what it evaluated to.
     * </ul>
     */
    public static Resources requestedBy(ClassAd job, ClassAd slot, EvalContext context) {
        return RequestRule.requested(job, slot, context);
    }

    /**
     * {@code slot} as a dynamic slot carved with these resources would advertise (or a
     * partitionable slot with this much left): Cpus, Memory, Disk and every custom resource
     * replaced, one the slot lists but these do not hold becoming 0.
     */
    public ClassAd appliedTo(ClassAd slot) {
        ClassAd.Builder b = slot.toBuilder().set("Cpus", cpus).set("Memory", memoryMiB).set("Disk", diskKiB);
        for (String name : RequestRule.customNames(slot)) {
            b.set(name, amount(name));
        }
        custom.forEach((name, amount) -> b.set(name, (long) amount));
        return b.build();
    }
}
