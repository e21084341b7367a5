package org.harrier.scheduler.bus;

import java.time.Clock;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.harrier.bus.ManagedObject;
import org.harrier.bus.ObjectSource;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.QueueView;

/**
 * Serves the {@code job} class straight from the queue: the agent finds a job object by reading
 * the queue (safe from its threads, see {@link JobQueue}) rather than holding one per job.
 *
 * <p>Threads: called on the agent's query threads (walks) and request thread (finding one job).
 * A walk reads a {@link QueueView} that {@code views} takes on the scheduler's owner thread
 * (waiting for it there, behind whatever the owner is doing): the queue as it was between two
 * transactions, so a query counts every job queued then once, none twice, with a consistent ad,
 * while the owner goes on changing the queue. Finding one job reads the live queue: one ad is
 * always consistent.
 *
 * <p>A job that has left the queue is still found when asked for by itself: by its object id,
 * or by a query that pins it ({@code CustomId} or {@code GlobalJobId} equal to its id, or
 * {@code ClusterId} and {@code ProcId} equal to its numbers). Its object then carries its final
 * ad from the history, so the MRG QMF example's "submit, then find the job whose CustomId is the answer"
 * works however quickly the job finished. A query that names no job sees only the queue, as
 * condor_q does; the history as a whole is {@code GetHistory}'s. One that names a cluster alone
 * ({@code ClusterId} equal to its number) reads that cluster's queued jobs from the queue's index.
 *
 * @param finished the final ad of a job that has left the queue, or null (may block briefly: it
 *                 reads the history on the scheduler's owner thread)
 */
record JobSource(JobQueue queue, Supplier<QueueView> views, Function<JobId, ClassAd> finished) implements ObjectSource {
    @Override
    public ManagedObject find(ObjectId id) {
        JobId job = parse(id.key());
        return job == null ? null : find(job);
    }

    private ManagedObject find(JobId job) {
        ClassAd ad = queue.ad(job);
        if (ad == null) {
            ad = finished.apply(job);
        }
        return ad == null ? null : new JobObject(job, ad);
    }

    @Override
    public void forEach(Consumer<ManagedObject> each) {
        views.get().forEach((job, ad) -> each.accept(new JobObject(job, ad)));
    }

    @Override
    public void forEach(Predicate where, Consumer<ManagedObject> each) {
        Map<String, Object> equalities = where.equalities();
        JobId pinned = pinned(equalities);
        if (pinned != null) {
            ManagedObject o = find(pinned);
            if (o != null) {
                each.accept(o);
            }
            return;
        }
        Integer cluster = cluster(equalities);
        if (cluster != null) {
            // A cluster's queued jobs by the queue's index, not a scan of every job (condor_q 12).
            views.get().forEachOf(cluster, (job, ad) -> each.accept(new JobObject(job, ad)));
            return;
        }
        forEach(each);
    }

    /**
     * The jobs whose ad, as consoles see it (private attributes hidden, {@link JobObject#shown}),
     * satisfies {@code constraint}: evaluated on the ad before any property map is made, so a
     * query that selects few of many jobs costs a ClassAd evaluation for each, not an encoding.
     * Undefined and error select nothing, as Remove's and GetHistory's constraints do.
     */
    @Override
    public ObjectSource.Selection selecting(String constraint) {
        JobSelection.Matching matching;
        try {
            matching = new JobSelection.Matching(JobSelection.constraint(constraint));
        } catch (ScheddFailure.Invalid e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        EvalContext context = EvalContext.create(Clock.systemUTC(), 0);
        return (where, each) -> forEach(where, o -> {
            if (o instanceof JobObject job && matching.selects(JobObject.shown(job.ad()), context)) {
                each.accept(o);
            }
        });
    }

    /** The cluster a query's equalities name ({@code ClusterId} a whole number of 1 or more), or null. */
    static Integer cluster(Map<String, Object> equalities) {
        if (equalities.get(Attr.CLUSTER_ID) instanceof Number c && c.doubleValue() == c.intValue() && c.intValue() >= 1) {
            return c.intValue();
        }
        return null;
    }

    /** The one job a query's equalities name, or null. */
    static JobId pinned(Map<String, Object> equalities) {
        if (equalities.get(Attr.CUSTOM_ID) instanceof String customId) {
            return parse(customId);
        }
        if (equalities.get(Attr.GLOBAL_JOB_ID) instanceof String global) {
            String[] parts = global.split("#");
            return parts.length == 3 ? parse(parts[1]) : null;
        }
        if (equalities.get(Attr.CLUSTER_ID) instanceof Number c && equalities.get(Attr.PROC_ID) instanceof Number p
                && c.doubleValue() == c.intValue() && p.doubleValue() == p.intValue()) {
            return c.intValue() >= 1 && p.intValue() >= 0 ? new JobId(c.intValue(), p.intValue()) : null;
        }
        return null;
    }

    /** The job a key names; null unless the key is exactly a job id ("01.2" is not the key of job 1.2). */
    private static JobId parse(String key) {
        try {
            JobId job = JobId.parse(key);
            return job.toString().equals(key) ? job : null;
        } catch (RuntimeException e) { // ScheddFailure.Invalid or IllegalArgumentException: not a job id
            return null;
        }
    }
}
