package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.COMPLETED;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.Startds.QueuedStart;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whatever the startd answers a queued activation and in whichever order that answer and the
 * running job's exit report arrive, every job of the cluster runs to completion exactly once:
 * none is lost (Idle but neither offered nor on a claim), none started twice. A driver plays a
 * well-behaved startd and negotiator around one scripted moment.
 */
class QueuedActivationOrderTest extends ScheddFixture {
    private static final int JOBS = 5;
    private static final ExitReport SHORT = new ExitReport(0, false, 0, 0.0, 0.0, 0.0);

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({
            "STARTED, answer first", "STARTED, exit first",
            "DROPPED, answer first", "DROPPED, exit first",
            "REFUSED, answer first", "REFUSED, exit first",
            "NO_ANSWER, answer first", "NO_ANSWER, exit first",
            "HELD_THEN_RELEASED, answer first", "HELD_THEN_RELEASED, exit first"})
    void everyJobRunsOnceWhateverTheQueuedAnswerAndItsOrder(String answer, String order) {
        await(schedd.submitCluster(JobAds.valid().build(), JOBS, null));
        ClaimGrant g = matchAndGrant("slot1@host1");
        JobId first = new JobId(1, 0);
        JobId second = new JobId(1, 1);
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertTrue(await(schedd.jobExited(first, g.claimId(), SHORT)));
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        RecordingStartds.Call queued = startds.pending("ActivateQueued").get(0);
        Runnable answerIt = () -> answer(queued, answer);
        Runnable exitIt = () -> assertTrue(await(schedd.jobExited(second, g.claimId(), SHORT)));
        if (order.equals("answer first")) {
            answerIt.run();
            exitIt.run();
        } else {
            exitIt.run();
            answerIt.run();
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
            case "STARTED" -> queued.answer().complete(QueuedStart.STARTED);
            case "DROPPED" -> queued.answer().complete(QueuedStart.DROPPED);
            case "REFUSED" -> queued.answer().completeExceptionally(new ScheddFailure.WrongState("claim busy"));
            case "NO_ANSWER" -> queued.answer().completeExceptionally(new java.util.concurrent.TimeoutException("no answer"));
            case "HELD_THEN_RELEASED" -> {
                var held = schedd.hold(queued.job().toString(), "wait");
                owner.runAll();
                startds.answerAll("Deactivate");
                await(held);
                queued.answer().complete(QueuedStart.DROPPED); // the startd dropped it for the Deactivate
            }
            default -> throw new IllegalArgumentException(answer);
        }
        owner.runAll();
    }

    /**
     * A startd and negotiator that do the expected: every Activate starts its job, every running
     * job exits, claims are granted and released, until nothing is left or nothing moves.
     */
    private void drive() {
        for (int step = 0; step < 200; step++) {
            owner.runAll();
            boolean moved = false;
            for (RecordingStartds.Call a : startds.pending("Activate")) {
                a.answer().complete(true);
                moved = true;
            }
            for (RecordingStartds.Call a : startds.pending("ActivateQueued")) {
                a.answer().complete(QueuedStart.STARTED);
                moved = true;
            }
            for (String m : List.of("Release", "Deactivate")) {
                if (!startds.pending(m).isEmpty()) {
                    startds.answerAll(m);
                    moved = true;
                }
            }
            owner.runAll();
            for (Map.Entry<JobId, String> running : runningClaims().entrySet()) {
                moved |= await(schedd.jobExited(running.getKey(), running.getValue(), SHORT));
            }
            if (startds.pending("Claim").isEmpty() && !requests().isEmpty()) {
                matchAndGrant("slot1@host1");
                moved = true;
            }
            if (!moved) {
                return;
            }
        }
    }

    /** Each running job and the claim its last Activate (queued or not) went out on. */
    private Map<JobId, String> runningClaims() {
        Map<JobId, String> out = new java.util.LinkedHashMap<>();
        List<RecordingStartds.Call> activations;
        synchronized (startds) {
            activations = startds.calls.stream().filter(c -> c.method().startsWith("Activate")).toList(); // in the order sent
        }
        for (RecordingStartds.Call a : activations) {
            if (await(schedd.status(a.job())) == RUNNING) {
                out.put(a.job(), a.claim().claimId());
            }
        }
        return out;
    }
}
