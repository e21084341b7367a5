package org.harrier.scheduler.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;

/**
 * The queue as one moment left it, for rewriting the log: each cluster's ad and its procs'
 * ads. Taken on the owner thread (references only: the ads are immutable), encoded later on
 * the log's writer thread.
 */
record Snapshot(int nextCluster, List<Cluster> clusters) {
    record Cluster(int id, ClassAd ad, List<JobId> procs, List<ClassAd> procAds) {
    }

    static Snapshot of(JobQueue queue) {
        Map<Integer, Cluster> clusters = new LinkedHashMap<>();
        queue.forEach((id, ad) -> {
            Cluster c = clusters.computeIfAbsent(id.cluster(),
                    k -> new Cluster(k, queue.clusterAd(k), new ArrayList<>(), new ArrayList<>()));
            c.procs().add(id);
            c.procAds().add(ad);
        });
        return new Snapshot(queue.nextClusterId(), new ArrayList<>(clusters.values()));
    }

    int jobs() {
        int n = 0;
        for (Cluster c : clusters) {
            n += c.procs().size();
        }
        return n;
    }

    /** The next-cluster record, then one transaction per cluster re-creating it and its procs. */
    List<byte[]> encode() {
        List<byte[]> chunks = new ArrayList<>(clusters.size() + 1);
        chunks.add(LogCodec.nextCluster(nextCluster));
        for (Cluster c : clusters) {
            chunks.add(LogCodec.encodeCluster(c.id(), c.ad(), c.procs(), c.procAds()));
        }
        return chunks;
    }
}
