package org.harrier.benchmarks.grid;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The depth benchmark end to end on a tiny workload: a real grid, 200 jobs queued at once and
 * drained. Nothing is timed: every figure must be printed, which needs every job's completion.
 */
class DepthBenchmarkTest {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aTinyRunPrintsBothTenthsAndTheirRatio() throws Exception {
        Report report = Report.of(out -> DepthBenchmark.run(DepthBenchmark.Options.parse(new String[] {
                "--jobs", "200", "--warmup-jobs", "10", "--spawns", "20"}), out));

        assertAll(report.text(),
                () -> assertEquals(1, report.figures("spawn_per_s").size()),
                () -> assertEquals(1, report.figures("warmup_jobs_per_s").size()),
                () -> assertTrue(report.text().contains("200 /bin/true jobs queued by one SubmitCluster, then drained")),
                () -> assertTrue(report.line("first_10pct_per_s").contains("completions 1-20,")),
                () -> assertTrue(report.line("last_10pct_per_s").contains("completions 181-200")),
                () -> assertEquals(1, report.figures("last_over_first").size()),
                () -> assertTrue(report.figures("jobs_per_s").get(0) > 0),
                () -> assertEquals(1, report.figures("ratio").size()));
    }

    @Test
    void aTenthNeedsTwoCompletions() {
        assertEquals("--jobs must be at least 20, got 19", assertThrows(IllegalArgumentException.class,
                () -> DepthBenchmark.Options.parse(new String[] {"--jobs", "19"})).getMessage());
    }
}
