package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

/**
 * Claim leases on the scheduler's side, with recording startds and a settable clock: a claim
 * whose startd answers no keep-alive for longer than the job's JobLeaseDuration is given up and
 * its job goes back to Idle, exactly once; answered keep-alives keep it.
 */
class LeaseScheddTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);

    private ClaimGrant runningWithLease(long seconds) {
        submit(JobAds.valid().set("JobLeaseDuration", seconds).build());
        return running(J0);
    }

    /** One ALIVE_INTERVAL later: renewals sent, and every pending Alive answered with {@code failure} (null: success). */
    private List<JobId> interval(Duration step, Throwable failure) {
        clock.advance(step);
        List<JobId> idle = await(schedd.renewClaims());
        for (RecordingStartds.Call c : startds.pending("Alive")) {
            if (failure == null) {
                c.answer().complete(null);
            } else {
                c.answer().completeExceptionally(failure);
            }
        }
        owner.runAll();
        return idle;
    }

    @Test
    void aStartdThatNeverAnswersLosesTheClaimAfterTheJobLeaseAndTheJobIsIdleOnce() {
        ClaimGrant g = runningWithLease(20);
        ScheddFailure timeout = new ScheddFailure.Unavailable("no answer within 5 s");
        assertEquals(List.of(), interval(Duration.ofSeconds(10), timeout));
        assertEquals(List.of(), interval(Duration.ofSeconds(10), timeout), "20 s without an answer: still within the lease");
        assertEquals(RUNNING, await(schedd.status(J0)));

        assertEquals(List.of(J0), interval(Duration.ofSeconds(10), timeout));
        assertEquals(List.of(IDLE, RUNNING, IDLE), events.statusesOf(J0));
        ClassAd ad = await(schedd.ad(J0));
        assertEquals(Expr.parse("1"), ad.lookup("NumJobStarts"), "the lost run was counted when it started");
        assertEquals(Expr.parse("\"slot1_1@host1\""), ad.lookup("LastRemoteHost"));
        assertEquals(Expr.parse(Long.toString(clock.instant().getEpochSecond() - 30)), ad.lookup("JobDisconnectedDate"));
        assertEquals(Expr.parse("\"Job disconnected too long: lease (20 seconds) expired\""), ad.lookup("VacateReason"));
        assertEquals(0, (int) await(schedd.claimCount()));
        assertEquals(List.of(g), startds.all("Release").stream().map(RecordingStartds.Call::claim).toList(),
                "a Release goes out in case the startd comes back");
        assertEquals(1, requests().size(), "offered to the negotiator again");

        assertEquals(List.of(), interval(Duration.ofSeconds(60), timeout), "nothing more to give up");
        assertFalse(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0))),
                "a late exit report from the lost claim is ignored");
        assertEquals(List.of(IDLE, RUNNING, IDLE), events.statusesOf(J0));
    }

    @Test
    void answeredKeepAlivesKeepTheClaimPastItsLease() {
        runningWithLease(20);
        for (int i = 0; i < 6; i++) {
            assertEquals(List.of(), interval(Duration.ofSeconds(10), null));
        }
        assertEquals(RUNNING, await(schedd.status(J0)));
        assertEquals(1, (int) await(schedd.claimCount()));
        assertEquals(6, startds.all("Alive").size(), "one Alive per claim per interval");
    }

    @Test
    void anUnknownClaimAnswerGivesTheClaimUpAtTheNextRoundWellWithinItsLease() {
        runningWithLease(600);
        ScheddFailure unknown = new ScheddFailure.UnknownClaim("unknown claim on slot1@host1");
        assertEquals(List.of(), interval(Duration.ofSeconds(10), unknown), "the answer is no renewal, and disowns the claim");
        assertEquals(RUNNING, await(schedd.status(J0)));
        assertEquals(List.of(J0), interval(Duration.ofSeconds(10), null), "given up at the next round");
        assertEquals(IDLE, await(schedd.status(J0)));
    }

    @Test
    void withoutJobLeaseDurationTheJobIsKeptForCondorSubmitsDefault() {
        submit(JobAds.valid().build());
        running(J0);
        ScheddFailure gone = new ScheddFailure.UnknownSlot("no such agent");
        assertEquals(List.of(), interval(Duration.ofSeconds(2400), gone));
        assertEquals(RUNNING, await(schedd.status(J0)));
        assertEquals(List.of(J0), interval(Duration.ofSeconds(1), gone));
    }

    @Test
    void aClaimWhoseActivationIsUnansweredGivesItsJobBackToMatching() {
        submit(JobAds.valid().set("JobLeaseDuration", 5L).build());
        matchAndGrant("slot1@host1");
        assertTrue(requests().isEmpty());
        assertEquals(List.of(), interval(Duration.ofSeconds(6), new ScheddFailure.Unavailable("timeout")),
                "no job ran: nothing to put back");
        assertEquals(IDLE, await(schedd.status(J0)));
        assertEquals(1, requests().size());
        assertEquals(List.of(IDLE), events.statusesOf(J0));
    }
}
