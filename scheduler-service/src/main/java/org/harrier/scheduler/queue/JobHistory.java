package org.harrier.scheduler.queue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.harrier.classad.ClassAd;

/**
 * The final ads of the most recent jobs that left the queue, so {@code harrier q} and
 * {@code wait} still see a job that just finished. Bounded: the oldest entry goes when a new one
 * would exceed the capacity. Issue 4 replaces this with the durable history store.
 * Owned by the scheduler's owner thread.
 */
public final class JobHistory {
    private final int capacity;
    private final Map<JobId, ClassAd> ads;

    public JobHistory(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("history capacity must be >= 0, got " + capacity);
        }
        this.capacity = capacity;
        this.ads = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<JobId, ClassAd> eldest) {
                return size() > JobHistory.this.capacity;
            }
        };
    }

    /** Records a finished job's last ad, flattened so it no longer holds its cluster ad alive. */
    public void add(JobId id, ClassAd finalAd) {
        if (capacity > 0) {
            ads.put(id, finalAd.flatten());
        }
    }

    /** The final ad of a recently finished job, or null. */
    public ClassAd ad(JobId id) {
        return ads.get(id);
    }

    public int size() {
        return ads.size();
    }
}
