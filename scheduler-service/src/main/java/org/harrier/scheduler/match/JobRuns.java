package org.harrier.scheduler.match;

import java.util.Map;
import java.util.TreeMap;
import org.harrier.scheduler.queue.JobId;

/**
 * A set of job ids, in id order, kept as runs of consecutive ids. The idle jobs of an
 * autocluster are mostly whole ranges of procs (a cluster of 500,000 submitted together is one
 * run) that start from the front, so the set costs a few entries rather than one per job. Ids of
 * different clusters never join one run. Owned by the scheduler's owner thread.
 */
final class JobRuns {
    /** First id of each run -> its last id, both {@link #code encoded}. */
    private final TreeMap<Long, Long> runs = new TreeMap<>();
    private int size;

    /** Ids in cluster, then proc order; a proc id is never negative, so it fits the low half. */
    static long code(JobId id) {
        return ((long) id.cluster() << 32) | id.proc();
    }

    static JobId decode(long code) {
        return new JobId((int) (code >>> 32), (int) code);
    }

    /** Adds {@code id}; false if it is here already. */
    boolean add(JobId id) {
        long x = code(id);
        Map.Entry<Long, Long> before = runs.floorEntry(x);
        if (before != null && before.getValue() >= x) {
            return false;
        }
        // Joins the run ending just below (same cluster: proc - 1) and the one starting just above.
        boolean joinsBefore = before != null && before.getValue() == x - 1 && id.proc() > 0;
        Long afterEnd = id.proc() < Integer.MAX_VALUE ? runs.get(x + 1) : null;
        long start = joinsBefore ? before.getKey() : x;
        long end = x;
        if (afterEnd != null) {
            runs.remove(x + 1);
            end = afterEnd;
        }
        runs.put(start, end);
        size++;
        return true;
    }

    /** Removes {@code id}; false if it was not here. */
    boolean remove(JobId id) {
        long x = code(id);
        Map.Entry<Long, Long> run = runs.floorEntry(x);
        if (run == null || run.getValue() < x) {
            return false;
        }
        long start = run.getKey();
        long end = run.getValue();
        if (start == x) {
            runs.remove(start);
        } else {
            runs.put(start, x - 1);
        }
        if (end > x) {
            runs.put(x + 1, end);
        }
        size--;
        return true;
    }

    boolean contains(JobId id) {
        long x = code(id);
        Map.Entry<Long, Long> run = runs.floorEntry(x);
        return run != null && run.getValue() >= x;
    }

    /** The lowest id, or null when empty. */
    JobId first() {
        return runs.isEmpty() ? null : decode(runs.firstKey());
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** How many runs the set is kept in (what it costs). */
    int runCount() {
        return runs.size();
    }
}
