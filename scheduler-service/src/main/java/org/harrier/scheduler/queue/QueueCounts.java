package org.harrier.scheduler.queue;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * How many queued jobs each owner has in each status, and the totals: the figures of the
 * {@code scheduler} and {@code submitter} objects. Owned by the scheduler's owner thread.
 */
public final class QueueCounts {
    private final Map<String, int[]> byOwner = new HashMap<>();
    private final int[] total = new int[JobStatus.values().length + 1];

    void add(String owner, JobStatus status) {
        byOwner.computeIfAbsent(owner, o -> new int[total.length])[status.code()]++;
        total[status.code()]++;
    }

    void remove(String owner, JobStatus status) {
        int[] c = byOwner.get(owner);
        c[status.code()]--;
        total[status.code()]--;
        if (sum(c) == 0) {
            byOwner.remove(owner);
        }
    }

    private static int sum(int[] c) {
        int n = 0;
        for (int v : c) {
            n += v;
        }
        return n;
    }

    public int total(JobStatus status) {
        return total[status.code()];
    }

    /** Jobs of {@code owner} in {@code status}; 0 for an owner with no jobs. */
    public int of(String owner, JobStatus status) {
        int[] c = byOwner.get(owner);
        return c == null ? 0 : c[status.code()];
    }

    /** Owners with at least one job in the queue. */
    public Set<String> owners() {
        return Collections.unmodifiableSet(byOwner.keySet());
    }
}
