package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.HELD;
import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.harrier.scheduler.queue.JobStatus.REMOVED;
import static org.harrier.scheduler.queue.JobStatus.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.Expr;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RemoveTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);

    @Test
    void anIdleJobIsRemovedAndLeavesTheQueue() {
        submit(JobAds.valid().build());
        assertEquals(List.of(J0), await(schedd.remove("1.0", "not needed")));
        assertEquals(List.of(IDLE, REMOVED), events.statusesOf(J0));
        assertEquals(List.of("queued", "changed", "left"), events.kindsOf(J0));
        assertNull(await(schedd.status(J0)));
        assertEquals(Expr.parse("\"not needed\""), await(schedd.ad(J0)).lookup("RemoveReason"));
        assertTrue(requests().isEmpty());
        assertTrue(startds.calls.isEmpty());
    }

    @Test
    void aHeldJobIsRemoved() {
        submit(JobAds.valid().build());
        await(schedd.hold("1.0", "h"));
        await(schedd.remove("1.0", "r"));
        assertEquals(List.of(IDLE, HELD, REMOVED), events.statusesOf(J0));
        assertNull(await(schedd.status(J0)));
    }

    @Test
    void aRunningJobIsKilledThroughItsClaimThenLeaves() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        CompletableFuture<List<JobId>> removed = schedd.remove("1.0", "kill it");
        owner.runAll();
        assertFalse(removed.isDone(), "Remove answers once the startd killed the job");
        assertEquals(REMOVED, await(schedd.status(J0)));
        RecordingStartds.Call deactivate = startds.pending("Deactivate").get(0);
        assertEquals(g, deactivate.claim());
        assertEquals(J0, deactivate.job());
        ScheddFailure.WrongState twice = assertInstanceOf(ScheddFailure.WrongState.class,
                failure(schedd.remove("1.0", "again")));
        assertEquals("job 1.0 is already removed", twice.getMessage());

        assertFalse(await(schedd.reports().jobExited(J0, g.claimId(), new ExitReport(0, true, 9, 0, 0, 1))),
                "the killed job's exit report is ignored");
        startds.answerAll("Deactivate");
        assertEquals(List.of(J0), await(removed));
        assertEquals(List.of(IDLE, RUNNING, REMOVED), events.statusesOf(J0));
        assertNull(await(schedd.status(J0)));
        assertEquals(g, startds.all("Release").get(0).claim(), "nothing else to run: the claim is released");
    }

    @Test
    void aClaimThatFailedToDeactivateIsDroppedButTheJobStillLeaves() {
        submit(JobAds.valid().build());
        running(J0);
        CompletableFuture<List<JobId>> removed = schedd.remove("1.0", "r");
        owner.runAll();
        startds.pending("Deactivate").get(0).answer().completeExceptionally(
                new ScheddFailure.UnknownClaim("no such claim"));
        assertEquals(List.of(J0), await(removed));
        assertNull(await(schedd.status(J0)));
        assertEquals(0, (int) await(schedd.claimCount()));
    }

    @Test
    void aWholeClusterIsRemovedWhateverStateItsJobsAreIn() {
        await(schedd.submitCluster(JobAds.valid().build(), 3, null));
        running(J0);
        await(schedd.hold("1.2", "h"));
        CompletableFuture<List<JobId>> removed = schedd.remove("1", "all of it");
        owner.runAll();
        startds.answerAll("Deactivate");
        assertEquals(List.of(J0, new JobId(1, 1), new JobId(1, 2)), await(removed));
        assertEquals(0, await(schedd.statistics()).totalJobAds());
    }

    @ParameterizedTest(name = "Remove({0}): {1}, {2}")
    @CsvSource(delimiter = '|', value = {
            "9.0 | UnknownJob | no job 9.0 in the queue",
            "9 | UnknownJob | no job of cluster 9 in the queue",
            "x.y | Invalid | job id must be cluster.proc, got 'x.y'",
            "1.0.0 | Invalid | job id must be cluster.proc, got '1.0.0'",
            "'' | Invalid | job id must be cluster.proc, got ''"})
    void removingWhatIsNotThereSaysSo(String id, String kind, String message) {
        submit(JobAds.valid().build());
        ScheddFailure e = failure(schedd.remove(id, "r"));
        assertEquals(kind, e.getClass().getSimpleName());
        assertEquals(message, e.getMessage());
        assertEquals(IDLE, await(schedd.status(J0)), "nothing changed");
    }

    @Test
    void removingAJobThatJustFinishedSaysItLeft() {
        submit(JobAds.valid().build());
        ClaimGrant g = running(J0);
        await(schedd.reports().jobExited(J0, g.claimId(), ExitReport.code(0)));
        ScheddFailure.WrongState e = assertInstanceOf(ScheddFailure.WrongState.class,
                failure(schedd.remove("1.0", "r")));
        assertEquals("job 1.0 has already left the queue (completed)", e.getMessage());
    }
}
