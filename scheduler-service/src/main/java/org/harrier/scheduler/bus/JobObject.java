package org.harrier.scheduler.bus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.harrier.classad.ClassAd;
import org.harrier.mgmt.AdMaps;
import org.harrier.mgmt.Caller;
import org.harrier.mgmt.ManagedObject;
import org.harrier.mgmt.ObjectId;
import org.harrier.mgmt.QmfException;
import org.harrier.scheduler.queue.JobId;

/**
 * A queued job as a {@code job} object: key and CustomId {@code "cluster.proc"}, its properties
 * the job ad in the native map form. The scheduler's owner thread replaces the ad on every
 * change, then publishes; the agent's threads read the latest snapshot.
 */
final class JobObject implements ManagedObject {
    private record Snapshot(ClassAd ad, Map<String, Object> values) {
    }

    private final ObjectId id;
    private final String customId;
    private volatile Snapshot snapshot;

    JobObject(JobId job, ClassAd ad) {
        this.customId = job.toString();
        this.id = ObjectId.grid("job", customId);
        update(ad);
    }

    /** Called on the owner thread before each publication. */
    void update(ClassAd ad) {
        Map<String, Object> values = new LinkedHashMap<>(AdMaps.toNative(ad));
        values.put("CustomId", customId);
        snapshot = new Snapshot(ad, Collections.unmodifiableMap(values));
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return snapshot.values();
    }

    /** Every change of a job is a status or attribute change some console may be waiting for. */
    @Override
    public boolean keepsEveryChange() {
        return true;
    }

    /** GetAd: the whole ad in the seed's typed form {Attr: {TYPE, VALUE}}; reads the immutable snapshot, so no hop is needed. */
    @Override
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, Caller caller) {
        if (!method.equals("GetAd")) {
            return CompletableFuture.failedFuture(new QmfException(QmfException.UNKNOWN_METHOD, "job has no method " + method));
        }
        return CompletableFuture.completedFuture(Map.of("Ad", AdMaps.toTyped(snapshot.ad())));
    }
}
