package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.harrier.classad.IntegerValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class QueueViewTest {
    final JobQueue queue = new JobQueue();

    void submit(int count) {
        queue.apply(SubmissionTest.SUBMISSION.decide(SubmissionTest.valid().build(), count, null, queue.nextClusterId(), 100));
    }

    static List<JobId> ids(QueueView view) {
        List<JobId> out = new ArrayList<>();
        view.forEach((id, ad) -> out.add(id));
        return out;
    }

    @Test
    void aViewKeepsTheQueueAsItWasWhateverChangesAfter() {
        submit(3);
        submit(40);
        QueueView view = queue.view();
        List<JobId> before = queue.ids();

        queue.apply(Transaction.builder().set(new JobId(1, 1), "Round", 7).destroy(new JobId(1, 0)).build());
        Transaction.Builder most = Transaction.builder();
        for (int p = 0; p < 36; p++) {
            most.destroy(new JobId(2, p)); // leaves 4 of 40: the cluster repacks its procs
        }
        queue.apply(most.build());
        submit(2);

        assertEquals(before, ids(view), "the view still holds 1.0 and all 40 of cluster 2, and not cluster 3");
        assertEquals(43, view.size());
        view.forEach((id, ad) -> assertNull(ad.lookup("Round"), id + " as it was"));
        assertEquals(IntegerValue.of(7), queue.ad(new JobId(1, 1)).lookup("Round"), "the queue itself moved on");
        assertEquals(3 - 1 + 4 + 2, queue.size());
        assertEquals(List.of(new JobId(2, 36), new JobId(2, 37), new JobId(2, 38), new JobId(2, 39)), queue.jobsOf(2));

        QueueView later = queue.view();
        assertEquals(queue.ids(), ids(later));
        queue.apply(Transaction.builder().set(new JobId(2, 36), "Round", 8).build());
        later.forEachOf(2, (id, ad) -> assertNull(ad.lookup("Round"), "each view is copied from once"));
    }

    @Test
    void aWalkContinuesJustPastTheJobItIsGivenAndStopsWhenTold() {
        submit(3);
        submit(2);
        submit(1);
        QueueView view = queue.view();
        List<JobId> seen = new ArrayList<>();
        assertTrue(view.walk(new JobId(1, 2), (id, ad) -> seen.add(id)));
        assertEquals(List.of(new JobId(2, 0), new JobId(2, 1), new JobId(3, 0)), seen);

        seen.clear();
        assertFalse(view.walk(new JobId(1, 0), (id, ad) -> seen.add(id) && seen.size() < 2), "stopped before the end");
        assertEquals(List.of(new JobId(1, 1), new JobId(1, 2)), seen);

        seen.clear();
        view.forEachOf(2, (id, ad) -> seen.add(id));
        assertEquals(List.of(new JobId(2, 0), new JobId(2, 1)), seen);
        seen.clear();
        view.forEachOf(9, (id, ad) -> seen.add(id));
        assertTrue(seen.isEmpty());
        assertTrue(view.walk(new JobId(7, 0), (id, ad) -> seen.add(id)));
        assertTrue(seen.isEmpty(), "nothing after the last cluster");
    }

    /** Every job's Round set in one transaction, and the first job replaced by a new cluster's. */
    private void round(int round) {
        Transaction.Builder tx = Transaction.builder();
        for (JobId id : queue.ids()) {
            tx.set(id, "Round", round);
        }
        tx.destroy(queue.ids().get(0));
        queue.apply(tx.build());
        submit(1);
        queue.apply(Transaction.builder().set(new JobId(queue.nextClusterId() - 1, 0), "Round", round).build());
    }

    /**
     * The owner thread changes every job in each transaction (Round), and replaces one job by a
     * new cluster's: every view, walked on another thread while the changes go on, holds the
     * same number of jobs, each once, all of one round. A walk of the live queue would not.
     */
    @Test
    @Timeout(60)
    void viewsWalkedWhileTheOwnerChangesTheQueueAreNeverTorn() throws Exception {
        ExecutorService owner = Executors.newSingleThreadExecutor();
        ExecutorService reader = Executors.newSingleThreadExecutor();
        try {
            int jobs = 2_000;
            owner.submit(() -> {
                for (int c = 0; c < 20; c++) {
                    submit(jobs / 20);
                }
            }).get();
            // Rounds and views queued on the owner thread in turn: each view is walked while the rounds after it run.
            List<Future<QueueView>> views = new ArrayList<>();
            List<Future<?>> rounds = new ArrayList<>();
            for (int r = 1; r <= 150; r++) {
                int round = r;
                rounds.add(owner.submit(() -> round(round)));
                if (round % 3 == 0) {
                    views.add(owner.submit(queue::view));
                }
            }
            for (Future<QueueView> v : views) {
                QueueView view = v.get();
                reader.submit(() -> {
                    Set<JobId> seen = new HashSet<>();
                    Set<Object> roundValues = new HashSet<>();
                    view.forEach((id, ad) -> {
                        assertTrue(seen.add(id), id + " counted twice");
                        assertTrue(ad.toString().contains("Owner"), "read as a query would, encoding it");
                        roundValues.add(String.valueOf(ad.lookup("Round")));
                    });
                    assertEquals(jobs, seen.size(), "every job once");
                    assertEquals(1, roundValues.size(), "all of one round: " + roundValues);
                }).get();
            }
            for (Future<?> r : rounds) {
                r.get();
            }
        } finally {
            owner.shutdownNow();
            reader.shutdownNow();
        }
    }
}
