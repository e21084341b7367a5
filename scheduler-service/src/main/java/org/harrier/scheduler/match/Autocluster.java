package org.harrier.scheduler.match;

import java.util.Comparator;
import java.util.TreeMap;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;

/**
 * The idle jobs sharing one {@link AutoclusterKey}, best first (higher JobPrio, then older id),
 * and how many claims are being sought for them. Owned by the scheduler's owner thread.
 */
public final class Autocluster {
    /** HTCondor runs a cluster's jobs in JobPrio order, then in submission order. */
    private static final Comparator<Entry> ORDER = Comparator.comparingLong(Entry::prio).reversed()
            .thenComparing(Entry::id);

    record Entry(long prio, JobId id) {
    }

    private final long id;
    private final AutoclusterKey key;
    private final TreeMap<Entry, ClassAd> idle = new TreeMap<>(ORDER);
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

    Entry add(JobId job, ClassAd ad) {
        Entry e = new Entry(JobQueue.longOf(ad, Attr.JOB_PRIO, 0), job);
        idle.put(e, ad);
        return e;
    }

    void remove(Entry e) {
        idle.remove(e);
    }

    public int idleCount() {
        return idle.size();
    }

    /** Idle jobs not yet spoken for by a claim being sought: what a new match may still take. */
    public int unclaimed() {
        return idle.size() - claimsPending;
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
        return idle.isEmpty() ? null : idle.firstKey().id();
    }

    /** The best idle job's ad, standing for the autocluster; null when none is idle. */
    ClassAd sample() {
        return idle.isEmpty() ? null : idle.firstEntry().getValue();
    }

    boolean isUnused() {
        return idle.isEmpty() && claimsPending == 0;
    }
}
