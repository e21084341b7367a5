package org.harrier.scheduler;


import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;

/**
 * What the scheduler tells the outside world (the bus adapter publishes each as a data
 * indication). Called on the scheduler's owner thread, in the order things happened; an
 * implementation must not block for long nor call back into the {@link Schedd} synchronously.
 */
public interface ScheddEvents {
    /** A job entered the queue. */
    void jobQueued(JobId id, ClassAd ad);

    /**
     * A job the scheduler found in its queue when it started (it entered the queue before).
     * Listeners that keep state about jobs treat it as {@link #jobQueued}; the user log does not
     * log a second submission.
     */
    default void jobRecovered(JobId id, ClassAd ad) {
        jobQueued(id, ad);
    }

    /**
     * A job's ad changed (every JobStatus change is one call); {@code before} is its ad before the
     * transaction, so a listener sees the transition (Idle to Running, Running to Held, ...).
     */
    void jobChanged(JobId id, ClassAd before, ClassAd ad);

    /** A job left the queue after its final state was published by {@link #jobChanged}. */
    void jobLeft(JobId id, ClassAd finalAd);

    /** An owner's counts changed; {@link SubmitterCounts#isGone()} when the owner has no job left. */
    void submitterChanged(SubmitterCounts counts);

    /** The scheduler's statistics changed (coalesced: at most once per burst of work). */
    void statisticsChanged(SchedulerStatistics statistics);
}
