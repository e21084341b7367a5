package org.harrier.exec.machine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.harrier.exec.ExecSettings;
import org.harrier.rules.Resources;

/**
 * Detects what {@link ExecSettings} leaves unset: cores from the JVM (which honours cgroup and
 * affinity limits), memory from /proc/meminfo's MemTotal (else the OperatingSystemMXBean),
 * disk as usable KiB in the execute directory, Arch/OpSys/OpSysAndVer as HTCondor spells them,
 * and the host name, which is also the default FileSystemDomain (HTCondor's default); plus the
 * configured custom resources. Run again at every update interval, it is the startd's
 * re-detection of what can change (free disk above all).
 */
public final class MachineProbe {
    private static final Path MEMINFO = Path.of("/proc/meminfo");
    private static final Path OS_RELEASE = Path.of("/etc/os-release");

    private MachineProbe() {
    }

    public static Machine detect(ExecSettings settings) {
        MachineNames names = settings.names();
        String machine = names.machine() != null ? names.machine() : hostName();
        long cpus = settings.cpus() != null ? settings.cpus() : Runtime.getRuntime().availableProcessors();
        long memory = settings.memoryMiB() != null ? settings.memoryMiB() : memoryMiB();
        long disk = settings.diskKiB() != null ? settings.diskKiB() : diskKiB(settings.executeDir());
        String opSys = names.opSys() != null ? names.opSys() : opSys(System.getProperty("os.name"));
        return new Machine(machine,
                names.arch() != null ? names.arch() : Machine.condorArch(System.getProperty("os.arch")),
                opSys,
                names.opSysAndVer() != null ? names.opSysAndVer() : opSysAndVer(opSys),
                names.fileSystemDomain() != null ? names.fileSystemDomain() : machine,
                new Resources(cpus, memory, disk)).with(settings.customResources());
    }

    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    static long memoryMiB() {
        try {
            for (String line : Files.readAllLines(MEMINFO)) {
                if (line.startsWith("MemTotal:")) {
                    return Math.max(1, parseMemTotalKiB(line) / 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the MXBean: not Linux, or /proc not mounted
        }
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return Math.max(1, sun.getTotalMemorySize() / (1024 * 1024));
        }
        return 1;
    }

    /** "MemTotal:       24574516 kB" → 24574516. */
    static long parseMemTotalKiB(String line) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length < 2) {
            throw new IllegalArgumentException("unexpected MemTotal line: " + line);
        }
        return Long.parseLong(parts[1]);
    }

    static long diskKiB(Path executeDir) {
        try {
            return Math.max(1, Files.getFileStore(executeDir).getUsableSpace() / 1024);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot measure free disk in execute directory " + executeDir + ": " + e.getMessage());
        }
    }

    static String opSys(String osName) {
        String n = osName.toLowerCase(Locale.ROOT);
        if (n.contains("linux")) {
            return "LINUX";
        }
        if (n.contains("mac")) {
            return "OSX";
        }
        if (n.contains("windows")) {
            return "WINDOWS";
        }
        return osName.toUpperCase(Locale.ROOT).replace(' ', '_');
    }

    /**
     * HTCondor's OpSysAndVer on Linux is the distribution's name and major version, e.g.
     * "Debian12", "Ubuntu22", "AlmaLinux9"; read from /etc/os-release (ID and VERSION_ID).
     * Without it, the OpSys alone.
     */
    static String opSysAndVer(String opSys) {
        if (!opSys.equals("LINUX")) {
            return opSys;
        }
        try {
            return opSysAndVer(Files.readAllLines(OS_RELEASE), opSys);
        } catch (IOException e) {
            return opSys;
        }
    }

    static String opSysAndVer(List<String> osRelease, String fallback) {
        String id = null;
        String version = null;
        for (String line : osRelease) {
            if (line.startsWith("ID=")) {
                id = unquote(line.substring(3));
            } else if (line.startsWith("VERSION_ID=")) {
                version = unquote(line.substring(11));
            }
        }
        if (id == null || id.isEmpty()) {
            return fallback;
        }
        String name = distributionName(id);
        String major = version == null ? "" : version.split("\\.", 2)[0];
        return name + major;
    }

    private static String distributionName(String id) {
        return switch (id) {
            case "rhel" -> "RedHat";
            case "almalinux" -> "AlmaLinux";
            case "centos" -> "CentOS";
            case "rocky" -> "Rocky";
            case "opensuse-leap" -> "openSUSE";
            default -> Character.toUpperCase(id.charAt(0)) + id.substring(1);
        };
    }

    private static String unquote(String s) {
        String t = s.trim();
        if (t.length() >= 2 && (t.startsWith("\"") || t.startsWith("'")) && t.charAt(t.length() - 1) == t.charAt(0)) {
            return t.substring(1, t.length() - 1);
        }
        return t;
    }
}
