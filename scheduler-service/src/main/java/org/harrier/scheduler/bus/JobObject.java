package org.harrier.scheduler.bus;

import java.util.Collections;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.MethodTable;
import org.harrier.protocol.job.GetTypedAd;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.PrivateAttributes;

/**
 * A queued job as a {@code job} object: key and CustomId {@code "cluster.proc"}, its properties
 * the job ad in the native map form. Made when needed from one version of the job's ad (the
 * queue serves the class through {@link JobSource}; a change is published as a new JobObject),
 * so a queue of 500,000 jobs keeps no object per job beside its ads.
 */
final class JobObject implements ManagedObject {
    private final JobId job;
    private final ClassAd ad;

    JobObject(JobId job, ClassAd ad) {
        this.job = job;
        this.ad = ad;
    }

    /** The job's ad as the queue holds it (private attributes included). */
    ClassAd ad() {
        return ad;
    }

    @Override
    public ObjectId id() {
        return ObjectId.grid("job", job.toString());
    }

    /** The job's QDate: a restarted scheduler publishes its jobs with the time they were submitted. */
    @Override
    public long createdNanos() {
        return Math.max(0, JobQueue.longOf(ad, Attr.QDATE, 0)) * 1_000_000_000L;
    }

    @Override
    public Map<String, Object> values() {
        return Collections.unmodifiableMap(new Values(ad, job).get());
    }

    /**
     * The properties named and, transitively, the attributes their expressions read in this
     * job's ad (condor_q -af RequestMemory needs ImageSize and MemoryUsage to evaluate), plus
     * CustomId.
     */
    @Override
    public Map<String, Object> projected(Map<String, Object> values, java.util.Set<String> names) {
        java.util.Set<String> needed = new java.util.HashSet<>(names);
        needed.add(Attr.CUSTOM_ID.toLowerCase(java.util.Locale.ROOT));
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(names);
        while (!todo.isEmpty()) {
            org.harrier.classad.Expr e = ad.lookup(todo.pop());
            if (e != null) {
                for (String read : e.references()) {
                    if (needed.add(read)) {
                        todo.push(read);
                    }
                }
            }
        }
        return ManagedObject.super.projected(values, needed);
    }

    /** The ad as it is now; its property map is made when the indication is sent, off the owner thread. */
    @Override
    public Supplier<Map<String, Object>> snapshot() {
        return new Values(ad, job);
    }

    /**
     * A job's properties from one version of its ad: equal when the ads are as shown, so that
     * the final ad of a job leaving the queue (CustomId and GlobalJobId written out, as the
     * history keeps it) equals the queued ad it came from. The agent then sends a completed job
     * that leaves at once as one deletion carrying its final values, not a change and a deletion
     * with the same values (docs/protocols.md); a quarter of the job indications a short job costs.
     */
    private record Values(ClassAd ad, JobId job) implements Supplier<Map<String, Object>> {
        @Override
        public boolean equals(Object o) {
            return o instanceof Values v && job.equals(v.job)
                    && (ad == v.ad || JobIdentity.literal(ad).equals(JobIdentity.literal(v.ad)));
        }

        @Override
        public int hashCode() {
            return job.hashCode();
        }

        /**
         * The properties of {@link #shown}{@code (ad)}, made from the ad in one walk that leaves
         * the private attributes out (no hidden copy of the ad first). A new map each call, which
         * the caller owns: the bus sends a snapshot's map as it is, not a copy of it (Qmf.wire).
         */
        @Override
        public Map<String, Object> get() {
            Map<String, Object> values = AdMaps.toNative(JobIdentity.literal(ad), PrivateAttributes::isShown);
            values.put(Attr.CUSTOM_ID, job.toString());
            return values;
        }
    }

    /** Every change of a job is a status or attribute change some console may be waiting for. */
    @Override
    public boolean keepsEveryChange() {
        return true;
    }

    /** GetTypedAd: the whole ad in the MRG QMF example's typed form {Attr: {TYPE, VALUE}}; reads the immutable ad, so no hop is needed. */
    @Override
    public MethodTable methods() {
        return new MethodTable("job", ScheddFailures::toQmf)
                .on(GetTypedAd.METHOD, (q, c) -> CompletableFuture.completedFuture(new GetTypedAd.JobAd(shown(ad))));
    }

    /** The ad as it leaves the scheduler: CustomId and GlobalJobId written out, ClaimId and the other private attributes gone. */
    static ClassAd shown(ClassAd ad) {
        return PrivateAttributes.hidden(JobIdentity.literal(ad));
    }
}
