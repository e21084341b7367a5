package org.harrier.benchmarks.queue;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The queue benchmark runs end to end on a tiny workload (a real scheduler JVM, a real spool,
 * SIGKILL and restart) and prints every figure. Nothing is timed: figures are checked for being
 * there, never against their targets.
 */
@Timeout(180)
class QueueBenchmarkTest {
    @Test
    void aTinyRunPrintsEveryFigure() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        QueueBenchmark.run(QueueBenchmark.Options.parse(new String[] {"--procs", "300", "--calls", "40", "--clients", "2",
                "--histogram", "3"}), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertAll(report,
                () -> assertTrue(report.contains("scheduler JVM options: -XX:TieredStopAtLevel=1\n")),
                () -> assertTrue(figure(report, "submit_cluster_s") > 0),
                () -> assertTrue(figure(report, "procs_per_s") > 0),
                () -> assertTrue(report.contains("until a console had heard 300 of the 300 new job objects")),
                () -> assertTrue(report.contains("heap_per_proc_b")),
                () -> assertTrue(figure(report, "log_mib") > 0),
                () -> assertTrue(figure(report, "restart_s") > 0),
                () -> assertTrue(figure(report, "submit_calls_per_s") > 0),
                () -> assertTrue(figure(report, "submit_p99_ms") >= figure(report, "submit_p50_ms")),
                () -> assertTrue(report.contains("class name"), "the heap histogram is printed"));
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals("--procs must be at least 1, got 0", org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> QueueBenchmark.Options.parse(new String[] {"--procs", "0"})).getMessage());
    }

    private static double figure(String report, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\s+(-?[0-9.]+)").matcher(report);
        if (!m.find()) {
            throw new AssertionError(name + " is not in the report");
        }
        return Double.parseDouble(m.group(1));
    }
}
