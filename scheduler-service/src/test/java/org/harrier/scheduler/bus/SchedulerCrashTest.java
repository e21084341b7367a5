package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing acknowledged is lost: the scheduler runs as its own JVM on a spool directory, eight
 * clients submit clusters, remove jobs and edit attributes as fast as it answers, and the scheduler is killed
 * with SIGKILL at a random moment, three times over. After each restart every acknowledged
 * cluster is there whole, every acknowledged removal and edit stays done, and no cluster is there in part
 * (a transaction is applied whole or not at all).
 */
@Timeout(240)
class SchedulerCrashTest {
    private static final String NAME = "crashy";
    private static final AgentName AGENT = AgentName.harrier("scheduler", NAME);
    private static final ObjectId SCHEDULER = ObjectId.grid("scheduler", NAME);
    private static final Duration WAIT = Duration.ofSeconds(20);
    /** A client's patience: a call cut off by the kill is given up soon (it is simply not acknowledged). */
    private static final Duration CALL = Duration.ofSeconds(3);
    private static final int CLIENTS = 8;
    private static final int PROCS = 4;

    @TempDir
    Path dir;

    /** What the clients were told succeeded. */
    private final Set<Long> ackedClusters = ConcurrentHashMap.newKeySet();
    private final Set<String> ackedRemovals = ConcurrentHashMap.newKeySet();
    /** Jobs whose Mark attribute an acknowledged SetAttribute set to their cluster id. */
    private final Set<String> ackedEdits = ConcurrentHashMap.newKeySet();

    @Test
    void acknowledgedSubmitsRemovalsAndEditsSurviveSigkillUnderLoad() throws Exception {
        Path spool = dir.resolve("spool");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl())) {
            Console console = bus.console();
            for (int round = 1; round <= 3; round++) {
                Process scheduler = startScheduler(broker.clientUrl(), spool, round);
                awaitServing(console, scheduler, round);
                checkNothingAcknowledgedIsLost(console, "after restart " + (round - 1), round);
                int before = ackedClusters.size();
                // A random moment once the load is well under way.
                long target = before + 40 + ThreadLocalRandom.current().nextInt(80);
                SigkillRound.killUnderLoad(scheduler, CLIENTS, stop -> load(console, stop),
                        () -> ackedClusters.size() >= target, target + " acknowledged clusters in round " + round, WAIT);
                System.out.printf("round %d: killed after %d acknowledged clusters (%d this round), %d removals, %d edits%n",
                        round, ackedClusters.size(), ackedClusters.size() - before, ackedRemovals.size(), ackedEdits.size());
                assertTrue(ackedClusters.size() > before, "round " + round + ": no submission was acknowledged\n"
                        + Files.readString(dir.resolve("scheduler-" + round + ".log")));
            }
            Process last = startScheduler(broker.clientUrl(), spool, 4);
            try {
                awaitServing(console, last, 4);
                checkNothingAcknowledgedIsLost(console, "after the last restart", 4);
            } finally {
                last.destroy();
                last.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private Process startScheduler(String url, Path spool, int round) throws IOException {
        return SchedulerProcess.start(url, NAME, spool, dir.resolve("scheduler-" + round + ".log")).process();
    }

    private void awaitServing(Console console, Process scheduler, int round) {
        new SchedulerProcess(scheduler, dir.resolve("scheduler-" + round + ".log"), NAME).awaitServing(console);
    }

    /** One client: submit a cluster, sometimes remove one of its procs; record what was acknowledged. */
    private void load(Console console, AtomicBoolean stop) {
        while (!stop.get()) {
            try {
                Map<String, Object> answer = Console.join(console.invoke(AGENT, SCHEDULER, "SubmitCluster",
                        Map.of("Ad", SchedulerServiceTest.seedAd(), "Count", (long) PROCS), CALL));
                long cluster = ((Number) answer.get("ClusterId")).longValue();
                ackedClusters.add(cluster);
                if (cluster % 3 == 0) {
                    String job = cluster + ".1";
                    Console.join(console.invoke(AGENT, SCHEDULER, "Remove", Map.of("Id", job, "Reason", "crash test"), CALL));
                    ackedRemovals.add(job);
                }
                if (cluster % 2 == 0) {
                    String job = cluster + ".2";
                    Console.join(console.invoke(AGENT, SCHEDULER, "SetAttribute",
                            Map.of("Id", job, "Name", "Mark", "Value", Long.toString(cluster)), CALL));
                    ackedEdits.add(job);
                }
            } catch (RuntimeException e) {
                // The scheduler died under this call: not acknowledged, so nothing is owed.
                if (stop.get()) {
                    return;
                }
            }
        }
    }

    private void checkNothingAcknowledgedIsLost(Console console, String when, int round) throws IOException {
        String log = Files.readString(dir.resolve("scheduler-" + round + ".log"));
        Map<Long, List<Long>> procs = new HashMap<>();
        Map<String, Object> marks = new HashMap<>();
        for (ObjectData job : console.query(AGENT, "job", null, WAIT)) {
            marks.put(job.id().key(), job.get("Mark"));
            procs.computeIfAbsent((Long) job.get("ClusterId"), k -> new ArrayList<>()).add((Long) job.get("ProcId"));
            assertEquals(1L, job.get("JobStatus"), when + ": " + job.id() + " is idle (no exec service runs jobs); "
                    + "the scheduler's log:\n" + log);
        }
        List<String> problems = new ArrayList<>();
        for (long cluster : ackedClusters) {
            List<Long> have = procs.getOrDefault(cluster, List.of());
            boolean removedProc1 = have.size() == PROCS - 1 && !have.contains(1L);
            // A removal whose answer was lost to the kill may or may not have happened; an acknowledged one has.
            boolean ok = ackedRemovals.contains(cluster + ".1") ? removedProc1
                    : have.size() == PROCS || (cluster % 3 == 0 && removedProc1);
            if (!ok) {
                problems.add("acknowledged cluster " + cluster + " has procs " + have
                        + (ackedRemovals.contains(cluster + ".1") ? " (removal of proc 1 acknowledged)" : ""));
            }
        }
        for (String job : ackedEdits) {
            long cluster = Long.parseLong(job.substring(0, job.indexOf('.')));
            if (!Long.valueOf(cluster).equals(marks.get(job))) {
                problems.add("acknowledged SetAttribute of " + job + " Mark = " + cluster + " reads " + marks.get(job));
            }
        }
        procs.forEach((cluster, have) -> {
            // Any cluster there at all (acknowledged or not) is whole, less at most its removed proc 1.
            boolean whole = have.size() == PROCS || (have.size() == PROCS - 1 && !have.contains(1L));
            if (!whole) {
                problems.add("cluster " + cluster + " is there in part: procs " + have);
            }
        });
        assertAll(() -> assertTrue(problems.isEmpty(), when + ": " + problems),
                () -> assertTrue(procs.keySet().containsAll(ackedClusters), when + ": acknowledged clusters missing"));
    }
}
