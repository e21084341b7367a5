package org.harrier.exec.machine;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.harrier.rules.Resources;

/**
 * The facts an execute node advertises about itself: host name, platform names as HTCondor
 * spells them, and the total resources its partitionable slot starts with. Produced by
 * {@link MachineProbe#detect(ExecSettings)}; immutable. {@code total} counts the custom
 * resources too; {@code devices} lists the ids of those that are named devices (GPUs), by
 * resource name ignoring case, as many ids as the total counts.
 */
public record Machine(String machine, String arch, String opSys, String opSysAndVer, String fileSystemDomain,
        Resources total, Map<String, List<String>> devices) {
    public Machine {
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(opSys, "opSys");
        Objects.requireNonNull(opSysAndVer, "opSysAndVer");
        Objects.requireNonNull(fileSystemDomain, "fileSystemDomain");
        Objects.requireNonNull(total, "total");
        if (total.cpus() < 1 || total.memoryMiB() < 1 || total.diskKiB() < 1) {
            throw new IllegalArgumentException("a machine needs at least 1 cpu, 1 MiB memory and 1 KiB disk, got " + total);
        }
        TreeMap<String, List<String>> d = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Map.Entry<String, List<String>> e : devices.entrySet()) {
            MachineResource checked = MachineResource.devices(e.getKey(), e.getValue());
            if (checked.count() != total.amount(e.getKey())) {
                throw new IllegalArgumentException("machine has " + total.amount(e.getKey()) + " " + e.getKey()
                        + " but names " + checked.count() + " devices");
            }
            if (!checked.ids().isEmpty()) {
                d.put(e.getKey(), checked.ids());
            }
        }
        devices = java.util.Collections.unmodifiableMap(d);
    }

    public Machine(String machine, String arch, String opSys, String opSysAndVer, String fileSystemDomain,
            Resources total) {
        this(machine, arch, opSys, opSysAndVer, fileSystemDomain, total, Map.of());
    }

    /** This machine with its custom resources: counts added to the total, device ids kept. */
    public Machine with(List<MachineResource> custom) {
        Resources t = total;
        Map<String, List<String>> d = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        d.putAll(devices);
        for (MachineResource r : custom) {
            t = t.with(r.name(), r.count());
            d.remove(r.name());
            if (r.named()) {
                d.put(r.name(), r.ids());
            }
        }
        return new Machine(machine, arch, opSys, opSysAndVer, fileSystemDomain, t, d);
    }

    /** The same machine with other totals and devices (what a re-detection found). */
    public Machine with(Resources newTotal, Map<String, List<String>> newDevices) {
        return new Machine(machine, arch, opSys, opSysAndVer, fileSystemDomain, newTotal, newDevices);
    }

    /** A small machine for tests: everything named, nothing detected. */
    public static Machine of(String machine, Resources total) {
        return new Machine(machine, "X86_64", "LINUX", "LINUX", machine, total);
    }

    /**
     * HTCondor's spelling of a JVM {@code os.arch} (condor_sysapi/arch.cpp): X86_64 for 64-bit
     * Intel/AMD, INTEL for 32-bit x86; other architectures keep their kernel names (aarch64,
     * ppc64le, ...), as HTCondor reports them.
     */
    public static String condorArch(String osArch) {
        String a = osArch.toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64", "x86_64" -> "X86_64";
            case "x86", "i386", "i486", "i586", "i686" -> "INTEL";
            default -> a;
        };
    }
}
