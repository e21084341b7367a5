package org.harrier.console.submit;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * What condor_submit takes from its surroundings rather than from the file: the directory it
 * runs in (relative executables and the default initialdir are resolved against it), the user
 * who owns the jobs, and this machine's Arch and OpSys for the default Requirements.
 */
public record SubmitContext(Path submitDir, String owner, String arch, String opSys) {
    public SubmitContext {
        Objects.requireNonNull(submitDir, "submitDir");
        if (!submitDir.isAbsolute()) {
            throw new IllegalArgumentException("submit directory must be absolute, got " + submitDir);
        }
        submitDir = submitDir.normalize();
        requireText(owner, "owner");
        requireText(arch, "arch");
        requireText(opSys, "opSys");
    }

    private static void requireText(String s, String what) {
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException(what + " must be non-empty");
        }
    }

    /** The current directory, the current user, and this JVM's platform in HTCondor's words. */
    public static SubmitContext here() {
        return new SubmitContext(Path.of("").toAbsolutePath(), System.getProperty("user.name"),
                arch(System.getProperty("os.arch")), opSys(System.getProperty("os.name")));
    }

    /**
     * HTCondor's ARCH for a JVM os.arch: X86_64 and INTEL as condor_startd advertises them,
     * other architectures upper-cased as uname reports them (aarch64 stays aarch64, as in
     * HTCondor's own ARM builds).
     */
    public static String arch(String osArch) {
        String a = osArch.toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64", "x86_64" -> "X86_64";
            case "x86", "i386", "i486", "i586", "i686" -> "INTEL";
            case "aarch64", "arm64" -> "aarch64";
            case "ppc64le" -> "ppc64le";
            default -> osArch.toUpperCase(Locale.ROOT);
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
