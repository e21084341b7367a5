package org.harrier.scheduler;

/**
 * The {@code scheduler} object's statistics (mrg-grid-schema.json): queue totals now, lifetime
 * counters, rates in jobs per second over the last update interval, and the mean seconds from
 * submission to first start.
 */
public record SchedulerStatistics(int totalIdleJobs, int totalRunningJobs, int totalHeldJobs, int totalRemovedJobs,
                                  int totalJobAds, int numUsers,
                                  long jobsSubmitted, double jobSubmissionRate,
                                  long jobsStarted, double jobStartRate,
                                  long jobsCompleted, double jobCompletionRate,
                                  double meanTimeToStart) {
}
