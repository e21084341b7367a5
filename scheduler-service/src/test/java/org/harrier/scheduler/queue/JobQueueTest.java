package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.junit.jupiter.api.Test;

class JobQueueTest {
    JobQueue queue = new JobQueue();

    void submit(int count) {
        queue.apply(Submission.decide(SubmissionTest.valid().build(), count, null, queue.nextClusterId(), 100, "s"));
    }

    @Test
    void clusterIdsCountUpFromOne() {
        assertEquals(1, queue.nextClusterId());
        submit(2);
        submit(1);
        assertEquals(3, queue.nextClusterId());
        assertEquals(List.of(new JobId(1, 0), new JobId(1, 1), new JobId(2, 0)), List.copyOf(queue.ids()));
    }

    @Test
    void aTransactionThatDoesNotFitChangesNothing() {
        submit(1);
        JobId job = new JobId(1, 0);
        Transaction bad = Transaction.builder().set(job, "JobStatus", 2).destroy(job).set(job, "X", 1).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> queue.apply(bad));
        assertTrue(e.getMessage().contains("set X of job 1.0 that is not in the queue"), e.getMessage());
        assertEquals(JobStatus.IDLE, queue.status(job));
        assertEquals(1, queue.counts().total(JobStatus.IDLE));
    }

    @Test
    void settingAnAttributeOverridesTheClusterAdForThatProcOnly() {
        submit(2);
        queue.apply(Transaction.builder().status(new JobId(1, 1), JobStatus.RUNNING, 200).build());
        assertEquals(JobStatus.IDLE, queue.status(new JobId(1, 0)));
        assertEquals(JobStatus.RUNNING, queue.status(new JobId(1, 1)));
        assertEquals(IntegerValue.of(200), queue.ad(new JobId(1, 1)).lookup("EnteredCurrentStatus"));
        assertEquals(1, queue.counts().total(JobStatus.IDLE));
        assertEquals(1, queue.counts().of("alice", JobStatus.RUNNING));
    }

    @Test
    void theClusterAdLeavesWithItsLastProc() {
        submit(2);
        queue.apply(Transaction.builder().destroy(new JobId(1, 0)).build());
        assertEquals(List.of(new JobId(1, 1)), queue.jobsOf(1));
        queue.apply(Transaction.builder().destroy(new JobId(1, 1)).build());
        assertNull(queue.clusterAd(1));
        assertTrue(queue.counts().owners().isEmpty());
        assertEquals(0, queue.size());
    }

    @Test
    void aProcNeedsItsCluster() {
        Transaction orphan = Transaction.builder().add(new QueueOp.NewProc(new JobId(5, 0), ClassAd.EMPTY)).build();
        assertThrows(IllegalStateException.class, () -> queue.apply(orphan));
        assertEquals(0, queue.size());
    }

    @Test
    void jobIdsParseAndRefuseWithClearMessages() {
        assertEquals(new JobId(12, 3), JobId.parse("12.3"));
        assertEquals(12, JobId.parseCluster("12"));
        for (String bad : new String[] {"", "12", "a.b", "0.1", "1.-1", "1.2.3", "99999999999.0"}) {
            org.harrier.mgmt.QmfException e = assertThrows(org.harrier.mgmt.QmfException.class, () -> JobId.parse(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void historyKeepsTheMostRecentFinishedJobs() {
        JobHistory h = new JobHistory(2);
        for (int i = 0; i < 3; i++) {
            h.add(new JobId(1, i), ClassAd.builder().set("ProcId", i).build());
        }
        assertNull(h.ad(new JobId(1, 0)));
        assertEquals(IntegerValue.of(2), h.ad(new JobId(1, 2)).lookup("ProcId"));
        assertEquals(2, h.size());
    }
}
