package org.harrier.benchmarks.queue;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * The query benchmark runs end to end on a tiny queue (a real scheduler JVM, harrier q as its
 * own JVMs) and prints every figure; each command's output was checked by the benchmark before
 * its figure was printed. Nothing is timed: figures are checked for being there, never against
 * their targets.
 */
@Timeout(300)
class QueryScaleBenchmarkTest {
    @Test
    void aTinyRunChecksEveryAnswerAndPrintsEveryFigure() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        QueryScaleBenchmark.run(QueryScaleBenchmark.Options.parse(new String[] {"--jobs", "1003", "--clusters", "4",
                "--rounds", "1", "--harrier", java.nio.file.Path.of("..", "bin", "harrier").toString()}), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertAll(report,
                () -> assertTrue(report.startsWith("1,003 jobs in 4 clusters; command JVM options: -XX:TieredStopAtLevel=1\n")),
                () -> assertTrue(figure(report, "queued_s") > 0),
                () -> assertTrue(report.contains("until a console had heard 1,003 of the 1,003 new job objects")),
                () -> assertTrue(figure(report, "java_version_s") > 0),
                () -> assertTrue(report.contains("harrier q 2.250, wall"), "the middle cluster's last job"),
                () -> assertTrue(figure(report, "q_id_s") > 0),
                () -> assertTrue(figure(report, "q_totals_s") > 0),
                () -> assertTrue(report.contains("(12 jobs, 1.2%)"), "3 per cluster of 250 or 251"),
                () -> assertTrue(figure(report, "q_constraint_s") > 0),
                () -> assertTrue(report.contains("every one of the 1,003 jobs printed once")),
                () -> assertTrue(figure(report, "q_af_jobs_per_s") > 0));
    }

    @Test
    void theStreamCheckFindsAJobMissingRepeatedOrOutOfOrder() {
        QueryScaleBenchmark.Options o = QueryScaleBenchmark.Options.parse(new String[] {"--jobs", "5", "--clusters", "2"});
        assertEquals(3, o.procsOf(1));
        assertEquals(2, o.procsOf(2));
        assertNull(QueryScaleBenchmark.everyJobOnce(o, "1 0\n1 1\n1 2\n2 0\n2 1\n"));
        assertTrue(QueryScaleBenchmark.everyJobOnce(o, "1 0\n1 1\n1 2\n2 0\n").contains("4 lines for 5 jobs"));
        assertTrue(QueryScaleBenchmark.everyJobOnce(o, "1 0\n1 0\n1 2\n2 0\n2 1\n").contains("out of order or twice"));
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals("--jobs must be at least --clusters (1000), got 10", assertThrows(IllegalArgumentException.class,
                () -> QueryScaleBenchmark.Options.parse(new String[] {"--jobs", "10"})).getMessage());
        assertEquals("--rounds must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> QueryScaleBenchmark.Options.parse(new String[] {"--rounds", "0"})).getMessage());
    }

    private static double figure(String report, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\s+(-?[0-9.]+)").matcher(report);
        if (!m.find()) {
            throw new AssertionError(name + " is not in the report");
        }
        return Double.parseDouble(m.group(1));
    }
}
