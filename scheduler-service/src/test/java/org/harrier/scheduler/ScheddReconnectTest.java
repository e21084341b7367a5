package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.SpooledSchedds.Running;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.store.QueueLog;
import org.harrier.testing.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scheduler that stops without releasing its claims (a crash) and starts again on the same
 * spool takes its running jobs' claims back (docs/protocols.md, "Scheduler restart"): the job
 * stays Running, the startd is asked whether it still holds the claim, and the exit report that
 * waited for the scheduler completes the job once. A claim the startd disowns is given up at the
 * next keep-alive round; a scheduler closed on purpose released its claims and runs the jobs again.
 */
@Timeout(60)
class ScheddReconnectTest {
    private static final ClassAd JOB = ClassAd.builder().set("Cmd", "/bin/sleep").set("Args", "60")
            .setExpr("Requirements", "TRUE").set("Owner", "alice").set("Iwd", "/tmp").set("JobLeaseDuration", 600).build();
    private static final JobId J0 = new JobId(1, 0);
    private static final ExitReport CLEAN = new ExitReport(0, false, 0, 0.1, 0.0, 1.0);

    @TempDir
    Path spool;

    private final SpooledSchedds schedds = new SpooledSchedds();
    private final ManualExecutor owner = schedds.owner;
    private final SettableClock clock = schedds.clock;

    private Running start() throws Exception {
        return schedds.start(spool);
    }

    private <T> T await(CompletableFuture<T> f) throws Exception {
        return schedds.await(f);
    }

    private List<RecordingStartds.Call> activates(RecordingStartds startds, int count) {
        return schedds.activates(startds, count);
    }

    /** A first scheduler runs one job (of {@code count}) on a claim, then stops without a word; returns the claim. */
    private ClaimGrant runOneThenCrash(int count) throws Exception {
        Running first = start();
        Schedd s = first.schedd();
        assertEquals(1, (int) await(s.submitCluster(JOB, count, null)));
        AutoclusterRequest r = await(s.requests()).get(0);
        await(s.matched(List.of(new SlotMatch(r.requestId(), RecordingStartds.slot("slot1@host1")))));
        ClaimGrant g = first.startds().grantNext();
        activates(first.startds(), 1);
        first.startds().answerAll("Activate");
        assertTrue(await(s.reports().jobStarted(J0, g.claimId(), "slot1_1@host1")));
        s.closeJournal();
        return g;
    }

    @Test
    void aRunningJobStaysRunningOnItsClaimAndItsWaitingExitReportCompletesItOnce() throws Exception {
        ClaimGrant g = runOneThenCrash(1);
        ClassAd recorded = QueueLog.open(spool).queue().ad(J0);
        assertEquals(Expr.parse('"' + g.claimId() + '"'), recorded.lookup("ClaimId"), "the start recorded the claim");

        Running second = start();
        Schedd t = second.schedd();
        List<RecordingStartds.Call> alive = second.startds().all("Alive");
        assertAll(() -> assertEquals(JobStatus.RUNNING, await(t.status(J0))),
                () -> assertEquals(1, (int) await(t.claimCount())),
                () -> assertEquals(0, await(t.requests()).size(), "a running job is not matched again"),
                () -> assertEquals(1, alive.size(), "the startd is asked about the claim at once"),
                () -> assertEquals(g, alive.get(0).claim(), "the claim as granted: id, slot object, carved slot"));
        second.startds().answerAll("Alive");

        assertTrue(await(t.reports().jobExited(J0, g.claimId(), CLEAN)), "the exit report that waited is applied");
        assertFalse(await(t.reports().jobExited(J0, g.claimId(), CLEAN)), "a second copy is ignored");
        ClassAd done = await(t.ad(J0));
        assertAll(() -> assertEquals(Expr.parse("4"), done.lookup("JobStatus")),
                () -> assertEquals(Expr.parse("1"), done.lookup("NumJobStarts")),
                () -> assertEquals(Expr.parse("1"), done.lookup("NumJobCompletions")),
                () -> assertEquals(List.of(JobStatus.RUNNING, JobStatus.COMPLETED), second.events().statusesOf(J0)),
                () -> assertEquals(1, second.startds().all("Release").size(), "nothing else to run: the claim is released"));
        t.closeJournal();
    }

