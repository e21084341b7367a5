package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.queue.CheckpointReport;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's side of checkpoints and vacate (docs/protocols.md, "Checkpoints and vacate"):
 * checkpoint reports are recorded once, VacateJob asks the startd to evict, and the eviction
 * report puts the job back to Idle with its checkpoint count kept.
 */
class CheckpointScheddTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);

    @Test
    void aCheckpointReportIsRecordedOnceAndAStaleOrForeignOneChangesNothing() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        clock.advance(Duration.ofSeconds(10));
        assertTrue(await(schedd.reports().jobCheckpointed(J0, g.claimId(), new CheckpointReport(1, 2048, 0.25))));
        assertFalse(await(schedd.reports().jobCheckpointed(J0, g.claimId(), new CheckpointReport(1, 2048, 0.25))), "repeated");
        assertFalse(await(schedd.reports().jobCheckpointed(J0, "claim-9", new CheckpointReport(2, 1, 0.1))), "another claim");
        assertTrue(await(schedd.reports().jobCheckpointed(J0, g.claimId(), new CheckpointReport(2, 1000, 0.5))));

        ClassAd ad = await(schedd.ad(J0));
        assertEquals(Expr.parse("2"), ad.lookup("NumCkpts"));
        assertEquals(Expr.parse(Long.toString(clock.instant().getEpochSecond())), ad.lookup("LastCkptTime"));
        assertEquals(Expr.parse("1000"), ad.lookup("LastCheckpointSize"));
        assertEquals(Expr.parse("0.5"), ad.lookup("LastCheckpointDuration"));
        assertEquals(Expr.parse("3048"), ad.lookup("TotalCheckpointBytes"));
        assertEquals(RUNNING, await(schedd.status(J0)), "a checkpoint is no status change");
    }

    @Test
    void vacateJobAsksTheStartdAndTheEvictionReportSendsTheJobBackToIdle() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        var vacated = schedd.vacate(JobSelection.of("1.0", null), QueueUser.SCHEDULER);
        owner.runAll();
        RecordingStartds.Call call = startds.pending("Vacate").get(0);
        assertEquals(J0, call.job());
        assertEquals(g, call.claim());
        assertEquals(RUNNING, await(schedd.status(J0)), "the queue waits for the eviction report");
        call.answer().complete(null);
        assertEquals(List.of(J0), await(vacated));

        assertTrue(await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.evicted(15, 0, 0, 3))));
        assertEquals(IDLE, await(schedd.status(J0)));
        assertEquals(1, requests().size(), "matched again");
    }

    @Test
    void vacatingAnIdleJobIsWrongStateAndOfAClusterSkipsIt() {
        submit(JobAds.valid().build());
        ScheddFailure.WrongState e = assertInstanceOf(ScheddFailure.WrongState.class,
                failure(schedd.vacate(JobSelection.of("1.0", null), QueueUser.SCHEDULER)));
        assertEquals("job 1.0 is idle; only running or suspended jobs can be vacated", e.getMessage());
        assertInstanceOf(ScheddFailure.WrongState.class, failure(schedd.vacate(JobSelection.of("1", null), QueueUser.SCHEDULER)));
        assertInstanceOf(ScheddFailure.UnknownJob.class, failure(schedd.vacate(JobSelection.of("9.0", null), QueueUser.SCHEDULER)));
        assertTrue(startds.all("Vacate").isEmpty());
        assertNull(await(schedd.ad(J0)).lookup("NumCkpts"));
    }

    @Test
    void aStartdThatRefusesTheVacateFailsTheCallForOneJob() {
        submit(JobAds.valid().build());
        running(J0);
        var vacated = schedd.vacate(JobSelection.of("1.0", null), QueueUser.SCHEDULER);
        owner.runAll();
        startds.pending("Vacate").get(0).answer().completeExceptionally(
                new ScheddFailure.WrongState("no job runs on the claim"));
        assertInstanceOf(ScheddFailure.WrongState.class, failure(vacated));
        assertEquals(RUNNING, await(schedd.status(J0)));
    }
}
