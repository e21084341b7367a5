package org.harrier.scheduler.bus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.mgmt.AdMaps;
import org.harrier.mgmt.Caller;
import org.harrier.mgmt.ManagedObject;
import org.harrier.mgmt.ObjectId;
import org.harrier.mgmt.QmfException;
import org.harrier.scheduler.queue.JobId;

/**
 * A queued job as a {@code job} object: key and CustomId {@code "cluster.proc"}, its properties
 * the job ad in the native map form. The scheduler's owner thread replaces the ad on every
 * change, then publishes; the agent's threads read the latest ad.
 *
 * <p>Only the (immutable, cluster-sharing) ad is kept; the property map is made when asked for,
 * because a queue of 500,000 jobs cannot afford a map per job (it was four fifths of the
 * scheduler's heap), while a map is asked for only when a job is published or queried.
 */
final class JobObject implements ManagedObject {
    private final ObjectId id;
    private final String customId;
    private volatile ClassAd ad;

    JobObject(JobId job, ClassAd ad) {
        // The ad's own CustomId string when it has one (every queued job does): one string per job, not three.
        this.customId = ad.lookup("CustomId") instanceof StringValue v ? v.value() : job.toString();
        this.id = ObjectId.grid("job", customId);
        update(ad);
    }

    /** Called on the owner thread before each publication. */
    void update(ClassAd ad) {
        this.ad = ad;
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return new Values(ad, customId).get();
    }

    /** The ad as it is now; its property map is made when the indication is sent, off the owner thread. */
    @Override
    public Supplier<Map<String, Object>> snapshot() {
        return new Values(ad, customId);
    }

    /** A job's properties from one version of its ad: equal when the ads are. */
    private record Values(ClassAd ad, String customId) implements Supplier<Map<String, Object>> {
        @Override
        public Map<String, Object> get() {
            Map<String, Object> values = new LinkedHashMap<>(AdMaps.toNative(ad));
            values.put("CustomId", customId);
            return Collections.unmodifiableMap(values);
        }
    }

    /** Every change of a job is a status or attribute change some console may be waiting for. */
    @Override
    public boolean keepsEveryChange() {
        return true;
    }

    /** GetAd: the whole ad in the seed's typed form {Attr: {TYPE, VALUE}}; reads the immutable ad, so no hop is needed. */
    @Override
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, Caller caller) {
        if (!method.equals("GetAd")) {
            return CompletableFuture.failedFuture(new QmfException(QmfException.UNKNOWN_METHOD, "job has no method " + method));
        }
        return CompletableFuture.completedFuture(Map.of("Ad", AdMaps.toTyped(ad)));
    }
}
