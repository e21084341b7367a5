package org.harrier.benchmarks.queue;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The history benchmark runs end to end on a tiny history (a real scheduler JVM on the written
 * spool, harrier as its own JVM): every figure is printed, and the benchmark itself has checked
 * each command's rows (which jobs, how many) or it would have thrown. Nothing is timed.
 */
@Timeout(240)
class HistoryScaleBenchmarkTest {
    @Test
    void aTinyRunPrintsEveryFigureOfRightAnswers() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HistoryScaleBenchmark.run(HistoryScaleBenchmark.Options.parse(new String[] {"--jobs", "2500", "--clusters", "20",
                "--runs", "1", "--harrier", java.nio.file.Path.of("..", "bin", "harrier").toString()}), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertAll(report,
                () -> assertTrue(figure(report, "history_write_s") >= 0),
                () -> assertTrue(figure(report, "history_mib") > 0),
                () -> assertTrue(figure(report, "index_mib") > 0),
                () -> assertTrue(figure(report, "java_version_s") > 0),
                () -> assertTrue(figure(report, "history_first_id_s") > 0),
                () -> assertTrue(figure(report, "cli_q_id_s") > 0),
                () -> assertTrue(figure(report, "history_id_call_ms") >= 0),
                () -> assertTrue(figure(report, "history_limit10_call_ms") >= 0),
                () -> assertTrue(figure(report, "history_cluster_call_ms") >= 0),
                () -> assertTrue(figure(report, "history_constraint_1pct_call_ms") >= 0),
                () -> assertTrue(figure(report, "history_id_s") > 0),
                () -> assertTrue(report.contains("harrier history 11.62"), "the middle job, 1250 = 62 * 20 + 10"),
                () -> assertTrue(figure(report, "history_limit10_s") > 0),
                () -> assertTrue(figure(report, "history_cluster_s") > 0),
                () -> assertTrue(report.contains("harrier history 20: 125 jobs spread over the file")),
                () -> assertTrue(figure(report, "history_constraint_1pct_s") > 0),
                () -> assertTrue(report.contains("'ExitCode == 1': 25 jobs")),
                () -> assertTrue(figure(report, "owner_call_during_scan_ms") >= 0),
                () -> assertTrue(report.contains("history index of 2500 jobs read in"), "the scheduler read its index after its start"));
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals("--clusters must be at most --jobs, got 300 and 200", assertThrows(IllegalArgumentException.class,
                () -> HistoryScaleBenchmark.Options.parse(new String[] {"--jobs", "200", "--clusters", "300"})).getMessage());
    }

    private static double figure(String report, String name) {
        java.util.regex.Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\s+(-?[0-9.]+)").matcher(report);
        if (!m.find()) {
            throw new AssertionError(name + " is not in the report");
        }
        return Double.parseDouble(m.group(1));
    }
}
