package org.harrier.exec.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The /proc and /dev readings, on a fake /dev and /proc tree with set access times and a fixed clock. */
class ProcSensorTest {
    static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

    @TempDir
    Path root;

    @ParameterizedTest(name = "/proc/loadavg [{0}] is {1}")
    @CsvSource(delimiter = '|', value = {
            "0.42 0.30 0.25 1/123 4567 | 0.42",
            "3.00 1.00 0.50 2/99 1     | 3.0",
            "''                        | 0.0",
            "garbage                   | 0.0",
    })
    void loadAvgIsTheOneMinuteFigure(String line, double expected) {
        assertEquals(expected, ProcSensor.loadAvg(line));
    }

    @Test
    void memAvailableInMiB() {
        assertEquals(2048, ProcSensor.memAvailableMiB("MemTotal: 8388608 kB\nMemFree: 1 kB\nMemAvailable:  2097152 kB\n"));
        assertEquals(0, ProcSensor.memAvailableMiB("MemTotal: 8388608 kB\n"));
    }

    @Test
    void keyboardIdleCountsTerminalsAndConsoleIdleOnlyInputDevices() throws Exception {
        Path dev = Files.createDirectories(root.resolve("dev"));
        Files.createDirectories(dev.resolve("pts"));
        Files.createDirectories(dev.resolve("input"));
        touched(dev.resolve("tty1"), 600);
        touched(dev.resolve("pts/0"), 30);
        touched(dev.resolve("input/event0"), 120);
        touched(dev.resolve("input/mice"), 900);
        Path proc = Files.createDirectories(root.resolve("proc"));
        Files.writeString(proc.resolve("loadavg"), "1.50 1.00 0.50 1/1 1\n");
        Files.writeString(proc.resolve("meminfo"), "MemAvailable: 1048576 kB\n");

        Measurements m = new ProcSensor(dev, proc, root, Clock.fixed(NOW, ZoneOffset.UTC)).measure();

        assertEquals(30, m.keyboardIdle(), "the pty typed on 30 s ago");
        assertEquals(120, m.consoleIdle(), "the input device used 120 s ago");
        assertEquals(1.5, m.totalLoadAvg());
        assertEquals(1024, m.freeMemoryMiB());
        assertTrue(m.freeDiskKiB() > 0, "free disk of the execute directory");
    }

    @Test
    void noDevicesMeansNobodyWasEverSeen() throws Exception {
        Path empty = Files.createDirectories(root.resolve("empty"));
        Measurements m = new ProcSensor(empty, empty, root, Clock.fixed(NOW, ZoneOffset.UTC)).measure();
        assertEquals(Integer.MAX_VALUE, m.keyboardIdle());
        assertEquals(Integer.MAX_VALUE, m.consoleIdle());
        assertEquals(0.0, m.totalLoadAvg());
    }

    private static void touched(Path p, long secondsAgo) throws Exception {
        Files.writeString(p, "");
        Files.setAttribute(p, "lastAccessTime", FileTime.from(NOW.minusSeconds(secondsAgo)));
    }
}
