package org.harrier.benchmarks.grid;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The grid benchmark runs end to end on a tiny workload: a real {@code harrier up} process, real
 * jobs, every figure printed. Nothing is timed: the figures are checked for being there and
 * positive, never against a target.
 */
class GridBenchmarkTest {

    @Test
    void aTinyRunPrintsEveryFigureForEachRound() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        GridBenchmark.run(GridBenchmark.Options.parse(
                new String[] {"--jobs", "20", "--rounds", "2", "--latency-jobs", "2", "--spawns", "20"}),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);

        assertAll(report,
                () -> assertTrue(report.contains("grid JVM options: -XX:TieredStopAtLevel=1\n")),
                () -> assertEquals(1, figures(report, "spawn_per_s").size()),
                () -> assertEquals(1, figures(report, "first_job_latency_ms").size()),
                () -> assertEquals(2, figures(report, "jobs_per_s").size()),
                () -> assertEquals(2, figures(report, "ratio").size()),
                () -> assertEquals(2, figures(report, "grid_cpu_ms_per_job").size()),
                () -> assertEquals(2, figures(report, "job_cpu_ms_per_job").size()),
                // A figure each, whatever the (timing-dependent) values: 20 spawns may cost no measurable CPU.
                () -> assertEquals(2, report.lines().filter(l -> l.startsWith("grid_cpu_per_spawn_cpu ")).count()),
                () -> assertEquals(1, figures(report, "spawn_cpu_ms").size()),
                () -> assertEquals(1, figures(report, "idle_latency_ms").size()),
                () -> assertTrue(report.contains("round 1: 20 /bin/true jobs in one cluster, fresh grid")),
                () -> assertTrue(report.contains("round 2: 20 /bin/true jobs in one cluster, warm grid")),
                () -> assertTrue(figures(report, "jobs_per_s").stream().allMatch(v -> v > 0)),
                () -> assertTrue(figures(report, "spawn_per_s").get(0) > 0));
    }

    @Test
    void bothJitSettingsAreMeasuredAndLabelledInOneRun() throws Exception {
        Report report = Report.of(out -> GridBenchmark.run(GridBenchmark.Options.parse(new String[] {
                "--both-jit", "--jobs", "5", "--rounds", "1", "--latency-jobs", "1", "--spawns", "20"}), out));
        String text = report.text();

        assertAll(text,
                () -> assertTrue(text.indexOf("== JIT: the launcher's default, -XX:TieredStopAtLevel=1 (C1 only) ==")
                        < text.indexOf("== JIT: the JDK's default (C1, then C2) ==")),
                () -> assertTrue(text.contains("grid JVM options: -XX:TieredStopAtLevel=1\n")),
                () -> assertTrue(text.contains("grid JVM options: (the JDK's defaults)\n")),
                () -> assertEquals(2, report.figures("spawn_per_s").size()),
                () -> assertEquals(2, report.figures("jobs_per_s").size()),
                () -> assertEquals(2, report.figures("ratio").size()),
                () -> assertEquals(1, report.figures("jdk_over_launcher").size()));
    }

    @Test
    void theGridRunsWithTheOptionsBinHarrierGivesIt() throws Exception {
        // The module runs from benchmarks/; the launcher is the repository's bin/harrier.
        String launcher = Files.readString(Path.of("..", "bin", "harrier"));
        assertTrue(launcher.contains("${HARRIER_JAVA_OPTS-" + String.join(" ", ChildGrid.DEFAULT_JVM) + "}"),
                "bin/harrier's default JVM options differ from ChildGrid.DEFAULT_JVM");
        assertEquals(List.of(), GridBenchmark.Options.parse(new String[] {"--grid-jvm", ""}).gridJvm());
    }

    @Test
    void badOptionsAreNamed() {
        assertAll(
                () -> assertEquals("--jobs must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                        () -> GridBenchmark.Options.parse(new String[] {"--jobs", "0"})).getMessage()),
                () -> assertEquals("--rounds needs a whole number, got 'two'", assertThrows(IllegalArgumentException.class,
                        () -> GridBenchmark.Options.parse(new String[] {"--rounds", "two"})).getMessage()),
                () -> assertEquals("unknown option --warmup", assertThrows(IllegalArgumentException.class,
                        () -> GridBenchmark.Options.parse(new String[] {"--warmup", "5"})).getMessage()));
    }

    /** Every value printed on a line that starts with the figure's name. */
    private static List<Double> figures(String report, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\s+([0-9.]+)").matcher(report);
        List<Double> values = new ArrayList<>();
        while (m.find()) {
            values.add(Double.parseDouble(m.group(1)));
        }
        return values;
    }
}
