package org.harrier.scheduler.bus;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Agent;
import org.harrier.scheduler.ScheddEvents;
import org.harrier.scheduler.SchedulerStatistics;
import org.harrier.scheduler.SubmitterCounts;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;

/**
 * Publishes the scheduler's events through its agent: a {@code job} object per queued job
 * (created, changed on every status change, deleted when it leaves; served from the queue), one {@code submitter} per
 * owner with jobs, and the {@code scheduler} object. Daemon ads are also republished every
 * update interval. Called on the scheduler's owner thread, which owns the object maps here
 * (after {@link #host}, called once at start).
 */
final class AgentEvents implements ScheddEvents {
    private final Agent agent;
    private SchedulerObject scheduler;
    private final String machine;
    private final Duration updateInterval;
    private final Map<String, SubmitterObject> submitters = new HashMap<>();
    private volatile java.util.function.Function<String, Map<String, Object>> transferred = owner -> Map.of();

    AgentEvents(Agent agent, String machine, Duration updateInterval) {
        this.agent = agent;
        this.machine = machine;
        this.updateInterval = updateInterval;
    }

    /**
     * Publishes the scheduler object and advertises it every update interval. Called once, before
     * the Schedd runs any task (the object needs the Schedd, which needs these events), so the
     * owner thread sees it through the executor's hand-off.
     */
    void host(SchedulerObject object) {
        if (scheduler != null) {
            throw new IllegalStateException("the scheduler object is already hosted");
        }
        scheduler = object;
        agent.advertise(object, updateInterval);
    }

    /** Where submitter objects read their owner's file transfer totals; set once at start. */
    void transferred(java.util.function.Function<String, Map<String, Object>> totals) {
        this.transferred = totals;
    }

    /**
     * Serves the {@code job} class from {@code queue}. Called once, before the first job is
     * published (the Schedd's recovery publishes the jobs it brought back).
     */
    void serveJobs(JobQueue queue, java.util.function.Supplier<org.harrier.scheduler.queue.QueueView> views,
            java.util.function.Function<JobId, ClassAd> finished) {
        agent.serve("job", new JobSource(queue, views, finished));
    }

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
        agent.add(new JobObject(id, ad));
    }

    @Override
    public void jobChanged(JobId id, ClassAd before, ClassAd ad) {
        agent.changed(new JobObject(id, ad));
    }

    @Override
    public void jobLeft(JobId id, ClassAd finalAd) {
        agent.removed(new JobObject(id, finalAd));
    }

    @Override
    public void submitterChanged(SubmitterCounts counts) {
        SubmitterObject o = submitters.get(counts.owner());
        if (counts.isGone()) {
            if (o != null) {
                submitters.remove(counts.owner());
                agent.remove(o.id());
            }
            return;
        }
        if (o == null) {
            o = new SubmitterObject(counts.owner(), scheduler.id().key(), machine, transferred);
            submitters.put(counts.owner(), o);
            o.update(counts);
            agent.advertise(o, updateInterval);
        } else {
            o.update(counts);
            agent.changed(o);
        }
    }

    @Override
    public void statisticsChanged(SchedulerStatistics statistics) {
        scheduler.update(statistics);
        agent.changed(scheduler);
    }

    /**
     * Unpublishes the daemon objects this scheduler hosts (a clean shutdown). Its jobs stay: they
     * are still queued, and the scheduler that starts again on the same queue serves them.
     */
    void withdrawAll() {
        submitters.values().forEach(o -> agent.remove(o.id()));
        submitters.clear();
        agent.remove(scheduler.id());
    }

    ObjectId schedulerId() {
        return scheduler.id();
    }
}
