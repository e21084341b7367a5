package org.harrier.scheduler;

import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;

/** Keeps every event the scheduler publishes, in order. */
final class RecordingEvents implements ScheddEvents {
    record JobEvent(String kind, JobId id, ClassAd ad) {
        JobStatus status() {
            return JobQueue.status(ad);
        }
    }

    final List<JobEvent> jobs = new ArrayList<>();
    final List<SubmitterCounts> submitters = new ArrayList<>();
    final List<SchedulerStatistics> statistics = new ArrayList<>();

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
        jobs.add(new JobEvent("queued", id, ad));
    }

    @Override
    public void jobChanged(JobId id, ClassAd before, ClassAd ad) {
        jobs.add(new JobEvent("changed", id, ad));
    }

    @Override
    public void jobLeft(JobId id, ClassAd finalAd) {
        jobs.add(new JobEvent("left", id, finalAd));
    }

    @Override
    public void submitterChanged(SubmitterCounts counts) {
        submitters.add(counts);
    }

    @Override
    public void statisticsChanged(SchedulerStatistics s) {
        statistics.add(s);
    }

    /** The statuses published for {@code id} by queued/changed events, in order. */
    List<JobStatus> statusesOf(JobId id) {
        return jobs.stream().filter(e -> e.id().equals(id) && !e.kind().equals("left")).map(JobEvent::status).toList();
    }

    List<String> kindsOf(JobId id) {
        return jobs.stream().filter(e -> e.id().equals(id)).map(JobEvent::kind).toList();
    }

    SubmitterCounts lastSubmitter(String owner) {
        for (int i = submitters.size() - 1; i >= 0; i--) {
            if (submitters.get(i).owner().equals(owner)) {
                return submitters.get(i);
            }
        }
        return null;
    }

    SchedulerStatistics lastStatistics() {
        return statistics.get(statistics.size() - 1);
    }
}