    @Test
    void aClaimWhoseJobsEndWasWrittenButNotItsReuseIsReleasedAndTheNextJobMatchedAgain() throws Exception {
        ClaimGrant g = runOneThenCrash(2);
        // The scheduler died after writing the job's completion, before the transaction that takes
        // it out of the queue and before reusing or releasing its claim.
        try (QueueLog log = QueueLog.open(spool).log()) {
            log.append(org.harrier.scheduler.queue.Transaction.builder().status(J0, JobStatus.COMPLETED, 500).build());
            await(log.synced());
        }

        Running second = start();
        Schedd t = second.schedd();
        List<RecordingStartds.Call> released = second.startds().all("Release");
        assertAll(() -> assertEquals(1, released.size(), "the claim no job took back is released"),
                () -> assertEquals(g, released.get(0).claim()),
                () -> assertEquals(0, second.startds().all("Alive").size(), "nor adopted"),
                () -> assertEquals(0, (int) await(t.claimCount())),
                () -> assertEquals(1, await(t.requests()).size(), "the next job is matched again"),
                () -> assertEquals(JobStatus.COMPLETED, JobStatus.of(Long.parseLong(await(t.ad(J0)).lookup("JobStatus").unparse()))));
        t.closeJournal();
    }

    @Test
    void theAdoptedClaimRunsTheNextJobOfItsAutocluster() throws Exception {
        ClaimGrant g = runOneThenCrash(2);
        Running second = start();
        Schedd t = second.schedd();
        second.startds().answerAll("Alive");
        assertTrue(await(t.reports().jobExited(J0, g.claimId(), CLEAN)));
        List<RecordingStartds.Call> activated = activates(second.startds(), 1);
        assertEquals(1, activated.size());
        assertEquals(new JobId(1, 1), activated.get(0).job());
        assertEquals(g.claimId(), activated.get(0).claim().claimId());
        t.closeJournal();
    }

    @Test
    void aClaimTheStartdDisownsIsGivenUpAtTheNextRoundAfterReportsThatWaited() throws Exception {
        ClaimGrant g = runOneThenCrash(1);
        Running second = start();
        Schedd t = second.schedd();
        second.startds().pending("Alive").get(0).answer()
                .completeExceptionally(new ScheddFailure.UnknownClaim("no claim " + g.claimId()));
        owner.runAll();
        assertEquals(JobStatus.RUNNING, await(t.status(J0)), "not at once: an exit report may still be waiting");

        clock.advance(Duration.ofSeconds(5));
        assertEquals(List.of(J0), await(t.renewClaims()));
        ClassAd idle = await(t.ad(J0));
        assertAll(() -> assertEquals(JobStatus.IDLE, await(t.status(J0))),
                () -> assertEquals(0, (int) await(t.claimCount())),
                () -> assertTrue(idle.lookup("VacateReason").unparse().contains("no longer holds"), idle.lookup("VacateReason").unparse()),
                () -> assertEquals(1, await(t.requests()).size(), "matched again"),
                () -> assertFalse(await(t.reports().jobExited(J0, g.claimId(), CLEAN)), "a report from the given-up claim is ignored"));
        t.closeJournal();
    }

    @Test
    void aReportThatArrivesAfterTheStartdDisownedTheIdleClaimStillCompletesTheJob() throws Exception {
        ClaimGrant g = runOneThenCrash(2);
        Running second = start();
        Schedd t = second.schedd();
        second.startds().pending("Alive").get(0).answer()
                .completeExceptionally(new ScheddFailure.UnknownClaim("no claim " + g.claimId()));
        owner.runAll();
        assertTrue(await(t.reports().jobExited(J0, g.claimId(), CLEAN)));
        assertAll(() -> assertEquals(JobStatus.COMPLETED, JobStatus.of(Long.parseLong(await(t.ad(J0)).lookup("JobStatus").unparse()))),
                () -> assertEquals(0, second.startds().all("Activate").size(), "a disowned claim runs nothing more"),
                () -> assertEquals(1, second.startds().all("Release").size()),
                () -> assertEquals(1, await(t.requests()).size(), "the other job is matched anew"));
        t.closeJournal();
    }

