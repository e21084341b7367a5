package org.harrier.scheduler.store;

import java.util.Arrays;
import org.harrier.scheduler.queue.JobId;

/**
 * Where each ad of one history file lies, in the order they were appended (a position is an
 * ad's ordinal in its file; the newest has the highest), with each cluster's ads chained newest
 * first, so a job or a cluster is found without reading the file, and a page continues at a
 * position instead of re-reading the ads before it. About 24 bytes a job, in arrays (a million
 * jobs: some 30 MiB).
 *
 * <p>Ads whose ClusterId or ProcId is not a whole number (none that this scheduler writes) are
 * chained under cluster {@link #UNKNOWN} and every lookup reads them too, so an index lookup
 * never misses an ad a scan would find.
 *
 * <p>Threads: appended to by the queue log's writer thread, read by the agent's query threads
 * (GetHistory) and the scheduler's owner thread (GetAd of a finished job); every method holds
 * this object's monitor. An entry never changes once added, so a
 * reader that noted {@link #size} may read positions below it later.
 */
final class HistoryIndex {
    /** The cluster under which ads without whole-number ids are chained; no job's (JobId starts at 1). */
    static final int UNKNOWN = 0;
    private int size;
    private int[] clusters = new int[1024];
    private int[] procs = new int[1024];
    private long[] starts = new long[1024];
    private int[] lengths = new int[1024];
    /** The position of the next older ad of the same cluster, or -1. */
    private int[] previous = new int[1024];
    /** Open addressing, cluster + 1 to position + 1 of its newest ad; 0 is an empty slot. */
    private int[] tableKeys = new int[2048];
    private int[] tableNewest = new int[2048];
    private int tableUsed;

    synchronized void add(IndexEntry e) {
        if (size > 0 && e.start() < starts[size - 1] + lengths[size - 1]) {
            throw new IllegalArgumentException("history index entries must follow each other in the file: " + e
                    + " starts before the end of the last, " + (starts[size - 1] + lengths[size - 1]));
        }
        if (size == clusters.length) {
            int n = size * 2;
            clusters = Arrays.copyOf(clusters, n);
            procs = Arrays.copyOf(procs, n);
            starts = Arrays.copyOf(starts, n);
            lengths = Arrays.copyOf(lengths, n);
            previous = Arrays.copyOf(previous, n);
        }
        clusters[size] = e.cluster();
        procs[size] = e.proc();
        starts[size] = e.start();
        lengths[size] = e.length();
        previous[size] = newestOf(e.cluster());
        setNewest(e.cluster(), size);
        size++;
    }

    synchronized int size() {
        return size;
    }

    /** The end of the last ad indexed: how much of the file the index covers. */
    synchronized long end() {
        return size == 0 ? 0 : starts[size - 1] + lengths[size - 1];
    }

    synchronized IndexEntry entry(int position) {
        if (position < 0 || position >= size) {
            throw new IllegalArgumentException("no history index position " + position + " of " + size);
        }
        return new IndexEntry(clusters[position], procs[position], starts[position], lengths[position]);
    }

    /** The position of job {@code id}'s newest ad below {@code below}, or -1. */
    synchronized int newest(JobId id, int below) {
        for (int p = newestOf(id.cluster()); p >= 0; p = previous[p]) {
            if (p < below && procs[p] == id.proc()) {
                return p;
            }
        }
        return -1;
    }

    /**
     * The positions below {@code below} of the ads {@code keys} admits, newest first, with every
     * ad of unknown id; only for keys that {@link HistoryKeys#named name} their clusters.
     */
    synchronized int[] positions(HistoryKeys keys, int below) {
        int[] out = new int[16];
        int n = 0;
        java.util.Set<Integer> chains = new java.util.HashSet<>(keys.clusters());
        chains.add(UNKNOWN);
        for (int cluster : chains) {
            for (int p = newestOf(cluster); p >= 0; p = previous[p]) {
                if (p < below && (cluster == UNKNOWN || keys.admits(cluster, procs[p]))) {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, n * 2);
                    }
                    out[n++] = p;
                }
            }
        }
        int[] found = Arrays.copyOf(out, n);
        Arrays.sort(found);
        for (int i = 0, j = n - 1; i < j; i++, j--) {
            int t = found[i];
            found[i] = found[j];
            found[j] = t;
        }
        return found;
    }

    private int newestOf(int cluster) {
        int key = cluster + 1;
        for (int i = slot(key); tableKeys[i] != 0; i = (i + 1) & (tableKeys.length - 1)) {
            if (tableKeys[i] == key) {
                return tableNewest[i] - 1;
            }
        }
        return -1;
    }

    private void setNewest(int cluster, int position) {
        int key = cluster + 1;
        int i = slot(key);
        while (tableKeys[i] != 0 && tableKeys[i] != key) {
            i = (i + 1) & (tableKeys.length - 1);
        }
        if (tableKeys[i] == 0) {
            tableKeys[i] = key;
            tableUsed++;
        }
        tableNewest[i] = position + 1;
        if (tableUsed * 2 > tableKeys.length) {
            grow();
        }
    }

    private void grow() {
        int[] keys = tableKeys;
        int[] newest = tableNewest;
        tableKeys = new int[keys.length * 2];
        tableNewest = new int[keys.length * 2];
        tableUsed = 0;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != 0) {
                setNewest(keys[i] - 1, newest[i] - 1);
            }
        }
    }

    private int slot(int key) {
        return (key * 0x9E3779B9 >>> 7) & (tableKeys.length - 1);
    }
}
