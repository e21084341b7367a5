package org.harrier.console.submit;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What condor_submit takes from its surroundings rather than from the file: the directory it
 * runs in (relative executables, item files and the default initialdir are resolved against
 * it), the user who owns the jobs, this machine's Arch and OpSys for the default Requirements,
 * its FileSystemDomain (HTCondor's FILESYSTEM_DOMAIN, by default the host name, the same
 * default an execute node advertises), and the submitter's environment for {@code getenv} and
 * {@code $ENV(name)}.
 */
public record SubmitContext(Path submitDir, String owner, String arch, String opSys, String fileSystemDomain,
                            Map<String, String> env) {
    public SubmitContext {
        Objects.requireNonNull(submitDir, "submitDir");
        if (!submitDir.isAbsolute()) {
            throw new IllegalArgumentException("submit directory must be absolute, got " + submitDir);
        }
        submitDir = submitDir.normalize();
        requireText(owner, "owner");
        requireText(arch, "arch");
        requireText(opSys, "opSys");
        requireText(fileSystemDomain, "fileSystemDomain");
        env = Map.copyOf(env);
    }

    private static void requireText(String s, String what) {
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException(what + " must be non-empty");
        }
    }

    /** Submitting from {@code submitDir} as {@code owner} on this machine, with environment {@code env}. */
    public static SubmitContext onThisMachine(Path submitDir, String owner, Map<String, String> env) {
        return new SubmitContext(submitDir, owner, arch(System.getProperty("os.arch")),
                opSys(System.getProperty("os.name")), hostName(), env);
    }

    /** Submitting from {@code submitDir} as {@code owner} on this machine, with no environment to import. */
    public static SubmitContext onThisMachine(Path submitDir, String owner) {
        return onThisMachine(submitDir, owner, Map.of());
    }

    /** HTCondor's default FILESYSTEM_DOMAIN: this host's name (what exec-service's MachineProbe advertises). */
    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * HTCondor's ARCH for a JVM os.arch (condor_sysapi/arch.cpp): X86_64 for 64-bit Intel/AMD,
     * INTEL for 32-bit x86, other architectures by their kernel names (aarch64, ppc64le), the
     * spelling exec-service's slots advertise, so the default Requirements match this machine.
     */
    public static String arch(String osArch) {
        String a = osArch.toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64", "x86_64" -> "X86_64";
            case "x86", "i386", "i486", "i586", "i686" -> "INTEL";
            default -> a;
        };
    }

    /** HTCondor's OPSYS for a JVM os.name: LINUX, OSX, WINDOWS, or the name upper-cased. */
    public static String opSys(String osName) {
        String n = osName.toLowerCase(Locale.ROOT);
        if (n.startsWith("linux")) {
            return "LINUX";
        }
        if (n.startsWith("mac")) {
            return "OSX";
        }
        if (n.startsWith("windows")) {
            return "WINDOWS";
        }
        return osName.toUpperCase(Locale.ROOT).replace(' ', '_');
    }
}
