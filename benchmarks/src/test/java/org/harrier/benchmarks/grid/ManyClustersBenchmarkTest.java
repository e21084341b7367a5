package org.harrier.benchmarks.grid;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The many-clusters benchmark end to end on a tiny workload: a real grid, 5 clusters of 4 jobs,
 * each cluster with a user log the real scheduler writes. Nothing is timed: the figures must be
 * printed, every job complete and every log hold one submit, execute and terminate per job.
 */
class ManyClustersBenchmarkTest {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aTinyRunPrintsEveryFigureAndCountsEachJobsEventsOnce() throws Exception {
        Report report = Report.of(out -> ManyClustersBenchmark.run(ManyClustersBenchmark.Options.parse(new String[] {
                "--clusters", "5", "--jobs", "4", "--spawns", "20"}), out));

        assertAll(report.text(),
                () -> assertEquals(1, report.figures("spawn_per_s").size()),
                () -> assertTrue(report.text().contains("5 clusters of 4 /bin/true jobs, each with a user log")),
                () -> assertEquals(1, report.figures("submit_s").size()),
                () -> assertTrue(report.figures("jobs_per_s").get(0) > 0),
                () -> assertEquals(1, report.figures("ratio").size()),
                () -> assertEquals(60.0, report.figures("user_log_events").get(0)),
                () -> assertTrue(report.line("user_log_events").contains(
                        "in 5 logs: submit 20, execute 20, terminate 20, other 0; 20 of each expected  (met)")),
                () -> assertFalse(report.text().contains("USER LOG MISMATCH")));
    }

    @Test
    void badOptionsAreNamed() {
        assertAll(
                () -> assertEquals("--clusters must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                        () -> ManyClustersBenchmark.Options.parse(new String[] {"--clusters", "0"})).getMessage()),
                () -> assertEquals("--jobs needs a value", assertThrows(IllegalArgumentException.class,
                        () -> ManyClustersBenchmark.Options.parse(new String[] {"--jobs"})).getMessage()),
                () -> assertTrue(ManyClustersBenchmark.Options.parse(new String[] {"-h"}).help()));
    }
}