    @Test
    void aSchedulerClosedOnPurposeReleasedItsClaimsAndItsJobsRunAgain() throws Exception {
        Running first = start();
        Schedd s = first.schedd();
        await(s.submit(JOB));
        AutoclusterRequest r = await(s.requests()).get(0);
        await(s.matched(List.of(new SlotMatch(r.requestId(), RecordingStartds.slot("slot1@host1")))));
        ClaimGrant g = first.startds().grantNext();
        activates(first.startds(), 1);
        first.startds().answerAll("Activate");
        assertTrue(await(s.reports().jobStarted(J0, g.claimId(), "slot1_1@host1")));
        CompletableFuture<Void> released = s.releaseClaims();
        owner.runAll();
        first.startds().answerAll("Deactivate");
        first.startds().answerAll("Release");
        await(released);
        s.closeJournal();

        Running second = start();
        ClassAd ad = await(second.schedd().ad(J0));
        assertAll(() -> assertEquals(JobStatus.IDLE, await(second.schedd().status(J0))),
                () -> assertNull(ad.lookup("ClaimId"), "the released claim's record went with it"),
                () -> assertEquals(0, second.startds().all("Alive").size()));
        second.schedd().closeJournal();
    }

    /** A first scheduler records a claim for job 1.0 and sends its Activate, then dies before any answer; returns the claim. */
    private ClaimGrant activateThenCrash() throws Exception {
        Running first = start();
        Schedd s = first.schedd();
        await(s.submit(JOB));
        AutoclusterRequest r = await(s.requests()).get(0);
        await(s.matched(List.of(new SlotMatch(r.requestId(), RecordingStartds.slot("slot1@host1")))));
        ClaimGrant g = first.startds().grantNext();
        activates(first.startds(), 1);
        s.closeJournal();
        return g;
    }

    /** The restarted scheduler's answer to its Alive, then its keep-alive round: the Activate goes out again then. */
    private RecordingStartds.Call reactivation(Running second) throws Exception {
        List<RecordingStartds.Call> alive = second.startds().all("Alive");
        assertAll(() -> assertEquals(1, alive.size(), "the startd is asked about the claim at once"),
                () -> assertEquals(0, second.startds().all("Activate").size(), "not before the reports that waited"),
                () -> assertEquals(JobStatus.IDLE, await(second.schedd().status(J0)), "never confirmed: still Idle"),
                () -> assertEquals(0, await(second.schedd().requests()).size(), "but not matched again: its claim may run it"));
        second.startds().answerAll("Alive");
        clock.advance(Duration.ofSeconds(5));
        assertEquals(List.of(), await(second.schedd().renewClaims()));
        return activates(second.startds(), 1).get(0);
    }

    @Test
    void theClaimIsOnDiskBeforeTheActivateAndAJobWhoseActivateNeverArrivedRunsOnItsClaimOnce() throws Exception {
        ClaimGrant g = activateThenCrash();
        ClassAd recorded = QueueLog.open(spool).queue().ad(J0);
        assertAll(() -> assertEquals(Expr.parse('"' + g.claimId() + '"'), recorded.lookup("ClaimId")),
                () -> assertEquals(Expr.parse("\"slot1_1@host1\""), recorded.lookup("PendingActivation")),
                () -> assertEquals(Expr.parse("1"), recorded.lookup("JobStatus"), "Idle until the start"));

        Running second = start();
        RecordingStartds.Call again = reactivation(second);
        assertAll(() -> assertEquals(g, again.claim()), () -> assertEquals(J0, again.job()),
                () -> assertNull(again.ad().lookup("PendingActivation"), "the scheduler's bookkeeping stays home"),
                () -> assertNull(again.ad().lookup("ClaimId")));
        again.answer().complete(Boolean.TRUE); // Started: the first Activate never arrived
        Schedd t = second.schedd();
        assertEquals(JobStatus.RUNNING, await(t.status(J0)));
        assertTrue(await(t.reports().jobExited(J0, g.claimId(), CLEAN)));
        ClassAd done = await(t.ad(J0));
        assertAll(() -> assertEquals(Expr.parse("1"), done.lookup("NumJobStarts")),
                () -> assertEquals(Expr.parse("4"), done.lookup("JobStatus")),
                () -> assertNull(done.lookup("PendingActivation")));
        t.closeJournal();
    }

