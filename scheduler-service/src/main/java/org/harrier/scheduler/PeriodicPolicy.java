package org.harrier.scheduler;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.policy.JobPolicy;
import org.harrier.scheduler.policy.PolicyAction;
import org.harrier.scheduler.policy.PolicyTransactions;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every PERIODIC_EXPR_INTERVAL: evaluates periodic_hold, periodic_release and periodic_remove of
 * the jobs in the {@link PolicyIndex} ({@link JobPolicy#periodic} decides) and applies each
 * verdict as the control methods do: a held or removed job on a claim is killed through it, a
 * removed job leaves once its claim answered.
 *
 * <p>Owner thread. A pass works in slices of {@link #SLICE} jobs, each its own owner-thread task,
 * so a queue full of policy jobs never holds up submissions and start reports for long (HTCondor
 * bounds the same work with PERIODIC_EXPR_TIMESLICE). A tick while a pass is still going joins it.
 */
final class PeriodicPolicy {
    private static final Logger LOG = LoggerFactory.getLogger(PeriodicPolicy.class);
    static final int SLICE = 2048;

    private final QueueKeeper keeper;
    private final ClaimRunner runner;
    private final PolicyIndex index;
    private final Executor owner;
    private CompletableFuture<Integer> pass;

    PeriodicPolicy(QueueKeeper keeper, ClaimRunner runner, PolicyIndex index, Executor owner) {
        this.keeper = keeper;
        this.runner = runner;
        this.index = index;
        this.owner = owner;
    }

    /** Starts a pass (or joins the one going); completes with how many jobs the policy changed. */
    CompletableFuture<Integer> evaluate() {
        if (pass != null) {
            return pass;
        }
        CompletableFuture<Integer> started = new CompletableFuture<>();
        pass = started;
        slice(index.snapshot(), 0, 0, started);
        return started;
    }

    private void slice(List<JobId> jobs, int from, int changed, CompletableFuture<Integer> done) {
        long now = keeper.now();
        int to = Math.min(jobs.size(), from + SLICE);
        int n = changed;
        for (int i = from; i < to; i++) {
            n += apply(jobs.get(i), now) ? 1 : 0;
        }
        if (to == jobs.size()) {
            pass = null;
            done.complete(n);
            return;
        }
        int soFar = n;
        try {
            owner.execute(() -> slice(jobs, to, soFar, done));
        } catch (RejectedExecutionException e) {
            pass = null;
            done.complete(soFar); // the scheduler is closing; the rest waits for no one
        }
    }

    private boolean apply(JobId id, long now) {
        ClassAd ad = keeper.queue().ad(id);
        if (ad == null) {
            return false;
        }
        PolicyAction action = JobPolicy.periodic(ad, now);
        Transaction tx = PolicyTransactions.periodic(id, ad, action, now);
        if (tx == null) {
            return false;
        }
        try {
            keeper.commit(tx, runner::onClaim);
        } catch (RuntimeException e) {
            LOG.warn("job {}: the job policy's {} could not be applied: {}", id, action, e.getMessage());
            return false;
        }
        LOG.info("job {}: {}", id, action);
        if (action instanceof PolicyAction.Hold) {
            runner.stop(id);
        } else if (action instanceof PolicyAction.Remove) {
            runner.stop(id).thenRun(() -> keeper.finish(id));
        }
        return true;
    }
}
