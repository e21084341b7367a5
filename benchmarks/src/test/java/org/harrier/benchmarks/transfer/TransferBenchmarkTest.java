package org.harrier.benchmarks.transfer;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The transfer benchmark end to end on a 2 MiB file: a real broker and scheduler, the file
 * moved both ways (it checks the checksums itself), every figure printed. Nothing is timed.
 */
@Timeout(120)
class TransferBenchmarkTest {
    @Test
    void aTinyRunPrintsEveryFigure() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TransferBenchmark.run(TransferBenchmark.Options.parse(new String[] {"--mib", "2", "--rounds", "1"}),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertAll(report,
                () -> assertTrue(report.startsWith("file: 2 MiB, 1 rounds")),
                () -> assertTrue(figure(report, "copy_mb_per_s") > 0),
                () -> assertTrue(figure(report, "input_mb_per_s") > 0),
                () -> assertTrue(figure(report, "output_mb_per_s") > 0),
                () -> assertTrue(figure(report, "input_ratio") > 0),
                () -> assertTrue(figure(report, "output_ratio") > 0));
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals("--mib must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> TransferBenchmark.Options.parse(new String[] {"--mib", "0"})).getMessage());
    }

    private static double figure(String report, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\s+([0-9.]+)").matcher(report);
        assertTrue(m.find(), name + " in " + report);
        return Double.parseDouble(m.group(1));
    }
}
