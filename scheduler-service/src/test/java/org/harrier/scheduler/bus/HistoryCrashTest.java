package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.protocol.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history's index never changes an answer: a scheduler JVM has clusters submitted and
 * removed (each removal puts the cluster's jobs in the history) by four clients, and is killed
 * with SIGKILL at a random moment, three times; before the restarts the test also cuts the
 * index's last record short (round 2), and deletes the index and leaves a partial ad at the end
 * of the history (round 3). After each restart every acknowledged removal's jobs are in the
 * history once each, and GetHistory answers through the index (a cluster, a job, pages after a
 * cursor) exactly what a scan of the file (a constraint naming no id) answers.
 */
@Timeout(300)
class HistoryCrashTest {
    private static final String NAME = "historian";
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Duration CALL = Duration.ofSeconds(3);
    private static final int CLIENTS = 4;
    private static final int PROCS = 3;

    @TempDir
    Path dir;
    private final Set<Long> ackedRemovals = ConcurrentHashMap.newKeySet();

    @Test
    void historyAnswersThroughTheIndexStayTheFilesAfterSigkillAndADamagedIndex() throws Exception {
        Path spool = dir.resolve("spool");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl())) {
            Console console = bus.console();
            for (int round = 1; round <= 3; round++) {
                SchedulerProcess scheduler = start(broker.clientUrl(), spool, round);
                scheduler.awaitServing(console);
                checkHistory(console, scheduler, "after restart " + (round - 1));
                int before = ackedRemovals.size();
                long target = before + 20 + ThreadLocalRandom.current().nextInt(40);
                SigkillRound.killUnderLoad(scheduler.process(), CLIENTS, stop -> load(console, scheduler, stop),
                        () -> ackedRemovals.size() >= target, target + " acknowledged removals in round " + round, WAIT);
                damage(spool, round);
            }
            SchedulerProcess last = start(broker.clientUrl(), spool, 4);
            try {
                last.awaitServing(console);
                checkHistory(console, last, "after the last restart");
            } finally {
                last.process().destroy();
                last.process().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private SchedulerProcess start(String url, Path spool, int round) throws IOException {
        return SchedulerProcess.start(url, NAME, spool, dir.resolve("scheduler-" + round + ".log"));
    }

    /** Round 1: the kill alone. Round 2: the index's last record torn. Round 3: no index, and a partial ad. */
    private static void damage(Path spool, int round) throws IOException {
        Path index = spool.resolve("history-index");
        if (round == 2) {
            try (FileChannel ch = FileChannel.open(index, StandardOpenOption.WRITE)) {
                ch.truncate(ch.size() - 7);
            }
        } else if (round == 3) {
            Files.delete(index);
            Files.writeString(spool.resolve("history"), "ClusterId = 999999\nProcId = 0\nOwner = \"mall",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        }
    }

    /** One client: submit a cluster, remove it whole; record the removals acknowledged. */
    private void load(Console console, SchedulerProcess s, AtomicBoolean stop) {
        while (!stop.get()) {
            try {
                Map<String, Object> answer = Console.join(console.invoke(s.agent(), s.object(), "SubmitCluster",
                        Map.of("Ad", SchedulerServiceTest.seedAd(), "Count", (long) PROCS), CALL));
                long cluster = ((Number) answer.get("ClusterId")).longValue();
                Console.join(console.invoke(s.agent(), s.object(), "Remove", Map.of("Id", Long.toString(cluster)), CALL));
                ackedRemovals.add(cluster);
            } catch (RuntimeException e) {
                // The scheduler died under this call: not acknowledged, so nothing is owed.
                if (stop.get()) {
                    return;
                }
            }
        }
    }

    private void checkHistory(Console console, SchedulerProcess s, String when) {
        // A removal written without the destroy that follows it is finished again after the
        // restart, so the history still grows until no removed job is left in the queue.
        SchedulerServiceTest.await(() -> console.query(s.agent(), "job", Predicate.eq("JobStatus", 3L), WAIT).isEmpty(), WAIT,
                "the removed jobs left in the queue to reach the history " + when);
        // ClusterId + 0 names no id, so this is a scan of the files; the rest go through the index.
        List<String> scan = ids(history(console, s, "ClusterId + 0 > 0", null));
        Map<Long, List<String>> byCluster = new LinkedHashMap<>();
        for (String id : scan) {
            byCluster.computeIfAbsent(Long.parseLong(id.substring(0, id.indexOf('.'))), k -> new ArrayList<>()).add(id);
        }
        List<String> problems = new ArrayList<>();
        for (long cluster : ackedRemovals) {
            List<String> jobs = byCluster.getOrDefault(cluster, List.of());
            if (jobs.size() != PROCS || new java.util.HashSet<>(jobs).size() != PROCS) {
                problems.add("acknowledged removal of cluster " + cluster + " left " + jobs + " in the history");
            }
        }
        Map<Long, List<String>> looked = new HashMap<>();
        for (long cluster : byCluster.keySet()) {
            looked.put(cluster, ids(history(console, s, "ClusterId == " + cluster, null)));
        }
        String some = scan.isEmpty() ? "1.1" : scan.get(scan.size() / 2);
        String cluster = some.substring(0, some.indexOf('.'));
        List<String> job = ids(history(console, s, "ClusterId == " + cluster + " && ProcId == " + some.substring(cluster.length() + 1), null));
        List<String> paged = ids(history(console, s, null, 7L));
        assertAll(() -> assertTrue(problems.isEmpty(), when + ": " + problems + s.output()),
                () -> assertEquals(byCluster, looked, when + ": each cluster's lookup answers what the scan found of it"),
                () -> assertEquals(scan.isEmpty() ? List.of() : scan.stream().filter(some::equals).toList(), job,
                        when + ": a job's lookup"),
                () -> assertEquals(pagesOf(scan), paged.stream().distinct().toList(), when + ": pages of 7 after a cursor"));
    }

    /**
     * What pages after a cursor show of {@code scan}: all of it, in order. A history written
     * while final ads were fsynced ahead of the transactions destroying their jobs could hold a
     * job twice (a kill between the two); a page's After (its last job's id) then continues
     * after the newer copy, so pages may show some ads again, but skip none. Such a history can
     * still be read; HistoryDrainCrashTest shows a new one holds each job once.
     */
    private static List<String> pagesOf(List<String> scan) {
        return scan.stream().distinct().toList();
    }

    /** Every ad GetHistory answers for {@code constraint}, asking {@code limit} at a time (null: as many as fit). */
    private static List<Map<String, Object>> history(Console console, SchedulerProcess s, String constraint, Long limit) {
        List<Map<String, Object>> all = new ArrayList<>();
        String after = null;
        while (true) {
            Map<String, Object> args = new HashMap<>();
            if (constraint != null) {
                args.put("Constraint", constraint);
            }
            if (limit != null) {
                args.put("Limit", limit);
            }
            if (after != null) {
                args.put("After", after);
            }
            Map<String, Object> answer = Console.join(console.invoke(s.agent(), s.object(), "GetHistory", args, WAIT));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> ads = (List<Map<String, Object>>) answer.get("Ads");
            all.addAll(ads);
            boolean more = Boolean.TRUE.equals(answer.get("More"));
            if (ads.isEmpty() || (!more && limit == null) || (limit != null && ads.size() < limit)) {
                return all;
            }
            Map<String, Object> lastAd = ads.get(ads.size() - 1);
            after = lastAd.get("ClusterId") + "." + lastAd.get("ProcId");
        }
    }

    private static List<String> ids(List<Map<String, Object>> ads) {
        return ads.stream().map(a -> a.get("ClusterId") + "." + a.get("ProcId")).toList();
    }
}
