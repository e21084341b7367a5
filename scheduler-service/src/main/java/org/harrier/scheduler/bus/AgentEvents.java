package org.harrier.scheduler.bus;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.mgmt.ObjectId;
import org.harrier.mgmt.bus.Agent;
import org.harrier.scheduler.ScheddEvents;
import org.harrier.scheduler.SchedulerStatistics;
import org.harrier.scheduler.SubmitterCounts;
import org.harrier.scheduler.queue.JobId;

/**
 * Publishes the scheduler's events through its agent: a {@code job} object per queued job
 * (created, changed on every status change, deleted when it leaves), one {@code submitter} per
 * owner with jobs, and the {@code scheduler} object. Daemon ads are also republished every
 * update interval. Called on the scheduler's owner thread, which owns the object maps here
 * (after {@link #host}, called once at start).
 */
final class AgentEvents implements ScheddEvents {
    private final Agent agent;
    private SchedulerObject scheduler;
    private final String machine;
    private final Duration updateInterval;
    private final Map<JobId, JobObject> jobs = new HashMap<>();
    private final Map<String, SubmitterObject> submitters = new HashMap<>();

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

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
        JobObject o = new JobObject(id, ad);
        jobs.put(id, o);
        agent.add(o);
    }

    @Override
    public void jobChanged(JobId id, ClassAd before, ClassAd ad) {
        JobObject o = jobs.get(id);
        if (o != null) {
            o.update(ad);
            agent.changed(o);
        }
    }

    @Override
    public void jobLeft(JobId id, ClassAd finalAd) {
        JobObject o = jobs.remove(id);
        if (o != null) {
            agent.remove(o.id());
        }
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
            o = new SubmitterObject(counts.owner(), scheduler.id().key(), machine);
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

    /** Unpublishes every object this scheduler hosts (a clean shutdown). */
    void withdrawAll() {
        jobs.values().forEach(o -> agent.remove(o.id()));
        jobs.clear();
        submitters.values().forEach(o -> agent.remove(o.id()));
        submitters.clear();
        agent.remove(scheduler.id());
    }

    ObjectId schedulerId() {
        return scheduler.id();
    }
}
