package org.harrier.benchmarks.grid;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The query-load benchmark runs end to end on a tiny deep queue: a real {@code harrier up}
 * process, real /bin/true jobs, the four queries as bin/harrier JVMs whose answers the benchmark
 * checked. Nothing is timed: figures are checked for being there, never against their targets.
 */
class QueryLoadBenchmarkTest {

    @Test
    @Timeout(600)
    void aTinyRunPrintsEveryFigureAndEveryJobFinishes() throws Exception {
        Report report = Report.of(out -> QueryLoadBenchmark.run(QueryLoadBenchmark.Options.parse(new String[] {
                "--jobs", "1003", "--clusters", "4", "--grid-jobs", "20", "--warmup-jobs", "10", "--spawns", "20",
                "--lead-seconds", "1", "--harrier", Path.of("..", "bin", "harrier").toString()}), out));
        String text = report.text();

        assertAll(text,
                () -> assertEquals(1, report.figures("spawn_per_s").size()),
                () -> assertTrue(report.line("queued_s").contains("1,003 jobs that never match in 4 clusters (1-4)")),
                () -> assertEquals(1, report.figures("settled_s").size()),
                () -> assertEquals(1, report.figures("warmup_jobs_per_s").size()),
                () -> assertTrue(text.contains("pair 1, no queries: 20 /bin/true jobs in one cluster\n")),
                () -> assertTrue(text.contains("pair 1, 4 query loops (q-id, q-totals, q-constraint, q-af): 20 /bin/true jobs in one cluster\n")),
                () -> assertEquals(2, report.figures("jobs_per_s").size()),
                () -> assertEquals(2, report.figures("ratio").size()),
                () -> assertEquals(2, report.figures("grid_cpu_ms_per_job").size()),
                () -> assertEquals(1, report.figures("query_cpu_cores").size()),
                () -> assertTrue(text.startsWith("load average at the start: ")),
                () -> assertTrue(text.contains("\nload average at the end: ")),
                () -> assertEquals(1, report.figures("queries_during").size()),
                () -> assertTrue(report.line("q_id_s").contains("harrier q 2.250, median wall of")),
                () -> assertTrue(report.line("q_constraint_s").contains(
                        "harrier q -constraint ClusterId >= 1 && ClusterId <= 4 && ProcId % 100 == 7")),
                () -> assertEquals(1, report.figures("q_totals_s").size()),
                () -> assertEquals(1, report.figures("q_af_s").size()),
                () -> assertEquals(1, report.figures("loaded_over_quiet").size()),
                // Every loop finishes the command it has started, so each completed one at least; all were right.
                () -> assertTrue(report.figures("query_commands").get(0) >= 4),
                () -> assertTrue(report.line("query_commands").endsWith("failed 0"), report.line("query_commands")),
                () -> assertTrue(!text.contains("QUERY FAILED")),
                () -> assertEquals(1, report.figures("ads_expired").size()),
                () -> assertEquals(1, report.figures("ads_expired_queueing").size()),
                () -> assertEquals(1, report.figures("ads_expired_quiet").size()),
                // Every /bin/true job finished and left; the deep queue is all there, idle.
                () -> assertEquals(List.of(1003.0), report.figures("queued_after")),
                () -> assertTrue(report.line("queued_after").contains("1003 of them idle")));
    }

    @Test
    void theCollectorsExpiryLinesAreCountedByClass() {
        String log = """
                18:02:11.204 [harrier-central-manager] INFO org.harrier.collector.CentralManager - slot ad slot1@host from harrier:startd:host expired
                18:02:11.205 [harrier-central-manager] INFO org.harrier.collector.CentralManager - scheduler ad host from harrier:scheduler:host expired
                18:02:12.001 [harrier-central-manager] INFO org.harrier.collector.CentralManager - slot ad slot1_1@host from harrier:startd:host expired
                18:02:12.002 [main] INFO org.harrier.exec.Startd - the slot ad was expired by nobody
                """;
        assertEquals(Map.of("slot", 2, "scheduler", 1), ExpiryLog.expired(log));
        assertEquals(3, ExpiryLog.total(ExpiryLog.expired(log)));
    }

    @Test
    void theStreamCheckReadsOnlyTheDeepQueueAndFindsAJobMissingRepeatedOrOutOfOrder() {
        DeepQueue queue = new DeepQueue(3, 2, 5);
        assertAll(
                () -> assertEquals(3, queue.procsOf(1)),
                () -> assertEquals(2, queue.procsOf(2)),
                () -> assertNull(queue.everyDeepJobOnce("3 0\n3 1\n3 2\n4 0\n4 1\n")),
                () -> assertNull(queue.everyDeepJobOnce("1 0\n3 0\n3 1\n3 2\n4 0\n4 1\n9 17\n"), "other clusters pass"),
                () -> assertTrue(queue.everyDeepJobOnce("3 0\n3 1\n3 2\n4 0\n").contains("4 of the deep queue's 5 jobs")),
                () -> assertTrue(queue.everyDeepJobOnce("3 0\n3 0\n3 2\n4 0\n4 1\n").contains("out of order or twice")));
    }

    @Test
    void badOptionsAreNamed() {
        assertAll(
                () -> assertEquals("--jobs must be at least --clusters (1000), got 10", assertThrows(IllegalArgumentException.class,
                        () -> QueryLoadBenchmark.Options.parse(new String[] {"--jobs", "10"})).getMessage()),
                () -> assertEquals("--pairs must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                        () -> QueryLoadBenchmark.Options.parse(new String[] {"--pairs", "0"})).getMessage()),
                () -> assertEquals("--queries must name some of q-id,q-totals,q-constraint,q-af, got q-id,q-long",
                        assertThrows(IllegalArgumentException.class,
                                () -> QueryLoadBenchmark.Options.parse(new String[] {"--queries", "q-id,q-long"})).getMessage()),
                () -> assertEquals(List.of("q-af"), QueryLoadBenchmark.Options.parse(new String[] {"--queries", "q-af"}).queries()),
                () -> assertEquals("a deep queue needs at least one job per cluster, got 3 jobs in 4 clusters",
                        assertThrows(IllegalArgumentException.class, () -> new DeepQueue(1, 4, 3)).getMessage()));
    }
}
