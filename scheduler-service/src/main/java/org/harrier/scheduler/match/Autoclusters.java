package org.harrier.scheduler.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;

/**
 * The idle jobs that may be matched, grouped into autoclusters. A job is here while it is Idle
 * and not handed to a claim. Autocluster ids are the negotiator's RequestIds; an autocluster
 * with no idle job and no claim pending is dropped, so a late Matched for it finds nothing.
 * Owned by the scheduler's owner thread.
 */
public final class Autoclusters {
    private final Map<AutoclusterKey, Autocluster> byKey = new LinkedHashMap<>();
    private final Map<Long, Autocluster> byId = new HashMap<>();
    private final Map<JobId, Placed> placed = new HashMap<>();
    private long nextId = 1;
    /** The last key read, and the cluster ad its job was chained to: the procs of a cluster mostly share it. */
    private AutoclusterKey.Reading lastReading;
    private ClassAd lastParent;

    private record Placed(Autocluster cluster, Autocluster.Entry entry) {
    }

    /** Makes {@code job} (idle, with ad {@code ad}) available to matching; IllegalStateException if it already is. */
    public void add(JobId job, ClassAd ad) {
        if (placed.containsKey(job)) {
            throw new IllegalStateException("job " + job + " is already waiting in an autocluster");
        }
        AutoclusterKey key = keyOf(ad);
        Autocluster ac = byKey.computeIfAbsent(key, k -> {
            Autocluster created = new Autocluster(nextId++, k);
            byId.put(created.id(), created);
            return created;
        });
        placed.put(job, new Placed(ac, ac.add(job, ad)));
    }

    /**
     * The job's key. A proc of the same cluster as the last job read, none of whose own
     * attributes is one the last key was read from, has the same key: a cluster of 500,000
     * procs is read once, not 500,000 times.
     */
    private AutoclusterKey keyOf(ClassAd ad) {
        ClassAd parent = ad.chainedParent();
        if (parent != null && parent == lastParent && !ownAttributeIn(ad, lastReading.names())) {
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

    private static boolean ownAttributeIn(ClassAd ad, java.util.Set<String> names) {
        boolean[] found = {false};
        ad.forEachOwn((name, value) -> found[0] |= names.contains(name.toLowerCase(java.util.Locale.ROOT)));
        return found[0];
    }

    /** Takes {@code job} out of matching (it started, was handed to a claim, held or removed); false if it was not here. */
    public boolean remove(JobId job) {
        Placed p = placed.remove(job);
        if (p == null) {
            return false;
        }
        p.cluster().remove(p.entry());
        dropIfUnused(p.cluster());
        return true;
    }

    public boolean contains(JobId job) {
        return placed.containsKey(job);
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
    public List<Request> requests() {
        List<Request> out = new ArrayList<>();
        for (Autocluster ac : byKey.values()) {
            if (ac.unclaimed() > 0) {
                out.add(new Request(ac.id(), ac.key().owner(), ac.unclaimed(), ac.sample()));
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

    private void dropIfUnused(Autocluster ac) {
        if (ac.isUnused()) {
            byKey.remove(ac.key());
            byId.remove(ac.id());
        }
    }
}
