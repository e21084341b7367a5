package org.harrier.scheduler.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;

/**
 * The idle jobs that may be matched, grouped into autoclusters. A job is here while it is Idle
 * and not handed to a claim. Autocluster ids are the negotiator's RequestIds; an autocluster
 * with no idle job and no claim pending is dropped, so a late Matched for it finds nothing.
 * Owned by the scheduler's owner thread.
 *
 * <p>No entry per job: each autocluster keeps its jobs as runs of ids ({@link JobRuns}), and a
 * job's autocluster is found among the few that hold jobs of its cluster. An entry per job was a
 * quarter of the scheduler's heap for a cluster of 500,000.
 */
public final class Autoclusters {
    private final Map<AutoclusterKey, Autocluster> byKey = new LinkedHashMap<>();
    private final Map<Long, Autocluster> byId = new HashMap<>();
    /** The autoclusters holding idle jobs of each job cluster: mostly one. */
    private final Map<Integer, List<Autocluster>> byJobCluster = new HashMap<>();
    private final Function<JobId, ClassAd> ads;
    private long nextId = 1;
    /**
     * The last key read, and the cluster ad its job was chained to (the last one found to read
     * alike): the procs of a cluster mostly share it, and so do single-job clusters of one ad.
     */
    private AutoclusterKey.Reading lastReading;
    private ClassAd lastParent;

    /** @param ads a job's current ad (the queue's), for the sample each request carries */
    public Autoclusters(Function<JobId, ClassAd> ads) {
        this.ads = ads;
    }

    /** Makes {@code job} (idle, with ad {@code ad}) available to matching; IllegalStateException if it already is. */
    public void add(JobId job, ClassAd ad) {
        if (contains(job)) {
            throw new IllegalStateException("job " + job + " is already waiting in an autocluster");
        }
        AutoclusterKey key = keyOf(ad);
        Autocluster ac = byKey.computeIfAbsent(key, k -> {
            Autocluster created = new Autocluster(nextId++, k);
            byId.put(created.id(), created);
            return created;
        });
        if (ac.add(job, JobQueue.longOf(ad, Attr.JOB_PRIO, 0))) {
            byJobCluster.computeIfAbsent(job.cluster(), c -> new ArrayList<>(1)).add(ac);
        }
    }

    /**
     * The job's key. A proc of the same cluster as the last job read, none of whose own
     * attributes is one the last key was read from, has the same key: a cluster of 500,000
     * procs is read once, not 500,000 times. So does such a proc of another cluster whose cluster
     * ad holds equal expressions under every one of those names (equal expressions are the same
     * to matching and lead the reading to the same references): clients that submit one job per
     * cluster, as condor_submit run once per job does, mostly send the same ad, and reading it
     * (the walk, a text per attribute, the signature's hash) was most of indexing such a job.
     */
    private AutoclusterKey keyOf(ClassAd ad) {
        ClassAd parent = ad.chainedParent();
        if (parent != null && lastParent != null && !ownAttributeIn(ad, lastReading.names())
                && (parent == lastParent || sameExpressions(parent, lastParent, lastReading.names()))) {
            lastParent = parent;
            return lastReading.key();
        }
        AutoclusterKey.Reading reading = AutoclusterKey.read(ad);
        // Kept for the next procs only when it is the cluster's own reading, untouched by this proc's attributes.
        if (parent != null && !ownAttributeIn(ad, reading.names())) {
            lastReading = reading;
            lastParent = parent;
        }
        return reading.key();
    }

    private static boolean sameExpressions(ClassAd a, ClassAd b, java.util.Set<String> names) {
        for (String name : names) {
            if (!java.util.Objects.equals(a.lookup(name), b.lookup(name))) {
                return false;
            }
        }
        return true;
    }

    private static boolean ownAttributeIn(ClassAd ad, java.util.Set<String> names) {
        boolean[] found = {false};
        ad.forEachOwn((name, value) -> found[0] |= names.contains(name.toLowerCase(java.util.Locale.ROOT)));
        return found[0];
    }

    /** Takes {@code job} out of matching (it started, was handed to a claim, held or removed); false if it was not here. */
    public boolean remove(JobId job) {
        List<Autocluster> holding = byJobCluster.get(job.cluster());
        if (holding == null) {
            return false;
        }
        for (Autocluster ac : holding) {
            if (ac.remove(job)) {
                if (!ac.holdsCluster(job.cluster())) {
                    holding.remove(ac);
                    if (holding.isEmpty()) {
                        byJobCluster.remove(job.cluster());
                    }
                }
                dropIfUnused(ac);
                return true;
            }
        }
        return false;
    }

    public boolean contains(JobId job) {
        List<Autocluster> holding = byJobCluster.get(job.cluster());
        if (holding != null) {
            for (Autocluster ac : holding) {
                if (ac.contains(job)) {
                    return true;
                }
            }
        }
        return false;
    }

    public Autocluster byRequestId(long requestId) {
        return byId.get(requestId);
    }

    public Autocluster byKey(AutoclusterKey key) {
        return byKey.get(key);
    }

    /** The next job a claim made for {@code key} should run, or null when none is idle. */
    public JobId next(AutoclusterKey key) {
        Autocluster ac = byKey.get(key);
        return ac == null ? null : ac.first();
    }

    /** One request per autocluster with idle jobs not spoken for by a pending claim, in creation order. */
    public List<AutoclusterRequest> requests() {
        List<AutoclusterRequest> out = new ArrayList<>();
        for (Autocluster ac : byKey.values()) {
            if (ac.unclaimed() > 0) {
                out.add(new AutoclusterRequest(ac.id(), ac.key().owner(), ac.unclaimed(), ads.apply(ac.first())));
            }
        }
        return out;
    }

    /**
     * Reserves one idle job of request {@code requestId} for a claim about to be sought; returns
     * the autocluster, or null when the request is gone or all its jobs are spoken for already
     * (the negotiator matched more slots than there are jobs left).
     */
    public Autocluster seekClaim(long requestId) {
        Autocluster ac = byId.get(requestId);
        if (ac == null || ac.unclaimed() <= 0) {
            return null;
        }
        ac.claimSought();
        return ac;
    }

    /** A claim sought for {@code key} was granted or refused: the reservation ends. */
    public void claimAnswered(AutoclusterKey key) {
        Autocluster ac = byKey.get(key);
        if (ac == null) {
            throw new IllegalStateException("no autocluster " + key + " with a claim pending");
        }
        ac.claimAnswered();
        dropIfUnused(ac);
    }

    public int size() {
        return byKey.size();
    }

    /** How many runs of ids hold the idle jobs, over all autoclusters (what the index costs; tests). */
    int runCount() {
        int n = 0;
        for (Autocluster ac : byKey.values()) {
            n += ac.runCount();
        }
        return n;
    }

    private void dropIfUnused(Autocluster ac) {
        if (ac.isUnused()) {
            byKey.remove(ac.key());
            byId.remove(ac.id());
        }
    }
}
