package org.harrier.benchmarks.checkpoint;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The checkpoint benchmark on a tiny checkpoint: every figure printed and positive; nothing timed. */
@Timeout(120)
class CheckpointBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void aTinyRunPrintsEveryFigure() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CheckpointBenchmark.run(CheckpointBenchmark.Options.parse(new String[] {"--mb", "1", "--files", "3",
                "--rounds", "2", "--dir", dir.toString()}), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertAll(report, List.of("save_ms_per_mb", "restore_ms_per_mb", "plain_copy_ms_per_mb", "save_ratio",
                "restore_ratio", "paper_speedup", "bus_save_ms_per_mb", "bus_restore_ms_per_mb", "bus_save_ratio").stream().map(name -> () -> assertTrue(figure(report, name) > 0, name)));
        assertEquals(1024 * 1024, Files.size(dir.resolve("restore/state-0.bin")) + Files.size(dir.resolve("restore/state-1.bin"))
                + Files.size(dir.resolve("restore/state-2.bin")), "the restore brought every byte back");
        assertEquals(1024 * 1024, Files.size(dir.resolve("restore-bus/state-0.bin"))
                + Files.size(dir.resolve("restore-bus/state-1.bin")) + Files.size(dir.resolve("restore-bus/state-2.bin")),
                "the restore over the bus brought every byte back");
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals("--mb must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> CheckpointBenchmark.Options.parse(new String[] {"--mb", "0"})).getMessage());
        assertEquals("unknown option --fast", assertThrows(IllegalArgumentException.class,
                () -> CheckpointBenchmark.Options.parse(new String[] {"--fast"})).getMessage());
    }

    static double figure(String report, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\s+([0-9.]+)").matcher(report);
        assertTrue(m.find(), name + " in " + report);
        return Double.parseDouble(m.group(1));
    }
}
