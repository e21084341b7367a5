package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.COMPLETED;
import static org.harrier.scheduler.queue.JobStatus.HELD;
import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.REMOVED;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Value;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

/**
 * The job policy applied by the scheduler: periodic expressions on each pass (what the service
 * runs every PERIODIC_EXPR_INTERVAL; here the test calls the pass and moves the clock), on_exit
 * expressions on each exit report.
 */
class JobPolicyScheddTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);
    static final JobId J1 = new JobId(2, 0);

    int pass() {
        return await(schedd.evaluatePolicy());
    }

    JobId submit(ClassAd.Builder ad) {
        return submit(ad.build());
    }

    ClassAd.Builder job(String attribute, String expression) {
        return JobAds.valid().setExpr(attribute, expression);
    }

    @Test
    void periodicRemoveRemovesARunningJobThroughItsClaim() {
        submit(job("PeriodicRemove", "JobStatus == 2 && time() - EnteredCurrentStatus > 60"));
        ClaimGrant g = running(J0);
        assertEquals(0, pass(), "not yet a minute");
        clock.advance(Duration.ofSeconds(61));
        assertEquals(1, pass());
        assertEquals(REMOVED, await(schedd.status(J0)));
        assertEquals(J0, startds.pending("Deactivate").get(0).job());
        assertEquals(g, startds.pending("Deactivate").get(0).claim());
        startds.answerAll("Deactivate");
        owner.runAll();
        assertNull(await(schedd.status(J0)), "removed, killed, gone to history");
        ClassAd done = await(schedd.ad(J0));
        assertEquals(Value.of("The job attribute PeriodicRemove expression"
                + " 'JobStatus == 2 && time() - EnteredCurrentStatus > 60' evaluated to TRUE"), done.evaluate("RemoveReason"));
        assertEquals(List.of(IDLE, RUNNING, REMOVED), events.statusesOf(J0));
    }

    @Test
    void periodicHoldHoldsWithTheJobPolicyCodeAndPeriodicReleaseLetsItGo() {
        submit(job("PeriodicHold", "time() - QDate > 30 && time() - QDate < 40")
                .setExpr("PeriodicHoldSubCode", "42")
                .setExpr("PeriodicRelease", "HoldReasonSubCode == 42 && time() - EnteredCurrentStatus > 10")
                .setExpr("PeriodicHoldReason", "\"waited too long\""));
        clock.advance(Duration.ofSeconds(31));
        assertEquals(1, pass());
        ClassAd held = await(schedd.ad(J0));
        assertEquals(HELD, await(schedd.status(J0)));
        assertEquals(Value.of("waited too long"), held.evaluate("HoldReason"));
        assertEquals(Value.of(3), held.evaluate("HoldReasonCode"));
        assertEquals(Value.of(42), held.evaluate("HoldReasonSubCode"));
        assertTrue(requests().isEmpty(), "a held job is not offered for matching");
        assertEquals(0, pass(), "released only ten seconds on");
        clock.advance(Duration.ofSeconds(11));
        assertEquals(1, pass());
        assertEquals(IDLE, await(schedd.status(J0)));
        assertEquals(1, requests().get(0).count(), "matched again");
        assertEquals(Value.of("The job attribute PeriodicRelease expression"
                        + " 'HoldReasonSubCode == 42 && time() - EnteredCurrentStatus > 10' evaluated to TRUE"),
                await(schedd.ad(J0)).evaluate("ReleaseReason"));
    }

    @Test
    void periodicReleaseNeverReleasesAJobTheUserHeld() {
        submit(job("PeriodicRelease", "true"));
        await(schedd.hold("1.0", "mine"));
        assertEquals(0, pass());
        clock.advance(Duration.ofHours(1));
        assertEquals(0, pass());
        assertEquals(HELD, await(schedd.status(J0)));
        await(schedd.release("1.0"));
        assertEquals(IDLE, await(schedd.status(J0)));
    }

    @Test
    void anUndefinedPeriodicExpressionHoldsTheJobWithCodeFive() {
        submit(job("PeriodicRemove", "NoSuchAttribute > 3"));
        assertEquals(1, pass());
        ClassAd held = await(schedd.ad(J0));
        assertEquals(HELD, await(schedd.status(J0)));
        assertEquals(Value.of(5), held.evaluate("HoldReasonCode"));
        assertEquals(0, pass(), "a held job is not held again");
    }

    @Test
    void aPeriodicHoldOfARunningJobKillsItAndTheClaimMovesOn() {
        submit(job("PeriodicHold", "JobStatus == 2"));
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        assertEquals(1, pass());
        assertEquals(HELD, await(schedd.status(J0)));
        startds.answerAll("Deactivate");
        owner.runAll();
        assertEquals(J1, lastActivated());
        assertEquals(g, startds.all("Activate").get(1).claim());
    }

    @Test
    void onExitRemoveFalseRunsTheJobAgainOnTheSameClaim() {
        submit(job("OnExitRemove", "NumJobStarts >= 2"));
        ClaimGrant g = running(J0);
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(1))));
        assertEquals(List.of(J0, J0), startds.all("Activate").stream().map(RecordingStartds.Call::job).toList(),
                "requeued and activated again on the claim it ran on");
        startds.answerAll("Activate");
        assertTrue(await(schedd.reports().jobStarted(J0, g.claimId(), "slot1_1@host1")));
        assertEquals(Value.of(2), await(schedd.ad(J0)).evaluate("NumJobStarts"));
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0))));
        assertEquals(List.of(IDLE, RUNNING, IDLE, RUNNING, COMPLETED), events.statusesOf(J0));
        ClassAd done = await(schedd.ad(J0));
        assertEquals(Value.of(2), done.evaluate("NumJobCompletions"));
        assertEquals(Value.of("The job attribute OnExitRemove expression 'NumJobStarts >= 2' evaluated to FALSE"),
                done.evaluate("VacateReason"));
        assertEquals(1, await(schedd.statistics()).jobsCompleted(), "one completion, two runs");
    }

    @Test
    void maxRetriesRunsAFailingJobOnceMoreThanItsRetries() {
        submit(JobAds.valid().set("JobMaxRetries", 2)
                .setExpr("OnExitRemove", "NumJobCompletions > JobMaxRetries || ExitCode is 0"));
        ClaimGrant g = running(J0);
        for (int run = 1; run <= 3; run++) {
            if (run > 1) {
                startds.answerAll("Activate");
                assertTrue(await(schedd.reports().jobStarted(J0, g.claimId(), "slot1_1@host1")));
            }
            assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(1))));
        }
        assertNull(await(schedd.status(J0)));
        ClassAd done = await(schedd.ad(J0));
        assertEquals(Value.of(3), done.evaluate("NumJobStarts"));
        assertEquals(Value.of(3), done.evaluate("NumJobCompletions"));
        assertEquals(Value.of(1), done.evaluate("ExitCode"));
    }

    @Test
    void onExitHoldHoldsWithTheExitRecordedAndTheClaimMovesOn() {
        submit(job("OnExitHold", "ExitCode != 0").setExpr("OnExitHoldSubCode", "ExitCode"));
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(7))));
        ClassAd held = await(schedd.ad(J0));
        assertEquals(HELD, await(schedd.status(J0)));
        assertEquals(Value.of(3), held.evaluate("HoldReasonCode"));
        assertEquals(Value.of(7), held.evaluate("HoldReasonSubCode"));
        assertEquals(Value.of(7), held.evaluate("ExitCode"));
        assertEquals(J1, lastActivated(), "the claim runs the next job");
        assertEquals(0, await(schedd.statistics()).jobsCompleted());
    }

    @Test
    void periodicRemoveAtExitBeatsOnExitHold() {
        submit(job("PeriodicRemove", "ExitCode == 4").setExpr("OnExitHold", "true"));
        ClaimGrant g = running(J0);
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(4))));
        assertNull(await(schedd.status(J0)), "removed at exit, gone to history");
        assertEquals(List.of(IDLE, RUNNING, REMOVED), events.statusesOf(J0));
    }

    @Test
    void aPassOverManyJobsRunsInSlicesAndChangesEveryOne() {
        int n = PeriodicPolicy.SLICE + 10;
        await(schedd.submitCluster(job("PeriodicHold", "true").build(), n, null));
        assertEquals(n, pass());
        assertEquals(new SubmitterCounts("alice", 0, 0, n, n), events.lastSubmitter("alice"));
    }

    @Test
    void jobsWithoutAPeriodicExpressionAreLeftAlone() {
        await(schedd.submitCluster(JobAds.valid().setExpr("PeriodicHold", "false").setExpr("PeriodicRemove", "false")
                .setExpr("PeriodicRelease", "false").build(), 1000, null));
        clock.advance(Duration.ofDays(30));
        assertEquals(0, pass());
        assertEquals(1000, requests().get(0).count());
    }

    @Test
    void aJobThatGainsAPolicyExpressionAfterSubmitIsEvaluated() {
        PolicyIndex index = new PolicyIndex();
        ClassAd plain = JobAds.valid().set("JobStatus", 1).build();
        index.jobQueued(J0, plain);
        assertEquals(0, index.size());
        index.jobChanged(J0, plain, plain.with("PeriodicRemove", Value.of(true)));
        assertEquals(List.of(J0), index.snapshot());
        index.jobLeft(J0, plain);
        assertEquals(0, index.size());
    }
}
