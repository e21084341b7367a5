package org.harrier.scheduler.queue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.BiConsumer;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;

/**
 * The job queue: cluster ads, and proc ads chained to them so a cluster's common attributes are
 * stored once. Changes only through {@link #apply(Transaction)}, whose operations are checked
 * against the current state first so a transaction applies whole or not at all.
 *
 * <p>A cluster keeps its procs' ads in an array indexed by proc id, so a queued job costs the
 * queue a reference beside its own ad (a map entry and a key object per job were a fifth of
 * the scheduler's heap for a cluster of 500,000).
 *
 * <p>Threads: changed and mostly read by the scheduler's owner thread ({@code Schedd}). The
 * reads {@link #ad}, {@link #contains}, {@link #jobsOf} and {@link #forEach} are also safe from any other thread
 * (the bus serving job objects): ads are immutable and clusters and their proc arrays are
 * published through a concurrent map and volatile fields, so another thread sees a job as it
 * was at some recent moment. Such a walk sees each job at a different moment, though, so one
 * that must add up (a query's count, its pages) walks a {@link QueueView} instead: {@link #view}
 * hands out the proc arrays as they are and a cluster copies its array before its next change
 * (copy on write, once per cluster per view).
 */
public final class JobQueue {
    private final ConcurrentSkipListMap<Integer, Cluster> clusters = new ConcurrentSkipListMap<>();
    private final QueueCounts counts = new QueueCounts();
    private int size;
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
                clusters.put(c.cluster(), new Cluster(c.ad()));
                nextCluster = Math.max(nextCluster, c.cluster() + 1);
            } else if (op instanceof QueueOp.NewProc p) {
                Cluster cluster = clusters.get(p.id().cluster());
                ClassAd ad = p.own().chainedTo(cluster.ad);
                cluster.put(p.id().proc(), ad);
                size++;
                counts.add(owner(ad), status(ad));
            } else if (op instanceof QueueOp.SetAttribute s) {
                replace(s.id(), ad(s.id()).with(s.name(), s.value()));
            } else if (op instanceof QueueOp.DeleteAttribute d) {
                replace(d.id(), ad(d.id()).without(d.name()));
            } else if (op instanceof QueueOp.DestroyProc d) {
                Cluster cluster = clusters.get(d.id().cluster());
                ClassAd ad = cluster.remove(d.id().proc());
                size--;
                counts.remove(owner(ad), status(ad));
                if (cluster.isEmpty()) {
                    clusters.remove(d.id().cluster());
                }
            }
        }
    }

    private void replace(JobId id, ClassAd after) {
        ClassAd before = clusters.get(id.cluster()).put(id.proc(), after);
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
        return created.contains(id) || (contains(id) && !destroyed.contains(id));
    }

    /** The job's ad (its own attributes chained to its cluster ad), or null. Any thread. */
    public ClassAd ad(JobId id) {
        Cluster c = clusters.get(id.cluster());
        return c == null ? null : c.get(id.proc());
    }

    /** Any thread. */
    public boolean contains(JobId id) {
        return ad(id) != null;
    }

    /** The cluster ad of {@code cluster}, or null. */
    public ClassAd clusterAd(int cluster) {
        Cluster c = clusters.get(cluster);
        return c == null ? null : c.ad;
    }

    /** The jobs of {@code cluster} still in the queue, in proc order. */
    public List<JobId> jobsOf(int cluster) {
        List<JobId> out = new ArrayList<>();
        Cluster c = clusters.get(cluster);
        if (c != null) {
            c.forEach(cluster, (id, ad) -> out.add(id));
        }
        return out;
    }

    /** Every job id, in submission order (a copy). */
    public List<JobId> ids() {
        List<JobId> out = new ArrayList<>(size);
        forEach((id, ad) -> out.add(id));
        return out;
    }

    /** Each job and its ad, in submission order. Any thread. */
    public void forEach(BiConsumer<JobId, ClassAd> action) {
        clusters.forEach((id, c) -> c.forEach(id, action));
    }

    public int size() {
        return size;
    }

    /**
     * The queue as it is now, unchanged by what follows (QueueView). Owner thread only, between
     * transactions: it costs a reference per cluster here and, later, one copy of the proc array
     * of each cluster that changes while a view of it may still be read.
     */
    public QueueView view() {
        List<QueueView.Frozen> frozen = new ArrayList<>(clusters.size());
        clusters.forEach((id, c) -> frozen.add(c.freeze(id)));
        return new QueueView(frozen, size);
    }

    /** Jobs per owner and status, kept in step with every change. */
    public QueueCounts counts() {
        return counts;
    }

    public JobStatus status(JobId id) {
        ClassAd ad = ad(id);
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

    /**
     * A cluster's ad and its procs' ads, by proc id from {@code base}; a proc that left leaves a
     * null until the array is repacked. Written on the owner thread only.
     */
    private static final class Cluster {
        final ClassAd ad;
        /** Replaced whole when it grows or is repacked, so a reader always sees a base and array that belong together. */
        private volatile Procs procs = new Procs(0, new ClassAd[0]);
        private int live;
        /** {@link #procs} was handed to a view, which must never see it change: copy it before the next write. */
        private boolean frozen;

        private record Procs(int base, ClassAd[] ads) {
        }

        Cluster(ClassAd ad) {
            this.ad = ad;
        }

        QueueView.Frozen freeze(int cluster) {
            frozen = true;
            Procs p = procs;
            return new QueueView.Frozen(cluster, p.base(), p.ads());
        }

        /** The procs to write to: a copy when the current ones are frozen in a view. */
        private Procs writable() {
            Procs p = procs;
            if (frozen) {
                p = new Procs(p.base(), p.ads().clone());
                procs = p;
                frozen = false;
            }
            return p;
        }

        ClassAd get(int proc) {
            Procs p = procs;
            int i = proc - p.base();
            return i >= 0 && i < p.ads().length ? p.ads()[i] : null;
        }

        /** Sets proc's ad; returns the one it replaces, or null for a new proc. */
        ClassAd put(int proc, ClassAd ad) {
            Procs p = procs;
            int i = proc - p.base();
            if (i < 0 || i >= p.ads().length) {
                p = grownFor(p, proc);
                procs = p;
                frozen = false;
                i = proc - p.base();
            } else {
                p = writable();
            }
            ClassAd before = p.ads()[i];
            p.ads()[i] = ad;
            if (before == null) {
                live++;
            }
            return before;
        }

        ClassAd remove(int proc) {
            Procs p = writable();
            int i = proc - p.base();
            ClassAd before = p.ads()[i];
            p.ads()[i] = null;
            live--;
            if (live > 0 && p.ads().length > 16 && live * 4 < p.ads().length) {
                procs = repacked(p);
            }
            return before;
        }

        boolean isEmpty() {
            return live == 0;
        }

        void forEach(int cluster, BiConsumer<JobId, ClassAd> action) {
            Procs p = procs;
            ClassAd[] ads = p.ads();
            for (int i = 0; i < ads.length; i++) {
                ClassAd a = ads[i];
                if (a != null) {
                    action.accept(new JobId(cluster, p.base() + i), a);
                }
            }
        }

        /** Room for {@code proc} as well, growing by half again so a cluster filled proc by proc copies rarely. */
        private static Procs grownFor(Procs p, int proc) {
            ClassAd[] old = p.ads();
            if (old.length == 0) {
                return new Procs(proc, new ClassAd[8]);
            }
            int lo = Math.min(p.base(), proc);
            int hi = Math.max(p.base() + old.length - 1, proc);
            int spare = proc > p.base() ? old.length / 2 : 0;
            ClassAd[] ads = new ClassAd[Math.addExact(hi - lo + 1, spare)];
            System.arraycopy(old, 0, ads, p.base() - lo, old.length);
            return new Procs(lo, ads);
        }

        /** Just the procs still here: most of a big cluster has finished. */
        private static Procs repacked(Procs p) {
            ClassAd[] old = p.ads();
            int first = 0;
            while (old[first] == null) {
                first++;
            }
            int last = old.length - 1;
            while (old[last] == null) {
                last--;
            }
            return new Procs(p.base() + first, Arrays.copyOfRange(old, first, last + 1));
        }
    }
}
