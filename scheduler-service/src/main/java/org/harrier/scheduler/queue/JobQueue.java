package org.harrier.scheduler.queue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;

/**
 * The job queue: cluster ads, and proc ads chained to them so a cluster's common attributes are
 * stored once. Changes only through {@link #apply(Transaction)}, whose operations are checked
 * against the current state first so a transaction applies whole or not at all.
 *
 * <p>Not thread-safe: owned by the scheduler's owner thread ({@code Schedd}).
 */
public final class JobQueue {
    private final Map<Integer, ClassAd> clusters = new HashMap<>();
    private final Map<Integer, Integer> procCount = new HashMap<>();
    private final Map<JobId, ClassAd> jobs = new LinkedHashMap<>();
    private final QueueCounts counts = new QueueCounts();
    private int nextCluster = 1;

    /** The cluster id the next submission gets. */
    public int nextClusterId() {
        return nextCluster;
    }

    /**
     * Raises the next cluster id to at least {@code next}: a queue replayed from a compacted log
     * must not hand out again the ids of clusters that have left it.
     */
    public void ensureNextClusterAtLeast(int next) {
        nextCluster = Math.max(nextCluster, next);
    }

    /** Applies every operation in order; IllegalStateException (and no change) if one does not fit the queue. */
    public void apply(Transaction tx) {
        check(tx);
        for (QueueOp op : tx.ops()) {
            if (op instanceof QueueOp.NewCluster c) {
                clusters.put(c.cluster(), c.ad());
                procCount.put(c.cluster(), 0);
                nextCluster = Math.max(nextCluster, c.cluster() + 1);
            } else if (op instanceof QueueOp.NewProc p) {
                ClassAd ad = p.own().chainedTo(clusters.get(p.id().cluster()));
                jobs.put(p.id(), ad);
                procCount.merge(p.id().cluster(), 1, Integer::sum);
                counts.add(owner(ad), status(ad));
            } else if (op instanceof QueueOp.SetAttribute s) {
                replace(s.id(), jobs.get(s.id()).with(s.name(), s.value()));
            } else if (op instanceof QueueOp.DeleteAttribute d) {
                replace(d.id(), jobs.get(d.id()).without(d.name()));
            } else if (op instanceof QueueOp.DestroyProc d) {
                ClassAd ad = jobs.remove(d.id());
                counts.remove(owner(ad), status(ad));
                if (procCount.merge(d.id().cluster(), -1, Integer::sum) == 0) {
                    procCount.remove(d.id().cluster());
                    clusters.remove(d.id().cluster());
                }
            }
        }
    }

    private void replace(JobId id, ClassAd after) {
        ClassAd before = jobs.put(id, after);
        counts.remove(owner(before), status(before));
        counts.add(owner(after), status(after));
    }

    /** Walks the transaction over a shadow of the ids it touches, so a bad one is refused before any change. */
    private void check(Transaction tx) {
        Set<Integer> newClusters = new HashSet<>();
        Set<JobId> created = new HashSet<>();
        Set<JobId> destroyed = new HashSet<>();
        for (QueueOp op : tx.ops()) {
            if (op instanceof QueueOp.NewCluster c) {
                if (clusters.containsKey(c.cluster()) || !newClusters.add(c.cluster())) {
                    throw new IllegalStateException("cluster " + c.cluster() + " already exists");
                }
            } else if (op instanceof QueueOp.NewProc p) {
                if (!clusters.containsKey(p.id().cluster()) && !newClusters.contains(p.id().cluster())) {
                    throw new IllegalStateException("proc " + p.id() + " of a cluster that does not exist");
                }
                if (contains(p.id(), created, destroyed) || !created.add(p.id())) {
                    throw new IllegalStateException("job " + p.id() + " already exists");
                }
                destroyed.remove(p.id());
            } else if (op instanceof QueueOp.SetAttribute s) {
                if (!contains(s.id(), created, destroyed)) {
                    throw new IllegalStateException("set " + s.name() + " of job " + s.id() + " that is not in the queue");
                }
            } else if (op instanceof QueueOp.DeleteAttribute d) {
                if (!contains(d.id(), created, destroyed)) {
                    throw new IllegalStateException("delete " + d.name() + " of job " + d.id() + " that is not in the queue");
                }
                if (d.name().equalsIgnoreCase(Attr.JOB_STATUS) || d.name().equalsIgnoreCase(Attr.OWNER)) {
                    throw new IllegalStateException("delete " + d.name() + " of job " + d.id() + ": every job has one");
                }
            } else if (op instanceof QueueOp.DestroyProc d) {
                if (!contains(d.id(), created, destroyed)) {
                    throw new IllegalStateException("destroy job " + d.id() + " that is not in the queue");
                }
                destroyed.add(d.id());
                created.remove(d.id());
            }
        }
    }

    private boolean contains(JobId id, Set<JobId> created, Set<JobId> destroyed) {
        return created.contains(id) || (jobs.containsKey(id) && !destroyed.contains(id));
    }

    /** The job's ad (its own attributes chained to its cluster ad), or null. */
    public ClassAd ad(JobId id) {
        return jobs.get(id);
    }

    public boolean contains(JobId id) {
        return jobs.containsKey(id);
    }

    /** The cluster ad of {@code cluster}, or null. */
    public ClassAd clusterAd(int cluster) {
        return clusters.get(cluster);
    }

    /** The jobs of {@code cluster} still in the queue, in proc order. */
    public List<JobId> jobsOf(int cluster) {
        List<JobId> out = new ArrayList<>();
        Integer n = procCount.get(cluster);
        if (n == null) {
            return out;
        }
        for (JobId id : jobs.keySet()) {
            if (id.cluster() == cluster) {
                out.add(id);
            }
        }
        return out;
    }

    /** Every job id, in submission order. */
    public Collection<JobId> ids() {
        return java.util.Collections.unmodifiableCollection(jobs.keySet());
    }

    public int size() {
        return jobs.size();
    }

    /** Jobs per owner and status, kept in step with every change. */
    public QueueCounts counts() {
        return counts;
    }

    public JobStatus status(JobId id) {
        ClassAd ad = jobs.get(id);
        return ad == null ? null : status(ad);
    }

    /** The ad's JobStatus; submit validation guarantees every queued ad has a valid one. */
    public static JobStatus status(ClassAd ad) {
        if (ad.lookup(Attr.JOB_STATUS) instanceof IntegerValue i) {
            return JobStatus.of(i.value());
        }
        throw new IllegalStateException("job ad without an integer JobStatus: " + ad);
    }

    public static String owner(ClassAd ad) {
        if (ad.lookup(Attr.OWNER) instanceof StringValue s) {
            return s.value();
        }
        throw new IllegalStateException("job ad without a string Owner: " + ad);
    }

    /** An integer attribute, or {@code otherwise} when absent or not an integer literal. */
    public static long longOf(ClassAd ad, String name, long otherwise) {
        return ad.lookup(name) instanceof IntegerValue i ? i.value() : otherwise;
    }
}
