package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.COMPLETED;
import static org.harrier.scheduler.queue.JobStatus.HELD;
import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.Startds.QueuedStart;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

/**
 * A claim that runs short jobs gets its next job queued on the startd while the current one runs
 * (docs/protocols.md, "Queued activations"): what the scheduler sends, and what each answer and
 * each change of plan does to the queued job and the claim.
 */
class QueuedActivationTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);
    static final JobId J1 = new JobId(1, 1);
    static final JobId J2 = new JobId(1, 2);
    static final JobId J3 = new JobId(1, 3);
    static final JobId J5 = new JobId(1, 5);
    static final JobId J6 = new JobId(1, 6);
    /** The jobs of the cluster: 1.0 and 1.1 run first, then QueuedJobs.DEPTH are queued and two are left. */
    static final int JOBS = QueuedJobs.DEPTH + 4;
    static final ExitReport SHORT = new ExitReport(0, false, 0, 0.0, 0.0, 0.0);
    static final ExitReport LONG = new ExitReport(0, false, 0, 0.0, 0.0, 5.0);

    /** {@link #JOBS} jobs in one cluster; 1.0 ran (short or long) and 1.1 runs on the claim, started. */
    private ClaimGrant secondJobRunning(ExitReport firstRun) {
        await(schedd.submitCluster(JobAds.valid().build(), JOBS, null));
        ClaimGrant g = matchAndGrant("slot1@host1");
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertTrue(startds.all("ActivateQueued").isEmpty(), "a new claim has run nothing yet: nothing is queued");
        assertTrue(await(schedd.jobExited(J0, g.claimId(), firstRun)));
        assertEquals(J1, lastActivated());
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertEquals(RUNNING, await(schedd.status(J1)));
        return g;
    }

    /** The first queued activation pending, checking that the claim holds DEPTH. */
    private RecordingStartds.Call queued() {
        List<RecordingStartds.Call> q = startds.pending("ActivateQueued");
        assertEquals(QueuedJobs.DEPTH, q.size(), "the claim's queue is full");
        return q.get(0);
    }

    /** The queued activation of {@code job}, pending or answered. */
    private RecordingStartds.Call queuedCall(JobId job) {
        return startds.all("ActivateQueued").stream().filter(c -> c.job().equals(job)).reduce((a, b) -> b).orElseThrow();
    }

    @Test
    void aClaimRunningShortJobsQueuesTheNextJobAsSoonAsOneStarts() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued();
        List<RecordingStartds.Call> q = startds.pending("ActivateQueued");
        assertEquals(List.of(J2, J3, new JobId(1, 4), J5), q.stream().map(RecordingStartds.Call::job).toList(), "in the idle order");
        assertTrue(q.stream().allMatch(c -> g.equals(c.claim())));
        assertEquals(IDLE, await(schedd.status(J2)), "Idle until the startd says it started");
        assertTrue(ClaimRecord.isPending(await(schedd.ad(J2))), "recorded on the claim before it was sent");
        assertEquals(List.of(1L, 2L, 3L, 4L), q.stream().map(c -> ClaimRecord.queuedOrder(await(schedd.ad(c.job())))).toList(),
                "each with its place in the claim's queue");
        assertEquals(1, requests().size());
        assertEquals(2, requests().get(0).count(), "only 1.6 and 1.7 are still offered for matching");
    }

    @Test
    void aClaimWhoseJobsRunLongQueuesNothing() {
        secondJobRunning(LONG);
        assertTrue(startds.all("ActivateQueued").isEmpty());
    }

    @Test
    void aStartAnsweredBeforeTheRunningJobsExitIsAppliedWithThatExit() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().answer().complete(QueuedStart.STARTED);
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J2)), "its start waits for 1.1's exit");
        assertTrue(await(schedd.jobExited(J1, g.claimId(), SHORT)));
        assertEquals(COMPLETED, events.statusesOf(J1).get(events.statusesOf(J1).size() - 1));
        assertEquals(RUNNING, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))));
        assertEquals(J6, startds.all("ActivateQueued").get(QueuedJobs.DEPTH).job(), "and the claim tops its queue up");
        assertEquals(QueuedJobs.DEPTH - 1 + 1, startds.pending("ActivateQueued").size());
        assertEquals(2, startds.all("Activate").size(), "no Activate went out for 1.2");
    }

    @Test
    void theRunningJobsExitFirstLeavesTheQueuedJobActivatingUntilItsAnswer() {
        ClaimGrant g = secondJobRunning(SHORT);
        RecordingStartds.Call q = queued();
        assertTrue(await(schedd.jobExited(J1, g.claimId(), SHORT)));
        assertEquals(IDLE, await(schedd.status(J2)));
        assertEquals(2, startds.all("Activate").size(), "the claim waits for the queued job's answer, not another Activate");
        q.answer().complete(QueuedStart.STARTED);
        owner.runAll();
        assertEquals(RUNNING, await(schedd.status(J2)));
        assertEquals(J6, startds.all("ActivateQueued").get(QueuedJobs.DEPTH).job());
    }

    @Test
    void aDroppedQueuedJobIsIdleAgainAndTheClaimKeepsItsRunningJob() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued().answer().complete(QueuedStart.DROPPED);
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))), "its record is gone");
        assertEquals(RUNNING, await(schedd.status(J1)));
        List.of(J3, new JobId(1, 4), J5).forEach(job -> queuedCall(job).answer().complete(QueuedStart.DROPPED));
        owner.runAll();
        assertTrue(await(schedd.jobExited(J1, g.claimId(), SHORT)));
        assertEquals(J2, lastActivated(), "the claim runs it next, with an Activate of its own");
    }

    @Test
    void aQueuedJobWhoseClaimIsEvictedIsIdleAgain() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued();
        assertTrue(await(schedd.jobExited(J1, g.claimId(), ExitReport.evicted(15, 0.0, 0.0, 0.0))));
        assertEquals(IDLE, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))));
        assertEquals(0, (int) await(schedd.claimCount()));
        queued().answer().completeExceptionally(new ScheddFailure.UnknownClaim("claim ended"));
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J2)), "the startd's late failure changes nothing");
    }

    @Test
    void holdingAQueuedJobDropsItAtTheStartdAndTheRunningJobGoesOn() {
        ClaimGrant g = secondJobRunning(SHORT);
        queued();
        var held = schedd.hold("1.2", "not now");
        owner.runAll();
        assertEquals(HELD, await(schedd.status(J2)));
        RecordingStartds.Call drop = startds.pending("Deactivate").get(0);
        assertEquals(J2, drop.job());
        startds.answerAll("Deactivate");
        await(held);
        assertEquals(RUNNING, await(schedd.status(J1)));
        assertTrue(await(schedd.jobExited(J1, g.claimId(), SHORT)));
        queuedCall(J3).answer().complete(QueuedStart.STARTED);
        owner.runAll();
        assertEquals(RUNNING, await(schedd.status(J3)), "the claim runs its next queued job");
    }

    @Test
    void aPromotedQueuedJobTheStartdRefusesIsAFailedActivationItsClaimIsDropped() {
        ClaimGrant g = secondJobRunning(SHORT);
        RecordingStartds.Call q = queued();
        assertTrue(await(schedd.jobExited(J1, g.claimId(), SHORT)));
        q.answer().completeExceptionally(new ScheddFailure.WrongState("claim on slot1_1@host1 is running job 9.9"));
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J2)));
        assertFalse(ClaimRecord.isPending(await(schedd.ad(J2))));
        assertEquals(0, (int) await(schedd.claimCount()));
        assertEquals(List.of(g), startds.all("Release").stream().map(RecordingStartds.Call::claim).toList());
    }

    @Test
    void aPromotedQueuedJobDroppedBeforeItsExitArrivedIsActivatedAgainOnTheSameClaim() {
        ClaimGrant g = secondJobRunning(SHORT);
        RecordingStartds.Call q = queued();
        assertTrue(await(schedd.jobExited(J1, g.claimId(), SHORT)));
        q.answer().complete(QueuedStart.DROPPED);
        List.of(J3, new JobId(1, 4), J5).forEach(job -> queuedCall(job).answer().complete(QueuedStart.DROPPED)); // all dropped with it
        owner.runAll();
        assertEquals(J2, lastActivated(), "idle again, and the free claim takes it with an Activate of its own");
        assertEquals(g, startds.all("Activate").get(2).claim());
    }
}
