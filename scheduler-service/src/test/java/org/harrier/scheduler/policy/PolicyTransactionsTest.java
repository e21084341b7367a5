package org.harrier.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Value;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.QueueOp;
import org.harrier.scheduler.queue.Transaction;
import org.junit.jupiter.api.Test;

/** Each verdict becomes the queue change HTCondor makes for it, applied to a real queue. */
class PolicyTransactionsTest {
    static final JobId J = new JobId(1, 0);
    static final long NOW = 1_800_000_000L;
    static final ExitReport EXIT_3 = new ExitReport(3, false, 0, 1.5, 0.5, 9);

    final JobQueue queue = new JobQueue();

    ClassAd queued(JobStatus status, String more) {
        queue.apply(Transaction.builder()
                .add(new QueueOp.NewCluster(1, ClassAd.parse("Owner = \"alice\"\n" + more)))
                .add(new QueueOp.NewProc(J, ClassAd.builder().set("JobStatus", status.code()).set("ClusterId", 1)
                        .set("ProcId", 0).build()))
                .build());
        return queue.ad(J);
    }

    ClassAd after(Transaction tx) {
        queue.apply(tx);
        return queue.ad(J);
    }

    @Test
    void aPeriodicHoldRecordsReasonCodeAndSubcode() {
        ClassAd ad = after(PolicyTransactions.periodic(J, queued(JobStatus.IDLE, ""),
                new PolicyAction.Hold("too long", 3, 42), NOW));
        assertEquals(JobStatus.HELD, JobQueue.status(ad));
        assertEquals(Value.of("too long"), ad.evaluate("HoldReason"));
        assertEquals(Value.of(3), ad.evaluate("HoldReasonCode"));
        assertEquals(Value.of(42), ad.evaluate("HoldReasonSubCode"));
        assertEquals(Value.of(NOW), ad.evaluate("EnteredCurrentStatus"));
    }

    @Test
    void aPeriodicReleaseRecordsItsReason() {
        ClassAd ad = after(PolicyTransactions.periodic(J, queued(JobStatus.HELD, ""), new PolicyAction.Release("try again"), NOW));
        assertEquals(JobStatus.IDLE, JobQueue.status(ad));
        assertEquals(Value.of("try again"), ad.evaluate("ReleaseReason"));
    }

    @Test
    void aPeriodicRemovalRecordsItsReason() {
        ClassAd ad = after(PolicyTransactions.periodic(J, queued(JobStatus.RUNNING, ""), new PolicyAction.Remove("old"), NOW));
        assertEquals(JobStatus.REMOVED, JobQueue.status(ad));
        assertEquals(Value.of("old"), ad.evaluate("RemoveReason"));
    }

    @Test
    void nothingToDoIsNoTransaction() {
        assertNull(PolicyTransactions.periodic(J, queued(JobStatus.IDLE, ""), PolicyAction.None.INSTANCE, NOW));
    }

    @Test
    void aRequeueSendsTheJobBackToIdleWithTheExitRecordedAndCounted() {
        ClassAd ad = after(PolicyTransactions.exit(J, queued(JobStatus.RUNNING, "NumJobCompletions = 1"), EXIT_3,
                new ExitAction.Requeue("on_exit_remove said so"), NOW));
        assertEquals(JobStatus.IDLE, JobQueue.status(ad));
        assertEquals(Value.of(3), ad.evaluate("ExitCode"));
        assertEquals(Value.of(1.5), ad.evaluate("RemoteUserCpu"));
        assertEquals(Value.of(2), ad.evaluate("NumJobCompletions"));
        assertEquals(Value.of("on_exit_remove said so"), ad.evaluate("VacateReason"));
    }

    @Test
    void aCompletionCountsTheExit() {
        ClassAd ad = after(PolicyTransactions.exit(J, queued(JobStatus.RUNNING, ""), EXIT_3, ExitAction.Complete.INSTANCE, NOW));
        assertEquals(JobStatus.COMPLETED, JobQueue.status(ad));
        assertEquals(Value.of(3), ad.evaluate("ExitCode"));
        assertEquals(Value.of(NOW), ad.evaluate("CompletionDate"));
        assertEquals(Value.of(1), ad.evaluate("NumJobCompletions"));
    }

    @Test
    void aHoldAtExitKeepsTheExit() {
        ClassAd ad = after(PolicyTransactions.exit(J, queued(JobStatus.RUNNING, ""), EXIT_3,
                new PolicyAction.Hold("exit 3", 3, 3), NOW));
        assertEquals(JobStatus.HELD, JobQueue.status(ad));
        assertEquals(Value.of(3), ad.evaluate("ExitCode"));
        assertEquals(Value.of(3), ad.evaluate("HoldReasonSubCode"));
        assertEquals(Value.of(1), ad.evaluate("NumJobCompletions"));
    }

    @Test
    void aRemovalAtExitKeepsTheExit() {
        ClassAd ad = after(PolicyTransactions.exit(J, queued(JobStatus.RUNNING, ""), EXIT_3, new PolicyAction.Remove("gone"), NOW));
        assertEquals(JobStatus.REMOVED, JobQueue.status(ad));
        assertEquals(Value.of(3), ad.evaluate("ExitCode"));
    }

    @Test
    void onlyARunningJobCanBeRequeued() {
        ClassAd held = queued(JobStatus.HELD, "");
        ScheddFailure.WrongState e = assertThrows(ScheddFailure.WrongState.class, () -> PolicyTransactions.exit(J, held, EXIT_3,
                new ExitAction.Requeue("again"), NOW));
        assertEquals("job 1.0 is held; cannot requeue it", e.getMessage());
    }
}
