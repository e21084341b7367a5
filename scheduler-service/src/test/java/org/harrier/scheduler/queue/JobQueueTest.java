package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.Test;

class JobQueueTest {
    JobQueue queue = new JobQueue();

    void submit(int count) {
        queue.apply(SubmissionTest.SUBMISSION.decide(SubmissionTest.valid().build(), count, null, queue.nextClusterId(), 100));
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
            ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> JobId.parse(bad));
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

    /**
     * A cluster's procs live in an array by proc id: procs leaving from the front, the middle and
     * the back (the array repacking as most of them go) leave every other proc in place and in order.
     */
    @Test
    void procsLeavingInAnyOrderLeaveTheRestInPlace() {
        submit(1_000);
        java.util.Random random = new java.util.Random(4);
        java.util.TreeSet<Integer> left = new java.util.TreeSet<>();
        for (int p = 0; p < 1_000; p++) {
            left.add(p);
        }
        while (left.size() > 3) {
            int proc = random.nextInt(4) == 0 ? left.first() : List.copyOf(left).get(random.nextInt(left.size()));
            queue.apply(Transaction.builder().destroy(new JobId(1, proc)).build());
            left.remove(proc);
            if (left.size() % 97 == 0) {
                assertEquals(left.stream().map(p -> new JobId(1, p)).toList(), queue.jobsOf(1));
                for (int p : left) {
                    assertEquals(IntegerValue.of(p), queue.ad(new JobId(1, p)).lookup("ProcId"));
                }
            }
        }
        assertEquals(3, queue.size());
        assertEquals(left.stream().map(p -> new JobId(1, p)).toList(), queue.ids());
        assertNull(queue.ad(new JobId(1, 5_000)));
    }

    /** Procs arriving out of order (a log replayed after edits) find their places, below and above. */
    @Test
    void procsMayArriveInAnyOrder() {
        ClassAd cluster = SubmissionTest.valid().set("ClusterId", 1).set("JobStatus", 1).build();
        Transaction.Builder tx = Transaction.builder().add(new QueueOp.NewCluster(1, cluster));
        for (int p : new int[] {50, 3, 700, 0, 51}) {
            tx.add(new QueueOp.NewProc(new JobId(1, p), ClassAd.builder().set("ProcId", p).build()));
        }
        queue.apply(tx.build());
        assertEquals(List.of(new JobId(1, 0), new JobId(1, 3), new JobId(1, 50), new JobId(1, 51), new JobId(1, 700)),
                queue.ids());
        assertEquals(IntegerValue.of(700), queue.ad(new JobId(1, 700)).lookup("ProcId"));
    }

    /** Another thread (the bus serving job objects) reads while the owner thread submits and removes. */
    @Test
    void readsFromAnotherThreadSeeWholeJobs() throws Exception {
        java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread reader = new Thread(() -> {
            try {
                while (!done.get()) {
                    queue.forEach((id, ad) -> assertEquals(IntegerValue.of(id.proc()), ad.lookup("ProcId")));
                }
            } catch (Throwable t) {
                failed.set(t);
            }
        });
        reader.start();
        for (int round = 0; round < 50; round++) {
            submit(200);
            int cluster = queue.nextClusterId() - 1;
            for (int p = 0; p < 200; p += 3) {
                queue.apply(Transaction.builder().destroy(new JobId(cluster, p)).build());
            }
        }
        done.set(true);
        reader.join();
        assertNull(failed.get(), () -> "reader failed: " + failed.get());
    }
}
