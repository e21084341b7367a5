package org.harrier.scheduler.store;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.Transaction;

/**
 * Where the schedd's queue changes are kept: {@link QueueLog} on disk, or {@link #NONE} for a
 * queue that lives only in memory (unit tests of the scheduler's decisions). Owner thread only.
 */
public interface Journal extends AutoCloseable {
    /** Keeps {@code tx}; the future completes once it would survive a crash. */
    CompletableFuture<Void> append(Transaction tx);

    /**
     * Keeps a finished job's final ad in the history, with the next transaction appended (the
     * one that destroys the job): the ad is durable no later than that transaction, and after a
     * crash the history holds it exactly once if the transaction survived, else not at all.
     */
    void finished(ClassAd finalAd);

    /** The history file, when this journal keeps one. */
    default Optional<HistoryFile> history() {
        return Optional.empty();
    }

    /**
     * Completes with the error when the journal stopped keeping changes (a full disk); the queue
     * in memory is then ahead of it, and only a restart from the journal is sound again.
     */
    default CompletableFuture<IOException> failure() {
        return new CompletableFuture<>();
    }

    /** Completes when everything appended so far is kept. */
    CompletableFuture<Void> synced();

    /** Compacts when the journal has grown well past the queue it describes. */
    void compactIfLarge(JobQueue queue);

    @Override
    void close();

    /** Nothing kept: every future completes at once. */
    Journal NONE = new Journal() {
        @Override
        public CompletableFuture<Void> append(Transaction tx) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void finished(ClassAd finalAd) {
        }

        @Override
        public CompletableFuture<Void> synced() {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void compactIfLarge(JobQueue queue) {
        }

        @Override
        public void close() {
        }
    };
}
