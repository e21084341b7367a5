package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.COMPLETED;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whatever the startd answers a queued activation and in whichever order that answer and the
 * running job's exit report arrive, every job of the cluster runs to completion exactly once:
 * none is lost (Idle but neither offered nor on a claim), none started twice. A driver plays a
 * well-behaved startd (a job running and a queue per claim, each exit report naming the queued
 * job that started in its place), negotiator and keep-alive round around one scripted moment.
 */
class QueuedActivationOrderTest extends ScheddFixture {
    private static final int JOBS = 5;
    private static final ExitReport SHORT = new ExitReport(0, false, 0, 0.0, 0.0, 0.0);
    private static final JobId FIRST = new JobId(1, 0);
    private static final JobId SECOND = new JobId(1, 1);

    /** The startd the driver plays: per claim id, the job it runs and the jobs it holds queued. */
    private final Map<String, JobId> running = new HashMap<>();
    private final Map<String, Deque<JobId>> held = new HashMap<>();

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({
            "QUEUED, answer first", "FIRST_STARTED, exit first",
            "REFUSED, answer first", "REFUSED, exit first",
            "NO_ANSWER, answer first", "NO_ANSWER, exit first",
            "HELD_THEN_RELEASED, answer first"})
    void everyJobRunsOnceWhateverTheQueuedAnswerAndItsOrder(String answer, String order) {
        await(schedd.submitCluster(JobAds.valid().build(), JOBS, null));
        ClaimGrant g = matchAndGrant("slot1@host1");
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertTrue(await(schedd.reports().jobExited(FIRST, g.claimId(), SHORT)));
        startds.pending("Activate").get(0).answer().complete(true);
        running.put(g.claimId(), SECOND);
        owner.runAll();
        RecordingStartds.Call queued = startds.pending("ActivateQueued").get(0);
        if (order.equals("answer first")) {
            answer(queued, answer);
            exitRunning(g.claimId());
        } else {
            exitRunning(g.claimId());
            answer(queued, answer);
        }
        owner.runAll();
        if (answer.equals("HELD_THEN_RELEASED")) {
            await(schedd.release(queued.job().toString()));
        }
        drive();
        for (int p = 0; p < JOBS; p++) {
            List<JobStatus> seen = events.statusesOf(new JobId(1, p));
            assertEquals(COMPLETED, seen.get(seen.size() - 1), "job 1." + p + ": " + seen);
            assertEquals(1, Collections.frequency(seen, RUNNING), "job 1." + p + " started once: " + seen);
            assertEquals(1, Collections.frequency(seen, COMPLETED), "job 1." + p + " completed once: " + seen);
        }
    }

    private void answer(RecordingStartds.Call queued, String answer) {
        switch (answer) {
            case "QUEUED", "FIRST_STARTED" -> take(queued);
            case "REFUSED" -> queued.answer().completeExceptionally(new ScheddFailure.WrongState("claim busy"));
            case "NO_ANSWER" -> queued.answer().completeExceptionally(new java.util.concurrent.TimeoutException("no answer"));
            case "HELD_THEN_RELEASED" -> {
                take(queued);
                var hold = schedd.hold(queued.job().toString(), "wait");
                owner.runAll();
                answerDeactivates();
                await(hold);
            }
            default -> throw new IllegalArgumentException(answer);
        }
        owner.runAll();
    }

    /** The startd takes a queued activation: behind its running job, or the first starts now on an Idle claim. */
    private void take(RecordingStartds.Call queued) {
        String claimId = queued.claim().claimId();
        Deque<JobId> q = held.computeIfAbsent(claimId, c -> new ArrayDeque<>());
        q.addAll(queued.jobs());
        if (running.containsKey(claimId)) {
            queued.queued();
        } else {
            running.put(claimId, q.poll());
            queued.firstStarted();
        }
    }

    /** The claim's running job ends; the first job queued there starts in its place and its report says so. */
    private boolean exitRunning(String claimId) {
        JobId job = running.remove(claimId);
        JobId next = held.getOrDefault(claimId, new ArrayDeque<>()).poll();
        if (next != null) {
            running.put(claimId, next);
        }
        return await(schedd.reports().jobExited(job, claimId, SHORT, ClaimReporter.ANYONE, next));
    }

    /** Deactivate drops a queued job, or kills the running one (whose report follows, the next queued job starting). */
    private void answerDeactivates() {
        for (RecordingStartds.Call d : startds.pending("Deactivate")) {
            String claimId = d.claim().claimId();
            Deque<JobId> q = held.getOrDefault(claimId, new ArrayDeque<>());
            if (!q.remove(d.job()) && d.job().equals(running.get(claimId))) {
                d.answer().complete(null);
                exitRunning(claimId);
            }
            d.answer().complete(null);
        }
    }

    /**
     * A startd and negotiator that do the expected: every Activate starts its job, every running
     * job exits, claims are granted and released, until nothing is left or nothing moves.
     */
    private void drive() {
        boolean renewed = false;
        for (int step = 0; step < 200; step++) {
            owner.runAll();
            boolean moved = false;
            for (RecordingStartds.Call a : startds.pending("Activate")) {
                running.put(a.claim().claimId(), a.job());
                a.answer().complete(true);
                moved = true;
            }
            for (RecordingStartds.Call a : startds.pending("ActivateQueued")) {
                take(a);
                moved = true;
            }
            if (!startds.pending("Deactivate").isEmpty()) {
                answerDeactivates();
                moved = true;
            }
            for (RecordingStartds.Call r : startds.pending("Release")) {
                running.remove(r.claim().claimId());
                held.remove(r.claim().claimId());
                r.answer().complete(null);
                moved = true;
            }
            owner.runAll();
            for (String claimId : List.copyOf(running.keySet())) {
                moved |= exitRunning(claimId);
            }
            if (startds.pending("Claim").isEmpty() && !requests().isEmpty()) {
                matchAndGrant("slot1@host1");
                moved = true;
            }
            if (!moved && renewed) {
                return;
            }
            if (!moved) {
                await(schedd.renewClaims()); // the keep-alive round asks again about what was never answered
            }
            renewed = !moved;
        }
    }
}
