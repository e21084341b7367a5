package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.COMPLETED;
import static org.harrier.scheduler.queue.JobStatus.HELD;
import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

/**
 * A claim that runs short jobs gets its next jobs queued on the startd while the current one runs
 * (docs/protocols.md, "Queued activations"): what the scheduler sends, and what each answer, each
 * exit report naming the job that started next, and each change of plan does to the queued jobs
 * and the claim.
 */
class QueuedActivationTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);
    static final JobId J1 = new JobId(1, 1);
    static final JobId J2 = new JobId(1, 2);
    static final JobId J3 = new JobId(1, 3);
    static final ExitReport SHORT = new ExitReport(0, false, 0, 0.0, 0.0, 0.0);
    static final ExitReport LONG = new ExitReport(0, false, 0, 0.0, 0.0, 5.0);
    /** The jobs of the cluster: 1.0 and 1.1 run first, then QueuedJobs.DEPTH are queued and two are left. */
    static final int JOBS = QueuedJobs.DEPTH + 4;

    static JobId job(int proc) {
        return new JobId(1, proc);
    }

    /** {@link #JOBS} jobs in one cluster; 1.0 ran (short or long) and 1.1 runs on the claim, started. */
    private ClaimGrant secondJobRunning(ExitReport firstRun) {
        await(schedd.submitCluster(JobAds.valid().build(), JOBS, null));
        ClaimGrant g = matchAndGrant("slot1@host1");
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertTrue(startds.all("ActivateQueued").isEmpty(), "a new claim has run nothing yet: nothing is queued");
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), firstRun)));
        assertEquals(J1, lastActivated());
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertEquals(RUNNING, await(schedd.status(J1)));
        return g;
    }

    /** The claim's one queued activation, pending; its jobs are 1.2 to 1.(DEPTH + 1). */
    private RecordingStartds.Call queued() {
        List<RecordingStartds.Call> q = startds.pending("ActivateQueued");
        assertEquals(1, q.size(), "one queued activation pending");
        assertEquals(IntStream.range(2, 2 + QueuedJobs.DEPTH).mapToObj(QueuedActivationTest::job).toList(), q.get(0).jobs());
        return q.get(0);
    }

    /** Job {@code id}'s exit report on {@code g}, naming {@code next} (null: none) as started in its place. */
    private boolean exited(JobId id, ClaimGrant g, ExitReport report, JobId next) {
        return await(schedd.reports().jobExited(id, g.claimId(), report, ClaimReporter.ANYONE, next));
    }

    @Test
    void aClaimRunningShortJobsQueuesItsNextJobsInOneActivateAsSoonAsOneStarts() {
        ClaimGrant g = secondJobRunning(SHORT);
        RecordingStartds.Call q = queued();
        assertEquals(g, q.claim());
        assertEquals(IDLE, await(schedd.status(J2)), "Idle until the startd says it started");
        assertTrue(ClaimRecord.isPending(await(schedd.ad(J2))), "recorded on the claim before it was sent");
        assertEquals(LongStream.rangeClosed(1, QueuedJobs.DEPTH).boxed().toList(),
                q.jobs().stream().map(j -> ClaimRecord.queuedOrder(await(schedd.ad(j)))).toList(), "each with its place in the queue");
        assertEquals(2, requests().get(0).count(), "only the last two jobs are still offered for matching");
    }

    @Test
    void aClaimWhoseJobsRunLongQueuesNothing() {
        secondJobRunning(LONG);
        assertTrue(startds.all("ActivateQueued").isEmpty());
    }

    @Test
    void eachExitReportStartsTheJobItNamesAndTheQueueIsToppedUpOnceItIsHalfEmpty() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().queued();
        owner.runAll();
        assertTrue(exited(J1, g, SHORT, J2));
        assertEquals(COMPLETED, events.statusesOf(J1).get(events.statusesOf(J1).size() - 1));
        assertEquals(RUNNING, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))), "its start replaces its pending record");
        int refill = QueuedJobs.DEPTH - QueuedJobs.REFILL_AT; // the job whose successor's start leaves REFILL_AT queued
        for (int proc = 2; proc < refill; proc++) {
            assertTrue(exited(job(proc), g, SHORT, job(proc + 1)));
            assertEquals(1, startds.all("ActivateQueued").size(), "more than half the queue is left: no Activate");
        }
        assertTrue(exited(job(refill), g, SHORT, job(refill + 1)));
        List<RecordingStartds.Call> calls = startds.all("ActivateQueued");
        assertEquals(2, calls.size(), "half empty: topped up");
        assertEquals(List.of(job(JOBS - 2), job(JOBS - 1)), calls.get(1).jobs(), "with every idle job left");
        assertEquals(2, startds.all("Activate").size(), "no plain Activate went out");
    }

    @Test
    void anExitWithoutNextStartedLeavesTheFirstQueuedJobActivatingUntilItsOwnReport() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().queued();
        assertTrue(exited(J1, g, SHORT, null));
        assertEquals(IDLE, await(schedd.status(J2)), "not started as far as the scheduler knows");
        assertTrue(exited(J2, g, SHORT, J3), "its exit overtook its start");
        assertEquals(1, events.statusesOf(J2).stream().filter(s -> s == RUNNING).count(), "its start recorded with its exit");
        assertEquals(COMPLETED, events.statusesOf(J2).get(events.statusesOf(J2).size() - 1));
        assertEquals(RUNNING, await(schedd.status(J3)));
    }

    @Test
    void aRefusedQueuedActivationPutsItsJobsBackToIdleAndTheClaimKeepsItsRunningJob() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().answer().completeExceptionally(new ScheddFailure.WrongState("the claim has 8 jobs queued already"));
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))), "its record is gone");
        assertEquals(JOBS - 2, requests().get(0).count(), "offered for matching again");
        assertEquals(RUNNING, await(schedd.status(J1)));
        assertTrue(exited(J1, g, SHORT, null));
        assertEquals(J2, lastActivated(), "the claim runs the next with an Activate of its own");
    }

    @Test
    void queuedJobsWhoseClaimIsEvictedAreIdleAgain() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().queued();
        assertTrue(exited(J1, g, ExitReport.evicted(15, 0.0, 0.0, 0.0), null));
        assertEquals(IDLE, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))));
        assertEquals(0, (int) await(schedd.claimCount()));
        assertEquals(JOBS - 1, requests().get(0).count(), "1.1 and every queued job");
    }

    @Test
    void holdingAQueuedJobDropsItAtTheStartdAndTheRunningJobGoesOn() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().queued();
        var held = schedd.hold("1.2", "not now");
        owner.runAll();
        assertEquals(HELD, await(schedd.status(J2)));
        RecordingStartds.Call drop = startds.pending("Deactivate").get(0);
        assertEquals(J2, drop.job());
        startds.answerAll("Deactivate");
        await(held);
        assertEquals(RUNNING, await(schedd.status(J1)));
        assertTrue(exited(J1, g, SHORT, J3));
        assertEquals(RUNNING, await(schedd.status(J3)), "the claim's next queued job runs");
    }

    @Test
    void aQueuedJobThatCouldNotStartIsHeldAndTheJobThatStartedInItsPlaceRuns() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().queued();
        assertTrue(exited(J1, g, SHORT, null));
        assertTrue(exited(J2, g, ExitReport.neverStarted("cannot execute /no/such", 6), J3));
        assertEquals(HELD, await(schedd.status(J2)));
        assertEquals(RUNNING, await(schedd.status(J3)));
    }

    @Test
    void onAClaimIdleBeforeTheAnswerTheFirstJobStartedAtOnceAndTheAnswerSaysSo() {
        ClaimGrant g = secondJobRunning(SHORT);
        RecordingStartds.Call q = queued();
        assertTrue(exited(J1, g, SHORT, null), "1.1 ended before the queued Activate reached the startd");
        assertEquals(IDLE, await(schedd.status(J2)));
        q.firstStarted();
        owner.runAll();
        assertEquals(RUNNING, await(schedd.status(J2)), "the answer is its start report");
    }

    @Test
    void theReportOfAJobStoppedOnTheClaimNamesTheQueuedJobThatStartedAfterIt() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().queued();
        var removed = schedd.remove("1.1", "done with it");
        owner.runAll();
        startds.answerAll("Deactivate");
        await(removed);
        assertEquals(IDLE, await(schedd.status(J2)), "the claim's next job, activating");
        assertFalse(exited(J1, g, ExitReport.evicted(15, 0.0, 0.0, 0.0), J2), "1.1 is not the claim's any more");
        assertEquals(RUNNING, await(schedd.status(J2)), "but its report carries 1.2's start");
    }

    @Test
    void queuedJobsGoBackToIdleWhenTheRunningJobRunsLong() {
        ClaimGrant g = secondJobRunning(SHORT);
        RecordingStartds.Call q = queued();
        q.queued();
        List<RecordingStartds.Call> drops = org.harrier.testing.Await.value("the queued jobs dropped",
                Duration.ofMillis(QueuedJobs.HOLD_MILLIS * 4), () -> {
                    owner.runAll();
                    List<RecordingStartds.Call> d = startds.pending("Deactivate");
                    return d.size() == QueuedJobs.DEPTH ? d : null;
                });
        assertEquals(q.jobs(), drops.stream().map(RecordingStartds.Call::job).toList());
        startds.answerAll("Deactivate");
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))));
        assertEquals(JOBS - 2, requests().get(0).count(), "matched anew");
        assertEquals(RUNNING, await(schedd.status(J1)), "the long job goes on");
        assertEquals(g, startds.all("Deactivate").get(0).claim());
    }

    @Test
    void aQueuedJobWhoseStartIsNeverReportedIsActivatedAgainAndItsClaimFoundGone() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().queued();
        assertTrue(exited(J1, g, SHORT, null), "1.1 retired and its claim ended with it: nothing started after it");
        RecordingStartds.Call again = org.harrier.testing.Await.value("1.2's Activate sent again",
                Duration.ofMillis(QueuedJobs.HOLD_MILLIS * 4), () -> {
                    owner.runAll();
                    List<RecordingStartds.Call> a = startds.pending("Activate");
                    return a.isEmpty() ? null : a.get(0);
                });
        assertEquals(J2, again.job());
        again.answer().completeExceptionally(new ScheddFailure.UnknownClaim("no such claim"));
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J2)));
        assertEquals(0, (int) await(schedd.claimCount()), "the claim is given up");
        assertEquals(JOBS - 2, requests().get(0).count(), "1.2 and every queued job matched anew");
    }

    @Test
    void aQueuedActivationWithNoAnswerLeavesItsJobsOnTheClaimAndAsksAgainAboutEach() {
        secondJobRunning(SHORT);
        RecordingStartds.Call q = queued();
        q.answer().completeExceptionally(new java.util.concurrent.TimeoutException("no answer within 30 s"));
        owner.runAll();
        assertTrue(ClaimRecord.isPending(await(schedd.ad(J2))), "the startd may hold it: it stays on the claim");
        assertEquals(2, requests().get(0).count(), "not offered for matching");
        await(schedd.renewClaims());
        List<RecordingStartds.Call> again = startds.pending("ActivateQueued");
        assertEquals(q.jobs(), again.stream().map(RecordingStartds.Call::job).toList(), "each asked about again, in order");
        assertTrue(again.stream().allMatch(c -> c.jobs().size() == 1));
    }
}
