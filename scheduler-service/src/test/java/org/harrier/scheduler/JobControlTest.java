package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.COMPLETED;
import static org.harrier.scheduler.queue.JobStatus.HELD;
import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.REMOVED;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.harrier.scheduler.queue.JobStatus.SUSPENDED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.junit.jupiter.api.Test;

/** Hold, Release, Remove, Suspend, Continue, SetAttribute and the history through the scheduler, with a recording startd. */
class JobControlTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);
    static final JobId J1 = new JobId(1, 1);

    static JobSelection id(String id) {
        return JobSelection.of(id, null);
    }

    static JobSelection matching(String constraint) {
        return JobSelection.of(null, constraint);
    }

    Expr attr(JobId job, String name) {
        return await(schedd.ad(job)).lookup(name);
    }

    JobStatus status(JobId job) {
        return await(schedd.status(job));
    }

    @Test
    void aConstraintHoldsEveryJobItSelectsAndSaysWhichAndWhoAndWhy() {
        await(schedd.submitCluster(JobAds.valid().build(), 2, null));
        await(schedd.submitCluster(JobAds.valid("bob").build(), 2, null));
        clock.advance(Duration.ofSeconds(7));
        List<JobId> held = await(schedd.hold(matching("Owner == \"bob\""), null, QueueUser.superUser("carol")));
        assertEquals(List.of(new JobId(2, 0), new JobId(2, 1)), held);
        for (JobId job : held) {
            assertEquals(HELD, status(job));
            assertEquals(Expr.parse("\"via Hold (by user carol)\""), attr(job, "HoldReason"));
            assertEquals(Expr.parse("1"), attr(job, "HoldReasonCode"));
            assertEquals(Expr.parse("0"), attr(job, "HoldReasonSubCode"));
            assertEquals(Expr.parse("1"), attr(job, "LastJobStatus"));
            assertEquals(Expr.parse(Long.toString(clock.instant().getEpochSecond())), attr(job, "EnteredCurrentStatus"));
        }
        assertEquals(IDLE, status(J0));
        assertEquals(List.of("alice"), requests().stream().map(AutoclusterRequest::owner).toList(), "held jobs leave matching");
    }

    @Test
    void aReasonGivenIsRecordedWithTheCaller() {
        submit(JobAds.valid().build());
        await(schedd.hold(id("1.0"), "wait for data", QueueUser.superUser("alice")));
        assertEquals(Expr.parse("\"wait for data (by user alice)\""), attr(J0, "HoldReason"));
        await(schedd.release(id("1.0"), "data is here", QueueUser.SCHEDULER));
        assertEquals(Expr.parse("\"data is here\""), attr(J0, "ReleaseReason"));
        assertEquals(Expr.parse("\"wait for data (by user alice)\""), attr(J0, "LastHoldReason"));
    }

    @Test
    void releasingAClusterReleasesItsHeldJobsOnlyAndPutsThemBackIntoMatching() {
        await(schedd.submitCluster(JobAds.valid().build(), 3, null));
        await(schedd.hold(id("1.1"), "h", QueueUser.SCHEDULER));
        await(schedd.hold(id("1.2"), "h", QueueUser.SCHEDULER));
        assertEquals(1, requests().get(0).count());
        assertEquals(List.of(J1, new JobId(1, 2)), await(schedd.release(id("1"), null, QueueUser.SCHEDULER)));
        assertEquals(3, requests().get(0).count());
        assertEquals(null, attr(J1, "HoldReason"), "deleted on release");
        assertEquals(Expr.parse("\"h\""), attr(J1, "LastHoldReason"));
    }

    @Test
    void releasingAJobThatIsNotHeldIsRefusedAndChangesNothing() {
        await(schedd.submitCluster(JobAds.valid().build(), 2, null));
        ScheddFailure.WrongState one = assertInstanceOf(ScheddFailure.WrongState.class,
                failure(schedd.release(id("1.0"), null, QueueUser.SCHEDULER)));
        assertEquals("job 1.0 is idle; only held jobs can be released", one.getMessage());
        ScheddFailure cluster = failure(schedd.release(id("1"), null, QueueUser.SCHEDULER));
        assertEquals("no job of cluster 1 can be released now: only held jobs can be released", cluster.getMessage());
        ScheddFailure constraint = failure(schedd.release(matching("ProcId >= 0"), null, QueueUser.SCHEDULER));
        assertEquals("no job matching ProcId >= 0 can be released now: only held jobs can be released", constraint.getMessage());
        assertEquals(List.of(IDLE), events.statusesOf(J0), "nothing was published but the submission");
        assertEquals(2, requests().get(0).count());
    }

    @Test
    void aConstraintThatSelectsNothingOrDoesNotParseIsAnError() {
        submit(JobAds.valid().build());
        ScheddFailure.UnknownJob none = assertInstanceOf(ScheddFailure.UnknownJob.class,
                failure(schedd.hold(matching("Owner == \"nobody\""), null, QueueUser.SCHEDULER)));
        assertEquals("no job matching Owner == \"nobody\" is in the queue", none.getMessage());
        ScheddFailure bad = failure(schedd.remove(id("12.0"), null, QueueUser.SCHEDULER));
        assertEquals("no job 12.0 in the queue", bad.getMessage());
        assertEquals(IDLE, status(J0));
    }

    @Test
    void aSubmittedHeldJobStaysOutOfMatchingUntilReleased() {
        submit(JobAds.valid().set("JobStatus", 5).build());
        assertEquals(HELD, status(J0));
        assertTrue(requests().isEmpty());
        assertEquals(Expr.parse("15"), attr(J0, "HoldReasonCode"));
        assertEquals(new SubmitterCounts("alice", 0, 0, 1, 1), events.lastSubmitter("alice"));
        await(schedd.release(id("1.0"), null, QueueUser.superUser("alice")));
        assertEquals(1, requests().get(0).count());
        assertEquals(Expr.parse("15"), attr(J0, "LastHoldReasonCode"));
        assertEquals(Expr.parse("\"via Release (by user alice)\""), attr(J0, "ReleaseReason"));
    }

    @Test
    void suspendAsksTheStartdFirstThenRecordsTheSuspension() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        clock.advance(Duration.ofSeconds(10));
        CompletableFuture<List<JobId>> suspended = schedd.suspend(id("1.0"), QueueUser.SCHEDULER);
        owner.runAll();
        RecordingStartds.Call call = startds.pending("Suspend").get(0);
        assertEquals(g, call.claim());
        assertEquals(J0, call.job());
        assertFalse(suspended.isDone());
        assertEquals(RUNNING, status(J0), "recorded only once the startd stopped it");

        startds.answerAll("Suspend");
        assertEquals(List.of(J0), await(suspended));
        assertEquals(SUSPENDED, status(J0));
        long t = clock.instant().getEpochSecond();
        assertEquals(Expr.parse(Long.toString(t)), attr(J0, "LastSuspensionTime"));
        assertEquals(Expr.parse("1"), attr(J0, "TotalSuspensions"));
        assertEquals(Expr.parse("2"), attr(J0, "LastJobStatus"));

        clock.advance(Duration.ofSeconds(30));
        CompletableFuture<List<JobId>> continued = schedd.resume(id("1.0"), QueueUser.SCHEDULER);
        owner.runAll();
        assertEquals(J0, startds.pending("Continue").get(0).job());
        startds.answerAll("Continue");
        assertEquals(List.of(J0), await(continued));
        assertEquals(RUNNING, status(J0));
        assertEquals(Expr.parse("30"), attr(J0, "CumulativeSuspensionTime"));
        assertEquals(Expr.parse("0"), attr(J0, "LastSuspensionTime"));
        assertEquals(List.of(IDLE, RUNNING, SUSPENDED, RUNNING), events.statusesOf(J0));
        assertEquals(Expr.parse("1"), attr(J0, "NumJobStarts"), "continuing is not a new start");
    }

    @Test
    void suspendOfAClusterActsOnItsRunningJobsOnly() {
        await(schedd.submitCluster(JobAds.valid().build(), 2, null));
        ClaimGrant g = matchAndGrant("slot1@host1");
        startds.answerAll("Activate");
        await(schedd.reports().jobStarted(J0, g.claimId(), "slot1_1@host1"));
        CompletableFuture<List<JobId>> suspended = schedd.suspend(id("1"), QueueUser.SCHEDULER);
        owner.runAll();
        startds.answerAll("Suspend");
        assertEquals(List.of(J0), await(suspended));
        assertEquals(IDLE, status(J1));
        ScheddFailure idle = failure(schedd.suspend(id("1.1"), QueueUser.SCHEDULER));
        assertEquals("job 1.1 is idle; only running jobs can be suspended", idle.getMessage());
        ScheddFailure again = failure(schedd.suspend(id("1.0"), QueueUser.SCHEDULER));
        assertEquals("job 1.0 is already suspended", again.getMessage());
        ScheddFailure.WrongState notSuspended = assertInstanceOf(ScheddFailure.WrongState.class,
                failure(schedd.resume(id("1.1"), QueueUser.SCHEDULER)));
        assertEquals("job 1.1 is idle; only suspended jobs can be continued", notSuspended.getMessage());
        assertEquals(1, startds.all("Suspend").size(), "refused calls never reach the startd");
    }

    @Test
    void aSuspendTheStartdRefusesLeavesTheJobRunning() {
        submit(JobAds.valid().build());
        running(J0);
        CompletableFuture<List<JobId>> suspended = schedd.suspend(id("1.0"), QueueUser.SCHEDULER);
        owner.runAll();
        startds.pending("Suspend").get(0).answer().completeExceptionally(
                new ScheddFailure.UnknownClaim("unknown claim on slot1@host1"));
        assertInstanceOf(ScheddFailure.UnknownClaim.class, failure(suspended));
        assertEquals(RUNNING, status(J0));
        assertEquals(List.of(IDLE, RUNNING), events.statusesOf(J0));
    }

    @Test
    void aJobThatExitsWhileItsSuspendIsUnderWayIsNotRecordedSuspended() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        CompletableFuture<List<JobId>> suspended = schedd.suspend(id("1.0"), QueueUser.SCHEDULER);
        owner.runAll();
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0))));
        startds.answerAll("Suspend");
        ScheddFailure.WrongState e = assertInstanceOf(ScheddFailure.WrongState.class, failure(suspended));
        assertEquals("job 1.0 could not be suspended: it changed state meanwhile", e.getMessage());
        assertEquals(List.of(IDLE, RUNNING, COMPLETED), events.statusesOf(J0));
    }

    @Test
    void aSuspendedJobCanBeHeldOrRemovedWhichKillsItOnItsClaim() {
        await(schedd.submitCluster(JobAds.valid().build(), 2, null));
        ClaimGrant g = running(J0);
        suspend(J0);
        clock.advance(Duration.ofSeconds(5));
        CompletableFuture<List<JobId>> held = schedd.hold(id("1.0"), "stop", QueueUser.SCHEDULER);
        owner.runAll();
        assertEquals(J0, startds.pending("Deactivate").get(0).job());
        startds.answerAll("Deactivate");
        assertEquals(List.of(J0), await(held));
        assertEquals(HELD, status(J0));
        assertEquals(Expr.parse("5"), attr(J0, "CumulativeSuspensionTime"));
        assertEquals(J1, lastActivated(), "the claim moves on");
        startds.answerAll("Activate");
        await(schedd.reports().jobStarted(J1, g.claimId(), "slot1_1@host1"));
        suspend(J1);
        CompletableFuture<List<JobId>> removed = schedd.remove(id("1.1"), null, QueueUser.superUser("alice"));
        owner.runAll();
        startds.answerAll("Deactivate");
        assertEquals(List.of(J1), await(removed));
        assertNull(status(J1));
        assertEquals(Expr.parse("\"via Remove (by user alice)\""), attr(J1, "RemoveReason"));
        assertEquals(List.of(IDLE, RUNNING, SUSPENDED, REMOVED), events.statusesOf(J1));
    }

    @Test
    void aSuspendedJobThatExitsCompletes() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        suspend(J0);
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0))));
        assertEquals(List.of(IDLE, RUNNING, SUSPENDED, COMPLETED), events.statusesOf(J0));
    }

    void suspend(JobId job) {
        CompletableFuture<List<JobId>> f = schedd.suspend(id(job.toString()), QueueUser.SCHEDULER);
        owner.runAll();
        startds.answerAll("Suspend");
        assertEquals(List.of(job), await(f));
    }

    @Test
    void setAttributeOnAnIdleJobRegroupsItForMatching() {
        await(schedd.submitCluster(JobAds.valid().build(), 2, null));
        assertEquals(List.of(2), requests().stream().map(AutoclusterRequest::count).toList());
        assertEquals(List.of(J1), await(schedd.setAttribute(id("1.1"), "RequestMemory", "4096", QueueUser.SCHEDULER)));
        List<AutoclusterRequest> r = requests();
        assertEquals(List.of(1, 1), r.stream().map(AutoclusterRequest::count).toList());
        assertEquals(Expr.parse("4096"), r.get(1).ad().lookup("RequestMemory"));

        await(schedd.setAttribute(id("1"), "Requirements", "TARGET.Memory >= 1 && TARGET.HasGpu", QueueUser.SCHEDULER));
        r = requests();
        assertEquals(List.of(1, 1), r.stream().map(AutoclusterRequest::count).toList(), "still apart: RequestMemory differs");
        assertEquals(Expr.parse("TARGET.Memory >= 1 && TARGET.HasGpu"), r.get(0).ad().lookup("Requirements"));
        assertEquals(Expr.parse("TARGET.Memory >= 1 && TARGET.HasGpu"), attr(J0, "Requirements"));
    }

    @Test
    void setAttributeByConstraintEditsEachJobsOwnAttributeWhateverItsState() {
        await(schedd.submitCluster(JobAds.valid().build(), 2, null));
        running(J0);
        assertEquals(List.of(J0, J1), await(schedd.setAttribute(matching("Owner == \"alice\""), "Project", "\"harrier\"", QueueUser.SCHEDULER)));
        assertEquals(Expr.parse("\"harrier\""), attr(J0, "Project"));
        assertEquals(Expr.parse("\"harrier\""), attr(J1, "Project"));
        assertEquals(RUNNING, status(J0));
    }

    @Test
    void badEditsAreRefusedAndChangeNothing() {
        submit(JobAds.valid().build());
        record Bad(JobSelection jobs, String name, String value, Class<? extends ScheddFailure> kind, String message) {
        }
        List<Bad> table = List.of(
                new Bad(id("1.0"), "JobStatus", "2", ScheddFailure.Refused.class, "SetAttribute cannot change JobStatus; use Hold"),
                new Bad(id("1.0"), "Owner", "\"mallory\"", ScheddFailure.Refused.class, "SetAttribute cannot change Owner"),
                new Bad(id("1.0"), "ClusterId", "9", ScheddFailure.Refused.class, "SetAttribute cannot change ClusterId"),
                new Bad(id("1.0"), "procid", "9", ScheddFailure.Refused.class, "SetAttribute cannot change procid"),
                new Bad(id("1.0"), "RequestMemory", "((", ScheddFailure.Invalid.class, "Value is not a valid ClassAd expression"),
                new Bad(id("1.0"), "Cmd", "42", ScheddFailure.Invalid.class, "job 1.0 then has Cmd = 42"),
                new Bad(id("7.0"), "RequestMemory", "1", ScheddFailure.UnknownJob.class, "no job 7.0 in the queue"),
                new Bad(id("7"), "RequestMemory", "1", ScheddFailure.UnknownJob.class, "no job of cluster 7 in the queue"));
        for (Bad bad : table) {
            ScheddFailure e = failure(schedd.setAttribute(bad.jobs(), bad.name(), bad.value(), QueueUser.SCHEDULER));
            assertEquals(bad.kind(), e.getClass(), bad::toString);
            assertTrue(e.getMessage().contains(bad.message()), () -> bad + ": " + e.getMessage());
        }
        assertEquals(List.of("queued"), events.kindsOf(J0), "nothing changed");
        assertEquals(Expr.parse("64"), attr(J0, "RequestMemory"));
    }

    @Test
    void theHistoryAnswersFinishedJobsNewestFirstWithAConstraintAndALimit() {
        await(schedd.submitCluster(JobAds.valid().build(), 3, null));
        ClaimGrant g = running(J0);
        await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0)));
        startds.answerAll("Activate");
        await(schedd.reports().jobExited(J1, g.claimId(), ExitReport.code(2)));
        CompletableFuture<List<JobId>> removed = schedd.remove(id("1.2"), null, QueueUser.SCHEDULER);
        owner.runAll();
        startds.answerAll("Deactivate"); // 1.2 was handed to the claim when 1.1 exited
        await(removed);
        List<ClassAd> all = await(schedd.historyPage(null, 10, null)).ads();
        assertEquals(List.of("1.2", "1.1", "1.0"), all.stream().map(a -> a.lookup("CustomId").evaluate().toString()
                .replace("\"", "")).toList());
        assertEquals(1, await(schedd.historyPage("ExitCode == 2", 10, null)).ads().size());
        assertEquals(2, await(schedd.historyPage("JobStatus == 4", 10, null)).ads().size());
        assertEquals(1, await(schedd.historyPage(null, 1, null)).ads().size());
        assertInstanceOf(ScheddFailure.Invalid.class, failure(schedd.historyPage("ExitCode ==", 1, null)));
    }
}
