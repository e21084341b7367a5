package org.harrier.scheduler.queue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
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

    /**
     * Finished jobs' final ads that satisfy {@code filter}, the most recently finished first, at
     * most {@code limit} of them (GetHistory, {@code harrier history}).
     */
    public List<ClassAd> newestFirst(Predicate<ClassAd> filter, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, got " + limit);
        }
        List<ClassAd> all = new ArrayList<>(ads.values());
        List<ClassAd> out = new ArrayList<>();
        for (int i = all.size() - 1; i >= 0 && out.size() < limit; i--) {
            if (filter.test(all.get(i))) {
                out.add(all.get(i));
            }
        }
        return out;
    }

    public int size() {
        return ads.size();
    }
}
