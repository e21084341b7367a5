package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's side of preemption (docs/protocols.md): a Matched entry with Preempt claims
 * with Preempt and takes the startd's PREEMPTING answer in its stride; an eviction report puts
 * the running job back to Idle with HTCondor's vacate attributes, once, and the claim is gone.
 */
class PreemptionScheddTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);

    @Test
    void aMatchToPreemptClaimsWithPreemptAndTheExpectedRefusalLeavesTheJobIdleToMatchAgain() {
        submit(JobAds.valid().build());
        AutoclusterRequest r = requests().get(0);
        assertEquals(1, (int) await(schedd.matched(List.of(
                new SlotMatch(r.requestId(), RecordingStartds.slot("slot1_3@host1"), true)))));
        RecordingStartds.Call claim = startds.pending("Claim").get(0);
        assertTrue(claim.preempt());
        assertEquals("slot1_3@host1", claim.slot().slot().key());
        assertTrue(requests().isEmpty(), "the job is spoken for while its claim is sought");

        claim.answer().completeExceptionally(new ScheddFailure.Preempting(
                "claim refused: slot1_3@host1 is being preempted (job 7.0 is being vacated)"));
        owner.runAll();
        assertEquals(IDLE, await(schedd.status(J0)));
        assertEquals(List.of(1), requests().stream().map(AutoclusterRequest::count).toList(), "offered again for the next cycle");
        assertTrue(startds.all("Activate").isEmpty());
        assertNull(await(schedd.ad(J0)).lookup("HoldReason"), "an expected refusal holds nothing");
    }

    @Test
    void aPlainMatchClaimsWithoutPreempt() {
        submit(JobAds.valid().build());
        matchAndGrant("slot1@host1");
        assertFalse(startds.all("Claim").get(0).preempt());
    }

    @Test
    void anEvictionPutsTheJobBackToIdleWithTheVacateRecordedAndTheClaimGone() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        clock.advance(Duration.ofSeconds(40));
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.evicted(15, 3.5, 0.5, 40.0))));

        assertEquals(List.of(IDLE, RUNNING, IDLE), events.statusesOf(J0));
        ClassAd ad = await(schedd.ad(J0));
        long now = clock.instant().getEpochSecond();
        assertEquals(Expr.parse(Long.toString(now)), ad.lookup("LastVacateTime"));
        assertEquals(Expr.parse("40.0"), ad.lookup("RemoteWallClockTime"));
        assertEquals(Expr.parse("40.0"), ad.lookup("CumulativeSlotTime"));
        assertEquals(Expr.parse("3.5"), ad.lookup("RemoteUserCpu"));
        assertEquals(Expr.parse("1"), ad.lookup("NumJobStarts"), "kept: it counts starts");
        assertEquals(Expr.parse("2"), ad.lookup("LastJobStatus"));
        assertEquals(Expr.parse("\"slot1_1@host1\""), ad.lookup("LastRemoteHost"));
        assertNull(ad.lookup("NumJobCompletions"), "an eviction is not an exit");
        assertNull(ad.lookup("ExitCode"));
        assertEquals(0, (int) await(schedd.claimCount()), "the preempted claim ended with the eviction");
        assertTrue(startds.all("Release").isEmpty(), "nothing to release: the startd ended the claim");
        assertEquals(1, startds.all("Activate").size(), "the claim is not reused");
        assertEquals(0, await(schedd.statistics()).jobsCompleted());

        ClaimGrant again = matchAndGrant("slot1@host2");
        startds.answerAll("Activate");
        assertTrue(await(schedd.reports().jobStarted(J0, again.claimId(), "slot1_1@host2")));
        assertEquals(Expr.parse("2"), await(schedd.ad(J0)).lookup("NumJobStarts"));
    }

    @Test
    void aRepeatedOrStaleEvictionReportChangesNothing() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        ExitReport evicted = ExitReport.evicted(15, 0, 0, 5.0);
        assertEquals(List.of(true, false, false), List.of(
                await(schedd.reports().jobExited(J0, g.claimId(), evicted)),
                await(schedd.reports().jobExited(J0, g.claimId(), evicted)),
                await(schedd.reports().jobExited(J0, "claim-99", evicted))));
        assertEquals(List.of(IDLE, RUNNING, IDLE), events.statusesOf(J0));
        assertEquals(Expr.parse("5.0"), await(schedd.ad(J0)).lookup("RemoteWallClockTime"), "counted once");
    }

    @Test
    void anEvictionThatOvertookTheActivationAnswerRecordsTheStartFirst() {
        submit(JobAds.valid().build());
        ClaimGrant g = matchAndGrant("slot1@host1");
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.evicted(9, 0, 0, 0.5))));
        startds.pending("Activate").get(0).answer().complete(true);
        owner.runAll();
        assertEquals(List.of(IDLE, RUNNING, IDLE), events.statusesOf(J0));
        assertEquals(Expr.parse("1"), await(schedd.ad(J0)).lookup("NumJobStarts"));
        assertEquals(1, requests().size(), "idle and offered again");
    }

    @Test
    void aSuspendedJobCanBeEvictedToo() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        var suspended = schedd.suspend(org.harrier.scheduler.queue.JobSelection.of("1.0", null), QueueUser.SCHEDULER);
        owner.runAll();
        startds.answerAll("Suspend");
        await(suspended);
        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.evicted(15, 0, 0, 3.0))));
        assertEquals(IDLE, await(schedd.status(J0)));
    }
    @Test
    void requestsKeepAccountingGroupsLimitsAndRetirementApartAndCarryThem() {
        submit(JobAds.valid().set("AccountingGroup", "group_a.alice").build());
        submit(JobAds.valid().set("AccountingGroup", "group_b.alice").set("ConcurrencyLimits", "license_x:2")
                .set("MaxJobRetirementTime", 600).build());
        submit(JobAds.valid().build());
        List<AutoclusterRequest> r = requests();
        assertEquals(3, r.size(), "one request each: the negotiator accounts, limits and preempts them apart");
        assertEquals(Expr.parse("\"group_a.alice\""), r.get(0).ad().lookup("AccountingGroup"));
        ClassAd b = r.get(1).ad();
        assertEquals(Expr.parse("\"group_b.alice\""), b.lookup("AccountingGroup"));
        assertEquals(Expr.parse("\"license_x:2\""), b.lookup("ConcurrencyLimits"));
        assertEquals(Expr.parse("600"), b.lookup("MaxJobRetirementTime"));
        assertNull(r.get(2).ad().lookup("AccountingGroup"));
    }
}
