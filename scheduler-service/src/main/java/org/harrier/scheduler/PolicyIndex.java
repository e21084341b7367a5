package org.harrier.scheduler;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.policy.JobPolicy;
import org.harrier.scheduler.queue.JobId;

/**
 * The queued jobs that have a periodic expression that could fire ({@link
 * JobPolicy#hasPeriodicPolicy}), kept in step with the queue through its events, so a periodic
 * pass costs nothing for the jobs without one (condor_submit's {@code PeriodicHold = false}
 * included). Owner thread only.
 */
final class PolicyIndex implements ScheddEvents {
    private final Set<JobId> jobs = new LinkedHashSet<>();

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
        if (JobPolicy.hasPeriodicPolicy(ad)) {
            jobs.add(id);
        }
    }

    @Override
    public void jobChanged(JobId id, ClassAd before, ClassAd ad) {
        if (JobPolicy.hasPeriodicPolicy(ad)) {
            jobs.add(id);
        } else {
            jobs.remove(id);
        }
    }

    @Override
    public void jobLeft(JobId id, ClassAd finalAd) {
        jobs.remove(id);
    }

    @Override
    public void submitterChanged(SubmitterCounts counts) {
    }

    @Override
    public void statisticsChanged(SchedulerStatistics statistics) {
    }

    /** The jobs to evaluate now, in submission order; a copy, so a pass may change the queue. */
    List<JobId> snapshot() {
        return List.copyOf(jobs);
    }

    int size() {
        return jobs.size();
    }
}
