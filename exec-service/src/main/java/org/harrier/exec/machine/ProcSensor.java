package org.harrier.exec.machine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

import org.harrier.exec.ExecSettings;

/**
 * The machine measured as HTCondor's startd measures it on Linux: TotalLoadAvg is the first
 * figure of /proc/loadavg; ConsoleIdle the seconds since the last access of a console device
 * (/dev/console and the input devices /dev/input/*, HTCondor's CONSOLE_DEVICES); KeyboardIdle
 * the seconds since the last access of any terminal (/dev/tty*, /dev/pts/*) or console device,
 * so it is never above ConsoleIdle; free memory is MemAvailable of /proc/meminfo, free disk the
 * usable space of the execute directory. A device that cannot be read does not count; with
 * none readable the idle time is {@link Integer#MAX_VALUE} (nobody has been seen at all), and
 * what cannot be read at all is 0.
 */
public final class ProcSensor implements MachineSensor {
    private final Path dev;
    private final Path proc;
    private final Path executeDir;
    private final Clock clock;

    public ProcSensor(Path dev, Path proc, Path executeDir, Clock clock) {
        this.dev = Objects.requireNonNull(dev, "dev");
        this.proc = Objects.requireNonNull(proc, "proc");
        this.executeDir = Objects.requireNonNull(executeDir, "executeDir");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The real machine: /dev, /proc, and the configured execute directory. */
    public static ProcSensor of(ExecSettings settings) {
        return new ProcSensor(Path.of("/dev"), Path.of("/proc"), settings.executeDir(), Clock.systemUTC());
    }

    @Override
    public Measurements measure() {
        long now = clock.millis();
        long console = Math.min(idleSince(now, List.of(dev.resolve("console"))), idleSince(now, children(dev.resolve("input"), "")));
        long terminals = Math.min(idleSince(now, children(dev, "tty")), idleSince(now, children(dev.resolve("pts"), "")));
        return new Measurements(loadAvg(read(proc.resolve("loadavg"))), 0, Math.min(terminals, console), console,
                memAvailableMiB(read(proc.resolve("meminfo"))), freeDiskKiB());
    }

    /** The 1-minute load average of a /proc/loadavg line ("0.42 0.30 0.25 1/123 4567"); 0 when unreadable. */
    static double loadAvg(String loadavg) {
        try {
            return Math.max(0, Double.parseDouble(loadavg.trim().split("\\s+")[0]));
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** MemAvailable of /proc/meminfo in MiB; 0 when there is none. */
    static long memAvailableMiB(String meminfo) {
        for (String line : meminfo.split("\n")) {
            if (line.startsWith("MemAvailable:")) {
                return MachineProbe.parseMemTotalKiB(line) / 1024;
            }
        }
        return 0;
    }

    /** Whole seconds since the most recent access of any of {@code devices}; MAX_VALUE if none can be read. */
    static long idleSince(long nowMillis, List<Path> devices) {
        long latest = Long.MIN_VALUE;
        for (Path p : devices) {
            try {
                latest = Math.max(latest, Files.readAttributes(p, BasicFileAttributes.class).lastAccessTime().toMillis());
            } catch (IOException | SecurityException e) {
                // a device that went away or is not ours to look at does not count
            }
        }
        return latest == Long.MIN_VALUE ? Integer.MAX_VALUE : Math.max(0, (nowMillis - latest) / 1000);
    }

    private static List<Path> children(Path dir, String prefix) {
        List<Path> out = new java.util.ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, prefix + "*")) {
            for (Path p : s) {
                if (!Files.isDirectory(p)) {
                    out.add(p);
                }
            }
        } catch (IOException | SecurityException e) {
            // no such directory here: nothing to measure
        }
        return out;
    }

    private long freeDiskKiB() {
        try {
            return Files.getFileStore(executeDir).getUsableSpace() / 1024;
        } catch (IOException | SecurityException e) {
            return 0;
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | SecurityException e) {
            return "";
        }
    }
}
