package org.harrier.scheduler;

import java.util.function.Predicate;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.policy.ExitAction;
import org.harrier.scheduler.policy.JobPolicy;
import org.harrier.scheduler.policy.PolicyAction;
import org.harrier.scheduler.policy.PolicyTransactions;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the job policy to an exit report ({@link JobPolicy#onExit} decides): the job
 * completes, runs again, is held or is removed, and the exit is recorded in every case.
 * Owner thread.
 */
final class JobExits {
    private static final Logger LOG = LoggerFactory.getLogger(JobExits.class);

    private JobExits() {
    }

    /** Applies the verdict on job {@code id}'s exit; true when the job is now Completed or Removed and leaves the queue. */
    static boolean apply(QueueKeeper keeper, JobId id, ExitReport report, Predicate<JobId> onClaim) {
        ClassAd ad = keeper.queue().ad(id);
        long now = keeper.now();
        ExitAction action = JobPolicy.onExit(ad, report, now);
        keeper.commit(PolicyTransactions.exit(id, ad, report, action, now), onClaim);
        if (action instanceof ExitAction.Complete) {
            keeper.stats().completed();
            keeper.statisticsChanged();
            return true;
        }
        LOG.info("job {} exited; the job policy says: {}", id, action);
        return action instanceof PolicyAction.Remove;
    }
}