    @Test
    void aJobWhoseActivateArrivedIsAdoptedWhenTheStartdSaysItsClaimIsRunningIt() throws Exception {
        ClaimGrant g = activateThenCrash();
        Running second = start();
        reactivation(second).answer().completeExceptionally(
                new ScheddFailure.WrongState("claim on slot1_1@host1 is running job 1.0"));
        Schedd t = second.schedd();
        ClassAd running = await(t.ad(J0));
        assertAll(() -> assertEquals(JobStatus.RUNNING, await(t.status(J0))),
                () -> assertEquals(Expr.parse("1"), running.lookup("NumJobStarts")),
                () -> assertEquals(Expr.parse("\"slot1_1@host1\""), running.lookup("RemoteHost")),
                () -> assertNull(running.lookup("PendingActivation")),
                () -> assertEquals(1, (int) await(t.claimCount())));
        assertTrue(await(t.reports().jobExited(J0, g.claimId(), CLEAN)));
        assertEquals(Expr.parse("1"), await(t.ad(J0)).lookup("NumJobStarts"), "one start, one completion");
        assertEquals(Expr.parse("1"), await(t.ad(J0)).lookup("NumJobCompletions"));
        t.closeJournal();
    }

    @Test
    void aJobThatRanAndExitedWhileTheSchedulerWasDownIsCompletedByItsWaitingReportAndNotActivatedAgain() throws Exception {
        ClaimGrant g = activateThenCrash();
        Running second = start();
        Schedd t = second.schedd();
        second.startds().answerAll("Alive");
        assertTrue(await(t.reports().jobExited(J0, g.claimId(), CLEAN)), "the report that waited records the start, then the exit");
        clock.advance(Duration.ofSeconds(5));
        await(t.renewClaims());
        ClassAd done = await(t.ad(J0));
        assertAll(() -> assertEquals(Expr.parse("4"), done.lookup("JobStatus")),
                () -> assertEquals(Expr.parse("1"), done.lookup("NumJobStarts")),
                () -> assertEquals(0, second.startds().all("Activate").size(), "never activated again"),
                () -> assertEquals(1, second.startds().all("Release").size()));
        t.closeJournal();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"the Alive", "the Activate sent again"})
    void aJobWhoseClaimIsGoneGoesBackToIdleWithoutTheRecord(String answeredUnknown) throws Exception {
        ClaimGrant g = activateThenCrash();
        Running second = start();
        Schedd t = second.schedd();
        ScheddFailure gone = new ScheddFailure.UnknownClaim("no claim " + g.claimId());
        if (answeredUnknown.equals("the Alive")) {
            second.startds().pending("Alive").get(0).answer().completeExceptionally(gone);
            owner.runAll();
            clock.advance(Duration.ofSeconds(5));
            await(t.renewClaims());
            assertEquals(0, second.startds().all("Activate").size(), "a disowned claim is not activated");
        } else {
            reactivation(second).answer().completeExceptionally(gone);
        }
        ClassAd idle = await(t.ad(J0));
        assertAll(() -> assertEquals(JobStatus.IDLE, await(t.status(J0))),
                () -> assertEquals(0, (int) await(t.claimCount())),
                () -> assertEquals(1, await(t.requests()).size(), "matched again"),
                () -> assertNull(idle.lookup("PendingActivation")),
                () -> assertNull(idle.lookup("ClaimId"), "the claim that never ran it is forgotten"),
                () -> assertNull(idle.lookup("NumJobStarts"), "never started"));
        t.closeJournal();
        assertNull(QueueLog.open(spool).queue().ad(J0).lookup("PendingActivation"), "forgotten on disk too");
    }

    @Test
    void aLiveSchedulerWhoseActivateIsRefusedForgetsTheClaimAndTheJobIsIdle() throws Exception {
        Running first = start();
        Schedd s = first.schedd();
        await(s.submit(JOB));
        AutoclusterRequest r = await(s.requests()).get(0);
        await(s.matched(List.of(new SlotMatch(r.requestId(), RecordingStartds.slot("slot1@host1")))));
        ClaimGrant g = first.startds().grantNext();
        activates(first.startds(), 1).get(0).answer().completeExceptionally(
                new ScheddFailure.UnknownClaim("no claim " + g.claimId()));
        owner.runAll();
        ClassAd idle = await(s.ad(J0));
        assertAll(() -> assertEquals(JobStatus.IDLE, await(s.status(J0))),
                () -> assertNull(idle.lookup("PendingActivation")),
                () -> assertNull(idle.lookup("ClaimId")),
                () -> assertEquals(List.of(JobStatus.IDLE), first.events().statusesOf(J0), "no change users see"),
                () -> assertEquals(1, await(s.requests()).size()));
        s.closeJournal();
        Running again = start();
        assertAll(() -> assertEquals(0, again.startds().all("Alive").size(), "no record left: nothing to reconnect"),
                () -> assertEquals(1, await(again.schedd().requests()).size()));
        again.schedd().closeJournal();
    }
}
