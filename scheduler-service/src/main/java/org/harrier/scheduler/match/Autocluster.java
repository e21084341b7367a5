package org.harrier.scheduler.match;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.harrier.scheduler.queue.JobId;

/**
 * The idle jobs sharing one {@link AutoclusterKey}, best first (higher JobPrio, then older id),
 * and how many claims are being sought for them. Owned by the scheduler's owner thread.
 */
public final class Autocluster {
    private final long id;
    private final AutoclusterKey key;
    /** Idle jobs by JobPrio, highest first: HTCondor runs a cluster's jobs in JobPrio order, then in submission order. */
    private final TreeMap<Long, JobRuns> idle = new TreeMap<>(Comparator.reverseOrder());
    /** Idle jobs here per job cluster, so the index finds a job's autocluster by its cluster id. */
    private final Map<Integer, Integer> perCluster = new HashMap<>();
    private int idleCount;
    private int claimsPending;

    Autocluster(long id, AutoclusterKey key) {
        this.id = id;
        this.key = key;
    }

    public long id() {
        return id;
    }

    public AutoclusterKey key() {
        return key;
    }

    /** Adds idle {@code job} of priority {@code prio}; returns true when it is the first here of its job cluster. */
    boolean add(JobId job, long prio) {
        if (!idle.computeIfAbsent(prio, p -> new JobRuns()).add(job)) {
            throw new IllegalStateException("job " + job + " is already in autocluster " + id);
        }
        idleCount++;
        return perCluster.merge(job.cluster(), 1, Integer::sum) == 1;
    }

    /** Removes {@code job} if it is here; returns whether it was. */
    boolean remove(JobId job) {
        for (var it = idle.entrySet().iterator(); it.hasNext();) {
            JobRuns runs = it.next().getValue();
            if (runs.remove(job)) {
                if (runs.isEmpty()) {
                    it.remove();
                }
                idleCount--;
                perCluster.computeIfPresent(job.cluster(), (c, n) -> n == 1 ? null : n - 1);
                return true;
            }
        }
        return false;
    }

    boolean contains(JobId job) {
        for (JobRuns runs : idle.values()) {
            if (runs.contains(job)) {
                return true;
            }
        }
        return false;
    }

    /** Whether idle jobs of job cluster {@code cluster} are still here. */
    boolean holdsCluster(int cluster) {
        return perCluster.containsKey(cluster);
    }

    public int idleCount() {
        return idleCount;
    }

    /** Idle jobs not yet spoken for by a claim being sought: what a new match may still take. */
    public int unclaimed() {
        return idleCount - claimsPending;
    }

    public int claimsPending() {
        return claimsPending;
    }

    void claimSought() {
        claimsPending++;
    }

    void claimAnswered() {
        if (claimsPending == 0) {
            throw new IllegalStateException("autocluster " + id + " has no claim pending");
        }
        claimsPending--;
    }

    /** The best idle job, or null. */
    JobId first() {
        return idle.isEmpty() ? null : idle.firstEntry().getValue().first();
    }

    /** How many runs of ids the idle jobs are kept in (what the index costs). */
    int runCount() {
        int n = 0;
        for (JobRuns runs : idle.values()) {
            n += runs.runCount();
        }
        return n;
    }

    boolean isUnused() {
        return idleCount == 0 && claimsPending == 0;
    }
}
