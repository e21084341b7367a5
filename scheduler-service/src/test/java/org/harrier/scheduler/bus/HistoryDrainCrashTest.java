package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.protocol.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history is written without an fsync of its own, after the queue log: a scheduler JVM
 * drains a queue (four clients remove its jobs one by one, each removal a batch or a share of
 * one that destroys jobs) and is killed with SIGKILL at a random moment mid-drain, three times,
 * with a history small enough to rotate every few dozen jobs. After each restart, and once the
 * queue is empty, every job that left the queue is in the history exactly once (whether its
 * removal was acknowledged or cut off by the kill), and every acknowledged removal's job is
 * there.
 */
@Timeout(300)
class HistoryDrainCrashTest {
    private static final String NAME = "drainer";
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Duration CALL = Duration.ofSeconds(3);
    private static final int CLIENTS = 4;
    private static final int CLUSTERS = 8;
    private static final int PROCS = 60;
    /** About 25 ads a file, every file kept: rotations fall mid-drain and nothing rotates away. */
    private static final List<String> HISTORY = List.of("--max-history-log", "20000", "--max-history-rotations", "100000");

    @TempDir
    Path dir;
    private final Set<String> ackedRemovals = ConcurrentHashMap.newKeySet();

    @Test
    void everyJobThatLeftTheQueueIsInTheHistoryOnceAfterSigkillMidDrain() throws Exception {
        Path spool = dir.resolve("spool");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl())) {
            Console console = bus.console();
            SchedulerProcess first = start(broker.clientUrl(), spool, 0);
            first.awaitServing(console);
            List<String> jobs = new ArrayList<>();
            for (int c = 0; c < CLUSTERS; c++) {
                Map<String, Object> answer = Console.join(console.invoke(first.agent(), first.object(), "SubmitCluster",
                        Map.of("Ad", SchedulerServiceTest.seedAd(), "Count", (long) PROCS), WAIT));
                long cluster = ((Number) answer.get("ClusterId")).longValue();
                for (int p = 0; p < PROCS; p++) {
                    jobs.add(cluster + "." + p);
                }
            }
            java.util.Collections.shuffle(jobs);
            AtomicInteger next = new AtomicInteger();
            SchedulerProcess scheduler = first;
            for (int round = 1; round <= 3; round++) {
                SchedulerProcess s = scheduler;
                int target = ackedRemovals.size() + 40 + ThreadLocalRandom.current().nextInt(60);
                SigkillRound.killUnderLoad(s.process(), CLIENTS, stop -> drain(console, s, jobs, next, stop),
                        () -> ackedRemovals.size() >= target, target + " acknowledged removals in round " + round, WAIT);
                scheduler = start(broker.clientUrl(), spool, round);
                scheduler.awaitServing(console);
                checkOnce(console, scheduler, "after restart " + round);
            }
            try {
                // The rest of the drain: whatever is still queued leaves, and then every job is in the history.
                Console.join(console.invoke(scheduler.agent(), scheduler.object(), "Remove",
                        Map.of("Constraint", "true", "Reason", "drained"), WAIT));
                SchedulerProcess last = scheduler;
                SchedulerServiceTest.await(() -> console.query(last.agent(), "job", Predicate.eq("JobStatus", 3L), WAIT).isEmpty()
                        && queued(console, last).isEmpty(), WAIT, "the queue to drain");
                Map<String, Integer> counts = checkOnce(console, scheduler, "after the drain");
                assertEquals(new TreeSet<>(jobs), counts.keySet(), "every submitted job is in the history" + scheduler.output());
            } finally {
                scheduler.process().destroy();
                scheduler.process().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private SchedulerProcess start(String url, Path spool, int round) throws IOException {
        return SchedulerProcess.start(url, NAME, spool, dir.resolve("scheduler-" + round + ".log"), HISTORY);
    }

    /** One client: removes the next job of the shuffled list, one call each, until stopped. */
    private void drain(Console console, SchedulerProcess s, List<String> jobs, AtomicInteger next, AtomicBoolean stop) {
        while (!stop.get()) {
            int i = next.getAndIncrement();
            if (i >= jobs.size()) {
                return;
            }
            try {
                Console.join(console.invoke(s.agent(), s.object(), "Remove", Map.of("Id", jobs.get(i), "Reason", "drain"), CALL));
                ackedRemovals.add(jobs.get(i));
            } catch (RuntimeException e) {
                // Cut off by the kill: not acknowledged, so the job may or may not have left.
                if (stop.get()) {
                    return;
                }
            }
        }
    }

    /**
     * Checks that the history holds each job at most once and every acknowledged removal's job,
     * once the removed jobs a restart finds still queued have left; returns each job's count.
     */
    private Map<String, Integer> checkOnce(Console console, SchedulerProcess s, String when) {
        SchedulerServiceTest.await(() -> console.query(s.agent(), "job", Predicate.eq("JobStatus", 3L), WAIT).isEmpty(), WAIT,
                "the removed jobs left in the queue to reach the history " + when);
        Map<String, Integer> counts = new TreeMap<>();
        for (String id : history(console, s)) {
            counts.merge(id, 1, Integer::sum);
        }
        List<String> twice = counts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
        List<String> missing = ackedRemovals.stream().filter(id -> !counts.containsKey(id)).sorted().toList();
        List<String> stillQueued = queued(console, s).stream().filter(counts::containsKey).toList();
        assertAll(() -> assertEquals(List.of(), twice, when + ": jobs in the history more than once" + s.output()),
                () -> assertEquals(List.of(), missing, when + ": acknowledged removals not in the history" + s.output()),
                () -> assertEquals(List.of(), stillQueued, when + ": jobs both queued and in the history" + s.output()));
        return counts;
    }

    private static List<String> queued(Console console, SchedulerProcess s) {
        return console.query(s.agent(), "job", null, WAIT).stream().map(job -> job.get("ClusterId") + "." + job.get("ProcId")).toList();
    }

    /** Every job id in the history, newest first, by a scan (a constraint that names no id): one page holds them all. */
    private static List<String> history(Console console, SchedulerProcess s) {
        Map<String, Object> answer = Console.join(console.invoke(s.agent(), s.object(), "GetHistory",
                Map.of("Constraint", "ClusterId + 0 > 0"), WAIT));
        assertTrue(!Boolean.TRUE.equals(answer.get("More")), "one page holds the whole history");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> ads = (List<Map<String, Object>>) answer.get("Ads");
        return ads.stream().map(ad -> ad.get("ClusterId") + "." + ad.get("ProcId")).toList();
    }
}
