package org.harrier.scheduler;

import static org.harrier.scheduler.queue.JobStatus.HELD;
import static org.harrier.scheduler.queue.JobStatus.IDLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.classad.Expr;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The queue acts only on the caller's own jobs unless they are a queue super user: alice's cluster
 * 1, bob's cluster 2, each of two jobs; and a claim's reports come from the startd user that
 * reported first.
 */
class OwnJobsTest extends ScheddFixture {
    static final QueueUser ALICE = QueueUser.owner("alice");
    static final JobId A0 = new JobId(1, 0);
    static final JobId B0 = new JobId(2, 0);
    static final JobId B1 = new JobId(2, 1);

    @BeforeEach
    void aliceAndBobHaveTwoJobsEach() {
        await(schedd.submitCluster(JobAds.valid("alice").build(), 2, null));
        await(schedd.submitCluster(JobAds.valid("bob").build(), 2, null));
    }

    JobStatus status(JobId job) {
        return await(schedd.status(job));
    }

    @Test
    void aUsersConstraintActsOnlyOnTheirOwnJobs() {
        List<JobId> held = await(schedd.hold(JobSelection.of(null, "ProcId >= 0"), "mine", ALICE));
        assertEquals(List.of(A0, new JobId(1, 1)), held);
        assertEquals(IDLE, status(B0));
        assertEquals(IDLE, status(B1));
        assertEquals(Expr.parse("\"mine (by user alice)\""), await(schedd.ad(A0)).lookup("HoldReason"));
    }

    @Test
    void aConstraintThatSelectsOnlyOthersJobsSelectsNothingOfTheCallers() {
        ScheddFailure none = failure(schedd.remove(JobSelection.of(null, "Owner == \"bob\""), null, ALICE));
        assertInstanceOf(ScheddFailure.UnknownJob.class, none);
        assertEquals("no job of alice matching Owner == \"bob\" is in the queue", none.getMessage());
        assertEquals(IDLE, status(B0));
    }

    @Test
    void anotherUsersJobOrClusterIsRefusedAndNothingChanges() {
        ScheddFailure job = failure(schedd.hold(JobSelection.of("2.0", null), null, ALICE));
        assertInstanceOf(ScheddFailure.Refused.class, job);
        assertTrue(job.getMessage().startsWith("Hold refused: job 2.0 belongs to bob"), job.getMessage());
        assertInstanceOf(ScheddFailure.Refused.class, failure(schedd.remove(JobSelection.of("2", null), null, ALICE)));
        assertInstanceOf(ScheddFailure.Refused.class,
                failure(schedd.setAttribute(JobSelection.of("2.1", null), "RequestMemory", "1", ALICE)));
        assertInstanceOf(ScheddFailure.Refused.class, failure(schedd.suspend(JobSelection.of("2.0", null), ALICE)));
        assertInstanceOf(ScheddFailure.Refused.class, failure(schedd.resume(JobSelection.of("2.0", null), ALICE)));
        assertInstanceOf(ScheddFailure.Refused.class, failure(schedd.vacate(JobSelection.of("2.0", null), ALICE)));
        assertEquals(IDLE, status(B0));
        assertEquals(IDLE, status(B1));
        assertEquals(Expr.parse("64"), await(schedd.ad(B1)).lookup("RequestMemory"));
    }

    @Test
    void aQueueSuperUserActsOnAnyonesJobs() {
        assertEquals(List.of(B0), await(schedd.hold(JobSelection.of("2.0", null), null, QueueUser.superUser("root"))));
        assertEquals(HELD, status(B0));
        assertEquals(List.of(B0), await(schedd.release(JobSelection.of("2.0", null), null, QueueUser.superUser("root"))));
        assertEquals(List.of(A0, new JobId(1, 1), B0, B1),
                await(schedd.setAttribute(JobSelection.of(null, "true"), "Project", "\"x\"", QueueUser.superUser("root"))));
    }

    @Test
    void theFirstStartdUserToReportOnAClaimIsTheOnlyOneThatMay() {
        ClaimGrant g = running(A0);
        await(schedd.reports().reportedBy(g.claimId(), ClaimReporter.startd("exec1")));
        await(schedd.reports().reportedBy(g.claimId(), ClaimReporter.startd("exec1")));
        ScheddFailure other = failure(schedd.reports().reportedBy(g.claimId(), ClaimReporter.startd("mallory")));
        assertInstanceOf(ScheddFailure.Refused.class, other);
        assertEquals("a report on the claim of job 1.0 refused: it comes from mallory, but the claim's startd reports as exec1",
                other.getMessage());
        assertNull(await(schedd.reports().reportedBy("no-such-claim", ClaimReporter.startd("mallory"))), "an unknown claim's reports are ignored as stale anyway");
    }

    @Test
    void aReportFromAnotherStartdUserIsRefusedAndChangesNothing() {
        ClaimGrant g = running(A0);
        await(schedd.reports().jobStarted(A0, g.claimId(), "exec1.example", ClaimReporter.startd("exec1")));
        ExitReport exit = new ExitReport(0, false, 0, 0, 0, 1, "", 0, false);
        ScheddFailure refused = failure(schedd.reports().jobExited(A0, g.claimId(), exit, ClaimReporter.startd("mallory"), null));
        assertInstanceOf(ScheddFailure.Refused.class, refused);
        assertEquals(JobStatus.RUNNING, status(A0), "the forged exit changed nothing");
        assertTrue(await(schedd.reports().jobExited(A0, g.claimId(), exit, ClaimReporter.ANYONE, null)), "an administrator may report on any claim");
    }
}
