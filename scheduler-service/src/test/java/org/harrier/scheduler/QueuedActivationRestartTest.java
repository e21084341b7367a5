package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.SpooledSchedds.Running;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduler that crashes with a job queued behind its claim's running job takes both back on
 * restart (docs/protocols.md, "Queued activations"): each queued job's Activate is sent again at
 * the keep-alive round, in the startd's order, and the startd's 0x10003 (it runs or ran the job)
 * adopts it, also when the running job's waiting exit report was applied first.
 */
@Timeout(60)
class QueuedActivationRestartTest {
    private static final ClassAd JOB = JobAds.valid().build();
    private static final ExitReport SHORT = new ExitReport(0, false, 0, 0.0, 0.0, 0.0);
    private static final JobId J0 = new JobId(1, 0);
    private static final JobId J1 = new JobId(1, 1);
    private static final JobId J2 = new JobId(1, 2);

    @TempDir
    Path spool;

    private final SpooledSchedds schedds = new SpooledSchedds();

    private <T> T await(CompletableFuture<T> f) throws Exception {
        return schedds.await(f);
    }

    /** A cluster of {@code jobs} on scheduler {@code first}: 1.0 ran short on one claim and 1.1 runs there. */
    private ClaimGrant secondJobRunning(Running first, int jobs) throws Exception {
        Schedd s = first.schedd();
        await(s.submitCluster(JOB, jobs, null));
        AutoclusterRequest r = await(s.requests()).get(0);
        await(s.matched(List.of(new SlotMatch(r.requestId(), RecordingStartds.slot("slot1@host1")))));
        ClaimGrant g = first.startds().grantNext();
        schedds.activates(first.startds(), 1).get(0).answer().complete(true);
        assertTrue(await(s.reports().jobExited(J0, g.claimId(), SHORT)));
        schedds.activates(first.startds(), 2).get(1).answer().complete(true);
        return g;
    }

    /** 1.0 ran short on the claim, 1.1 runs, 1.2 and 1.3 are queued behind it (their Activate sent); then the scheduler stops dead. */
    private ClaimGrant queuedThenCrash() throws Exception {
        Running first = schedds.start(spool);
        Schedd s = first.schedd();
        ClaimGrant g = secondJobRunning(first, 4);
        queuedCalls(first, 1);
        s.closeJournal();
        return g;
    }

    @Test
    void aQueuedJobTheStartdRunsIsAdoptedWhenItsResentActivateFindsItRunning() throws Exception {
        ClaimGrant g = queuedThenCrash();
        Running second = schedds.start(spool);
        await(second.schedd().renewClaims());
        RecordingStartds.Call resent = second.startds().pending("ActivateQueued").get(0);
        assertEquals(J2, resent.job());
        assertTrue(await(second.schedd().reports().jobExited(J1, g.claimId(), SHORT)), "1.1's waiting exit report, applied first");
        resent.answer().completeExceptionally(new ScheddFailure.WrongState("claim on slot1_1@host1 is running job 1.2"));
        schedds.owner.runAll();
        assertEquals(JobStatus.RUNNING, await(second.schedd().status(J2)), "adopted, not matched again");
        assertEquals(1, (int) await(second.schedd().claimCount()));
        assertTrue(second.startds().all("Release").isEmpty(), "the claim is kept");
    }

    @Test
    void aQueuedJobStillQueuedIsKeptAndStartsAfterTheRunningJobsExit() throws Exception {
        ClaimGrant g = queuedThenCrash();
        Running second = schedds.start(spool);
        await(second.schedd().renewClaims());
        RecordingStartds.Call resent = second.startds().pending("ActivateQueued").get(0);
        assertEquals(List.of(J2), resent.jobs(), "each sent again on its own");
        resent.queued();
        schedds.owner.runAll();
        assertEquals(JobStatus.IDLE, await(second.schedd().status(J2)), "its start comes with 1.1's exit");
        assertTrue(await(second.schedd().reports().jobExited(J1, g.claimId(), SHORT, ClaimReporter.ANYONE, J2)));
        assertEquals(JobStatus.RUNNING, await(second.schedd().status(J2)));
    }

    @Test
    void queuedJobsAreQueuedAgainInTheStartdsOrderNotTheirIdOrder() throws Exception {
        Running first = schedds.start(spool);
        Schedd s = first.schedd();
        ClaimGrant g = secondJobRunning(first, 8);
        RecordingStartds.Call batch = queuedCalls(first, 1).get(0);
        assertEquals(List.of(J2, new JobId(1, 3), new JobId(1, 4), new JobId(1, 5), new JobId(1, 6), new JobId(1, 7)), batch.jobs());
        batch.queued();
        CompletableFuture<?> held = s.hold(J2.toString(), "not yet");
        schedds.owner.runAll();
        first.startds().answerAll("Deactivate");
        await(held);
        await(s.release(J2.toString())); // 1.2 is idle again, first in the idle order
        assertTrue(await(s.reports().jobExited(J1, g.claimId(), SHORT, ClaimReporter.ANYONE, new JobId(1, 3))),
                "1.3 runs, four are left queued, and the claim tops its queue up with 1.2 behind them");
        List<JobId> order = List.of(new JobId(1, 4), new JobId(1, 5), new JobId(1, 6), new JobId(1, 7), J2);
        assertEquals(List.of(J2), queuedCalls(first, 2).get(1).jobs());
        s.closeJournal();

        Running second = schedds.start(spool);
        await(second.schedd().renewClaims());
        assertEquals(order, second.startds().pending("ActivateQueued").stream().map(RecordingStartds.Call::job).toList(),
                "queued again in the order they were queued");
        second.startds().pending("ActivateQueued").forEach(RecordingStartds.Call::queued);
        assertTrue(await(second.schedd().reports().jobExited(new JobId(1, 3), g.claimId(), SHORT, ClaimReporter.ANYONE, new JobId(1, 4))));
        assertEquals(JobStatus.RUNNING, await(second.schedd().status(new JobId(1, 4))), "the startd's next job is the claim's next");
        assertEquals(JobStatus.IDLE, await(second.schedd().status(J2)), "still queued behind 1.7");
    }

    /** The scheduler's ActivateQueued calls once there are {@code n}. */
    private List<RecordingStartds.Call> queuedCalls(Running running, int n) {
        return org.harrier.testing.Await.value(n + " queued Activates", Duration.ofSeconds(20), () -> {
            schedds.owner.runAll();
            List<RecordingStartds.Call> calls = running.startds().all("ActivateQueued");
            return calls.size() >= n ? calls : null;
        });
    }
}
