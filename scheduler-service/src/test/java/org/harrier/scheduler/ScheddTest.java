package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.COMPLETED;
import static org.harrier.scheduler.queue.JobStatus.HELD;
import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.REMOVED;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.Expr;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

class ScheddTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);
    static final JobId J1 = new JobId(1, 1);

    @Test
    void aSubmittedJobIsPublishedAndCountedForItsOwner() {
        assertEquals(J0, submit(JobAds.valid().build()));
        assertEquals(List.of("queued"), events.kindsOf(J0));
        assertEquals(new SubmitterCounts("alice", 1, 0, 0, 1), events.lastSubmitter("alice"));
        SchedulerStatistics s = events.lastStatistics();
        assertEquals(1, s.totalIdleJobs());
        assertEquals(1, s.totalJobAds());
        assertEquals(1, s.numUsers());
        assertEquals(1, s.jobsSubmitted());
    }

    @Test
    void aBurstOfWorkPublishesTheSubmitterOnce() {
        schedd.submitCluster(JobAds.valid().build(), 50, null);
        schedd.submit(JobAds.valid().build());
        owner.runAll();
        assertEquals(51, events.jobs.size());
        assertEquals(1, events.submitters.size());
        assertEquals(51, events.lastSubmitter("alice").idleJobs());
        assertEquals(1, events.statistics.size());
    }

    @Test
    void idleJobsAreOfferedAsOneRequestPerAutocluster() {
        await(schedd.submitCluster(JobAds.valid().build(), 3, null));
        submit(JobAds.valid().set("RequestMemory", 2048).build());
        submit(JobAds.valid("bob").build());
        List<AutoclusterRequest> r = requests();
        assertEquals(List.of(3, 1, 1), r.stream().map(AutoclusterRequest::count).toList());
        assertEquals(List.of("alice", "alice", "bob"), r.stream().map(AutoclusterRequest::owner).toList());
        assertEquals(Expr.parse("2048"), r.get(1).ad().lookup("RequestMemory"));
    }

    @Test
    void aMatchClaimsTheSlotWithTheJobAdThenActivatesTheJob() {
        submit(JobAds.valid().build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        RecordingStartds.Call claim = startds.all("Claim").get(0);
        assertEquals("slot1@host1", claim.slot().slot().key());
        assertEquals(Expr.parse("\"1.0\""), claim.ad().lookup("CustomId"));
        RecordingStartds.Call activate = startds.all("Activate").get(0);
        assertEquals(g, activate.claim());
        assertEquals(J0, activate.job());
        assertEquals(Expr.parse("\"/bin/true\""), activate.ad().lookup("Cmd"));
        assertTrue(requests().isEmpty(), "a job handed to a claim is no longer offered");
        assertEquals(IDLE, await(schedd.status(J0)), "Running only once the starter says so");
    }

    @Test
    void anActivationAnsweredStartedIsTheStartReport() {
        submit(JobAds.valid().build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertEquals(RUNNING, await(schedd.status(J0)));
        assertEquals(Expr.parse("\"slot1_1@host1\""), await(schedd.ad(J0)).lookup("RemoteHost"));
        assertFalse(await(schedd.reports().jobStarted(J0, g.claimId(), "slot1_1@host1")), "a JobStarted after it changes nothing");
        assertEquals(List.of(IDLE, RUNNING), events.statusesOf(J0));
    }

    @Test
    void anExitReportThatOvertookTheActivationAnswerLeavesTheAnswerNothingToDo() {
        submit(JobAds.valid().build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), new ExitReport(0, false, 0, 0.0, 0.0, 1.0))));
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertEquals(List.of(IDLE, RUNNING, COMPLETED), events.statusesOf(J0));
        assertEquals(COMPLETED, org.harrier.scheduler.queue.JobQueue.status(await(schedd.ad(J0))));
    }

    @Test
    void aJobRunsToCompletionAndLeavesTheQueueForHistory() {
        submit(JobAds.valid().build());
        clock.advance(Duration.ofSeconds(3));
        ClaimGrant g = running(J0);
        assertEquals(RUNNING, await(schedd.status(J0)));
        assertEquals(new SubmitterCounts("alice", 0, 1, 0, 1), events.lastSubmitter("alice"));

        clock.advance(Duration.ofSeconds(10));
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), new ExitReport(7, false, 0, 1.25, 0.5, 10.0))));
        assertEquals(List.of(IDLE, RUNNING, COMPLETED), events.statusesOf(J0));
        assertEquals(List.of("queued", "changed", "changed", "left"), events.kindsOf(J0));
        assertNull(await(schedd.status(J0)));
        var ad = await(schedd.ad(J0));
        assertEquals(Expr.parse("7"), ad.lookup("ExitCode"));
        assertEquals(Expr.parse("1.25"), ad.lookup("RemoteUserCpu"));
        assertEquals(Expr.parse("\"slot1_1@host1\""), ad.lookup("RemoteHost"));
        assertEquals(Expr.parse("1"), ad.lookup("NumJobStarts"));
        SchedulerStatistics s = await(schedd.statistics());
        assertEquals(1, s.jobsStarted());
        assertEquals(1, s.jobsCompleted());
        assertEquals(3.0, s.meanTimeToStart(), 1e-9);
        assertEquals(0, s.totalJobAds());
        assertTrue(events.lastSubmitter("alice").isGone());
    }

    @Test
    void anExitReusesTheClaimForTheNextJobOfItsAutoclusterThenReleasesIt() {
        await(schedd.submitCluster(JobAds.valid().build(), 3, null));
        submit(JobAds.valid().set("RequestMemory", 4096).build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        for (int proc = 0; proc < 3; proc++) {
            JobId job = new JobId(1, proc);
            assertEquals(job, lastActivated());
            assertEquals(g, startds.all("Activate").get(proc).claim());
            assertTrue(await(schedd.reports().jobExited(job, g.claimId(), ExitReport.code(0))));
        }
        assertEquals(1, startds.all("Claim").size(), "three jobs, one claim");
        assertEquals(3, startds.all("Activate").size(), "the 4096 MiB job is not run on a slot carved for 64 MiB");
        assertEquals(List.of(g), startds.all("Release").stream().map(RecordingStartds.Call::claim).toList());
        assertEquals(0, (int) await(schedd.claimCount()));
        assertEquals(1, requests().size());
    }

    @Test
    void aRefusedClaimLeavesTheRequestIdle() {
        submit(JobAds.valid().build());
        long rid = requests().get(0).requestId();
        await(schedd.matched(List.of(new org.harrier.scheduler.match.SlotMatch(rid, RecordingStartds.slot("slot1@host1")))));
        assertTrue(requests().isEmpty(), "spoken for while the claim is sought");
        startds.refuseNext();
        owner.runAll();
        assertEquals(1, requests().get(0).count());
        assertEquals(IDLE, await(schedd.status(J0)));
        assertTrue(startds.all("Activate").isEmpty());
    }

    @Test
    void moreMatchesThanIdleJobsSeekOnlyAsManyClaims() {
        submit(JobAds.valid().build());
        long rid = requests().get(0).requestId();
        int sought = await(schedd.matched(List.of(
                new org.harrier.scheduler.match.SlotMatch(rid, RecordingStartds.slot("slot1@host1")),
                new org.harrier.scheduler.match.SlotMatch(rid, RecordingStartds.slot("slot2@host1")),
                new org.harrier.scheduler.match.SlotMatch(999, RecordingStartds.slot("slot3@host1")))));
        assertEquals(1, sought);
        assertEquals(1, startds.all("Claim").size());
    }

    @Test
    void aClaimGrantedAfterItsJobWasRemovedIsReleased() {
        submit(JobAds.valid().build());
        long rid = requests().get(0).requestId();
        await(schedd.matched(List.of(new org.harrier.scheduler.match.SlotMatch(rid, RecordingStartds.slot("slot1@host1")))));
        await(schedd.remove("1.0", "changed my mind"));
        ClaimGrant g = startds.grantNext();
        owner.runAll();
        assertTrue(startds.all("Activate").isEmpty());
        assertEquals(g, startds.all("Release").get(0).claim());
    }

    @Test
    void anExitReportOvertakingTheStartReportRecordsBoth() {
        submit(JobAds.valid().build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0))));
        assertEquals(List.of(IDLE, RUNNING, COMPLETED), events.statusesOf(J0));
        assertEquals(Expr.parse("\"slot1_1@host1\""), await(schedd.ad(J0)).lookup("RemoteHost"));
        assertFalse(await(schedd.reports().jobStarted(J0, g.claimId(), "late")), "the late start report is ignored");
        startds.answerAll("Activate");
        owner.runAll();
        assertEquals(List.of("queued", "changed", "changed", "left"), events.kindsOf(J0));
    }

    @Test
    void aFailedActivationRefusedByTheStartdHoldsTheJob() {
        submit(JobAds.valid().build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        startds.pending("Activate").get(0).answer().completeExceptionally(
                new ScheddFailure.Invalid("Iwd /nope does not exist"));
        owner.runAll();
        assertEquals(HELD, await(schedd.status(J0)));
        assertEquals(Expr.parse("\"activation failed: Iwd /nope does not exist\""), await(schedd.ad(J0)).lookup("HoldReason"));
        assertEquals(g, startds.all("Release").get(0).claim());
        assertFalse(await(schedd.reports().jobStarted(J0, g.claimId(), "h")));
    }

    @Test
    void anActivationOnAClaimTheStartdNoLongerHasPutsTheJobBackToIdle() {
        submit(JobAds.valid().build());
        matchAndGrant("slot1@host1");
        startds.pending("Activate").get(0).answer().completeExceptionally(
                new ScheddFailure.UnknownClaim("no claim claim-1"));
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J0)));
        assertEquals(1, requests().get(0).count());
    }

    @Test
    void anActivationLostInTransitPutsTheJobBackToIdle() {
        submit(JobAds.valid().build());
        matchAndGrant("slot1@host1");
        startds.pending("Activate").get(0).answer().completeExceptionally(new IllegalStateException("timed out"));
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J0)));
        assertEquals(1, requests().get(0).count());
        assertEquals(0, (int) await(schedd.claimCount()));
    }

    @Test
    void holdAndReleaseMoveAnIdleJobOutOfMatchingAndBack() {
        submit(JobAds.valid().build());
        await(schedd.hold("1.0", "wait for data"));
        assertEquals(HELD, await(schedd.status(J0)));
        assertTrue(requests().isEmpty());
        assertEquals(new SubmitterCounts("alice", 0, 0, 1, 1), events.lastSubmitter("alice"));
        ScheddFailure again = failure(schedd.hold("1.0", "again"));
        assertEquals("job 1.0 is already held", again.getMessage());
        await(schedd.release("1.0"));
        assertEquals(1, requests().get(0).count());
    }

    @Test
    void holdingARunningJobKillsItThroughItsClaim() {
        submit(JobAds.valid().build());
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        var held = schedd.hold("1.0", "stop");
        owner.runAll();
        assertFalse(held.isDone(), "done when the startd has killed it");
        assertEquals(HELD, await(schedd.status(J0)));
        startds.answerAll("Deactivate");
        await(held);
        assertEquals(new JobId(2, 0), lastActivated(), "the freed claim runs the next job");
        assertEquals(g, startds.all("Activate").get(1).claim());
    }

    @Test
    void ratesAreJobsPerSecondOverTheLastUpdateInterval() {
        await(schedd.tick());
        await(schedd.submitCluster(JobAds.valid().build(), 10, null));
        clock.advance(Duration.ofSeconds(5));
        SchedulerStatistics s = await(schedd.tick());
        assertEquals(2.0, s.jobSubmissionRate(), 1e-9);
        assertEquals(0.0, s.jobCompletionRate(), 1e-9);
        clock.advance(Duration.ofSeconds(5));
        assertEquals(0.0, await(schedd.tick()).jobSubmissionRate(), 1e-9);
        assertEquals(10, events.lastStatistics().jobsSubmitted());
    }

    @Test
    void aJobTheStarterCouldNotStartIsHeldWithItsReasonAndTheClaimMovesOn() {
        submit(JobAds.valid().set("Iwd", "/nope").build());
        submit(JobAds.valid().build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.neverStarted("Iwd /nope does not exist", 14))));
        assertEquals(List.of(IDLE, HELD), events.statusesOf(J0));
        var ad = await(schedd.ad(J0));
        assertEquals(Expr.parse("\"Iwd /nope does not exist\""), ad.lookup("HoldReason"));
        assertEquals(Expr.parse("14"), ad.lookup("HoldReasonCode"));
        assertEquals(new JobId(2, 0), lastActivated(), "the claim runs the next job");
        assertEquals(0, await(schedd.statistics()).jobsCompleted());
    }
}
