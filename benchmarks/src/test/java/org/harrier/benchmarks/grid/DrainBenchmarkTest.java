package org.harrier.benchmarks.grid;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The drain benchmark end to end on a tiny workload: a real grid, four clients submitting 10
 * single-job clusters in a one-second warm-up, then 20 over a two-second window. Nothing is
 * timed: every figure must be printed and every job complete, whatever the rates.
 */
class DrainBenchmarkTest {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aTinyRunPrintsEveryFigureAndDrainsTheQueue() throws Exception {
        Report report = Report.of(out -> DrainBenchmark.run(DrainBenchmark.Options.parse(new String[] {
                "--seconds", "2", "--client-warmup", "1", "--rate", "10", "--warmup-jobs", "10", "--spawns", "20"}), out));

        assertAll(report.text(),
                () -> assertEquals(1, report.figures("spawn_per_s").size()),
                () -> assertEquals(1, report.figures("drain_per_s").size()),
                () -> assertEquals(10.0, report.figures("offered_per_s").get(0)),
                () -> assertTrue(report.line("submitted_per_s").contains(" 20 jobs;")),
                () -> assertEquals(1, report.figures("idle_at_window_end").size()),
                () -> assertEquals(1, report.figures("completed_per_s").size()),
                () -> assertEquals(1, report.figures("ratio").size()),
                () -> assertEquals(1, report.figures("submit_p50_ms").size()),
                () -> assertEquals(1, report.figures("submit_p99_ms").size()),
                () -> assertTrue(report.line("drained_after_s").contains("jobs not completed 0, idle jobs left 0")),
                () -> assertTrue(report.line("drained_after_s").endsWith("(met)")),
                () -> assertEquals(1, report.figures("drain_cpu_ms_per_job").size()),
                () -> assertEquals(1, report.figures("submit_grid_cpu_ms").size()),
                () -> assertEquals(1, report.figures("submit_client_cpu_ms").size()));
    }

    @Test
    void badOptionsAreNamed() {
        assertAll(
                () -> assertEquals("--clients must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                        () -> DrainBenchmark.Options.parse(new String[] {"--clients", "0"})).getMessage()),
                () -> assertEquals("--warmup-jobs must be at least 4, got 3", assertThrows(IllegalArgumentException.class,
                        () -> DrainBenchmark.Options.parse(new String[] {"--warmup-jobs", "3"})).getMessage()),
                () -> assertEquals("--rate needs a whole number, got 'fast'", assertThrows(IllegalArgumentException.class,
                        () -> DrainBenchmark.Options.parse(new String[] {"--rate", "fast"})).getMessage()),
                () -> assertTrue(DrainBenchmark.Options.parse(new String[] {"--help"}).help()));
    }
}
