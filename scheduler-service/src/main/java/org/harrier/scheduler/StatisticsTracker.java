package org.harrier.scheduler;

import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.QueueCounts;

/**
 * Lifetime counters and the rates derived from them at each update-interval tick. Owned by the
 * scheduler's owner thread.
 */
final class StatisticsTracker {
    private long submitted;
    private long started;
    private long completed;
    private double sumTimeToStart;
    private long firstStarts;
    private long tickMillis = -1;
    private long submittedAtTick;
    private long startedAtTick;
    private long completedAtTick;
    private double submissionRate;
    private double startRate;
    private double completionRate;

    void submitted(int procs) {
        submitted += procs;
    }

    /** A start; {@code secondsSinceSubmit} counts toward the mean only for a job's first start. */
    void started(boolean firstStart, double secondsSinceSubmit) {
        started++;
        if (firstStart) {
            firstStarts++;
            sumTimeToStart += Math.max(0, secondsSinceSubmit);
        }
    }

    void completed() {
        completed++;
    }

    /** Closes one update interval at {@code nowMillis}: rates are the counts since the last tick per second. */
    void tick(long nowMillis) {
        if (tickMillis >= 0 && nowMillis > tickMillis) {
            double seconds = (nowMillis - tickMillis) / 1000.0;
            submissionRate = (submitted - submittedAtTick) / seconds;
            startRate = (started - startedAtTick) / seconds;
            completionRate = (completed - completedAtTick) / seconds;
        }
        tickMillis = nowMillis;
        submittedAtTick = submitted;
        startedAtTick = started;
        completedAtTick = completed;
    }

    SchedulerStatistics snapshot(JobQueue queue) {
        QueueCounts c = queue.counts();
        return new SchedulerStatistics(c.total(JobStatus.IDLE), c.total(JobStatus.RUNNING), c.total(JobStatus.HELD),
                c.total(JobStatus.REMOVED), queue.size(), c.owners().size(),
                submitted, submissionRate, started, startRate, completed, completionRate,
                firstStarts == 0 ? 0.0 : sumTimeToStart / firstStarts);
    }
}
