package org.harrier.exec;

import org.harrier.mgmt.Resources;

import java.util.Locale;
import java.util.Objects;

/**
 * The facts an execute node advertises about itself: host name, platform names as HTCondor
 * spells them, and the total resources its partitionable slot starts with. Produced by
 * {@link MachineProbe#detect(ExecSettings)}; immutable.
 */
public record Machine(String machine, String arch, String opSys, String opSysAndVer, String fileSystemDomain,
        Resources total) {
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
