package org.harrier.scheduler.queue;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import org.harrier.classad.ClassAd;

/**
 * The job queue as it was at one moment between two transactions ({@link JobQueue#view}): a
 * query walks it while the owner thread goes on changing the queue, and still counts every job
 * that was queued then exactly once, each with its ad of that moment, however long the walk.
 *
 * <p>Why it cannot tear: the view holds each cluster's proc array as it was, and the queue never
 * writes to an array it handed out (JobQueue's clusters copy theirs before the next change), so
 * nothing a view reads is written again. It is made on the owner thread and handed to the reader
 * through a future, which orders those writes before the reads. Immutable; any thread.
 */
public final class QueueView {
    private final List<Frozen> clusters;
    private final int size;

    /** One cluster's procs, by proc id from {@code base}; null where a proc has left. Never written again. */
    record Frozen(int cluster, int base, ClassAd[] ads) {
    }

    QueueView(List<Frozen> clusters, int size) {
        this.clusters = List.copyOf(clusters);
        this.size = size;
    }

    /** How many jobs the queue held. */
    public int size() {
        return size;
    }

    /** Each job and its ad, in job id order. */
    public void forEach(BiConsumer<JobId, ClassAd> each) {
        walk(null, (job, ad) -> {
            each.accept(job, ad);
            return true;
        });
    }

    /**
     * Each job after {@code after} (null: from the first) in job id order with its ad, until
     * {@code each} returns false; returns whether the walk reached the end (no job was left out).
     */
    public boolean walk(JobId after, BiPredicate<JobId, ClassAd> each) {
        for (int c = after == null ? 0 : first(after.cluster()); c < clusters.size(); c++) {
            Frozen f = clusters.get(c);
            ClassAd[] ads = f.ads();
            int from = after != null && f.cluster() == after.cluster() ? Math.max(0, after.proc() + 1 - f.base()) : 0;
            for (int i = from; i < ads.length; i++) {
                if (ads[i] != null && !each.test(new JobId(f.cluster(), f.base() + i), ads[i])) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The jobs of {@code cluster}, in proc order (none when it was not queued). */
    public void forEachOf(int cluster, BiConsumer<JobId, ClassAd> each) {
        int c = first(cluster);
        if (c < clusters.size() && clusters.get(c).cluster() == cluster) {
            Frozen f = clusters.get(c);
            for (int i = 0; i < f.ads().length; i++) {
                if (f.ads()[i] != null) {
                    each.accept(new JobId(cluster, f.base() + i), f.ads()[i]);
                }
            }
        }
    }

    /** The index of the first cluster numbered {@code cluster} or more (binary search; clusters are in id order). */
    private int first(int cluster) {
        int lo = 0;
        int hi = clusters.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (clusters.get(mid).cluster() < cluster) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
