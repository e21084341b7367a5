package org.harrier.scheduler;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.mgmt.QmfException;
import org.harrier.scheduler.match.Request;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;

/**
 * The schedd, in memory: the job queue, submit and control, and running jobs on claims.
 *
 * <p>Threading: all state lives on one owner thread, the {@code owner} executor given at
 * construction (a single-threaded executor in the service; tests drive a manual one). Every
 * public method hops onto it and returns a future completed there; startds' answers are applied
 * there too. Nothing here blocks.
 */
public final class Schedd {
    private final Executor owner;
    private final QueueKeeper keeper;
    private final ClaimRunner runner;
    private final JobControl control;

    public Schedd(String name, SchedulerSettings settings, Startds startds, ScheddEvents events, Executor owner, Clock clock) {
        Objects.requireNonNull(name, "name");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.keeper = new QueueKeeper(name, settings.historySize(), Objects.requireNonNull(events, "events"), owner,
                Objects.requireNonNull(clock, "clock"));
        this.runner = new ClaimRunner(keeper, Objects.requireNonNull(startds, "startds"), owner);
        this.control = new JobControl(keeper, runner, owner, EvalContext.create(clock, 0));
    }

    /** Queues one job; completes with its id. */
    public CompletableFuture<JobId> submit(ClassAd ad) {
        return onOwner(() -> new JobId(keeper.submit(ad, 1, null), 0));
    }

    /** Queues {@code count} procs of one cluster, proc i merged with {@code items.get(i)} if given; completes with the cluster id. */
    public CompletableFuture<Integer> submitCluster(ClassAd ad, int count, List<ClassAd> items) {
        return onOwner(() -> keeper.submit(ad, count, items));
    }

    /** The ad of a queued or recently finished job. */
    public CompletableFuture<ClassAd> ad(JobId id) {
        return onOwner(() -> keeper.ad(id));
    }

    /**
     * Removes the jobs {@code jobs} names (HTCondor's condor_rm). Idle and held jobs become
     * Removed and leave at once; running and suspended ones become Removed, are killed through
     * their claims, and leave when the startd answered, which is when the future completes,
     * with the ids removed. {@code reason} (null for "via Remove") and {@code user} (who called,
     * when the bus says) become RemoveReason.
     */
    public CompletableFuture<List<JobId>> remove(JobSelection jobs, String reason, String user) {
        return this.<CompletableFuture<List<JobId>>>onOwner(() -> control.remove(jobs, reason, user)).thenCompose(f -> f);
    }

    /** Remove of job {@code "cluster.proc"} or cluster {@code "cluster"}. */
    public CompletableFuture<List<JobId>> remove(String id, String reason) {
        return this.<CompletableFuture<List<JobId>>>onOwner(() -> control.remove(JobSelection.of(id, null), reason, null))
                .thenCompose(f -> f);
    }

    /** Holds jobs (HoldReasonCode 1, by user); running ones are killed through their claims first. */
    public CompletableFuture<List<JobId>> hold(JobSelection jobs, String reason, String user) {
        return this.<CompletableFuture<List<JobId>>>onOwner(() -> control.hold(jobs, reason, user)).thenCompose(f -> f);
    }

    public CompletableFuture<List<JobId>> hold(String id, String reason) {
        return this.<CompletableFuture<List<JobId>>>onOwner(() -> control.hold(JobSelection.of(id, null), reason, null))
                .thenCompose(f -> f);
    }

    /** Releases held jobs back to Idle (and into matching). */
    public CompletableFuture<List<JobId>> release(JobSelection jobs, String reason, String user) {
        return onOwner(() -> control.release(jobs, reason, user));
    }

    public CompletableFuture<List<JobId>> release(String id) {
        return onOwner(() -> control.release(JobSelection.of(id, null), null, null));
    }

    /**
     * Suspends running jobs: each one's startd stops its process tree (the claim stays), then
     * they are recorded Suspended, in one transaction; completes with the jobs suspended.
     */
    public CompletableFuture<List<JobId>> suspend(JobSelection jobs) {
        return this.<CompletableFuture<List<JobId>>>onOwner(() -> control.signal(jobs, true)).thenCompose(f -> f);
    }

    /** Continues suspended jobs: their process trees run again and they are Running. */
    public CompletableFuture<List<JobId>> resume(JobSelection jobs) {
        return this.<CompletableFuture<List<JobId>>>onOwner(() -> control.signal(jobs, false)).thenCompose(f -> f);
    }

    /**
     * Binds attribute {@code name} of every job named to the ClassAd expression {@code value}
     * (condor_qedit); an idle job is regrouped for matching at once.
     */
    public CompletableFuture<List<JobId>> setAttribute(JobSelection jobs, String name, String value) {
        return onOwner(() -> control.setAttribute(jobs, name, value));
    }

    /** Final ads of finished jobs for which {@code constraint} (null: all) is true, newest first, at most {@code limit}. */
    public CompletableFuture<List<ClassAd>> history(String constraint, int limit) {
        return onOwner(() -> control.history(constraint, limit));
    }

    /** The negotiator's view: one request per autocluster with idle jobs. */
    public CompletableFuture<List<Request>> requests() {
        return onOwner(() -> keeper.idle().requests());
    }

    /** The negotiator's matches; completes once the claims are sought (not granted), with how many. */
    public CompletableFuture<Integer> matched(List<SlotMatch> matches) {
        return onOwner(() -> runner.matched(matches));
    }

    /** The starter's start report; completes with false when it was stale or repeated (and ignored). */
    public CompletableFuture<Boolean> jobStarted(JobId id, String claimId, String remoteHost) {
        return onOwner(() -> runner.started(id, claimId, remoteHost));
    }

    /** The starter's exit report; idempotent: false when ignored. */
    public CompletableFuture<Boolean> jobExited(JobId id, String claimId, ExitReport report) {
        return onOwner(() -> runner.exited(id, claimId, report));
    }

    /** Closes an update interval: recomputes rates and republishes the statistics. */
    public CompletableFuture<SchedulerStatistics> tick() {
        return onOwner(() -> {
            keeper.tick();
            return keeper.statistics();
        });
    }

    public CompletableFuture<SchedulerStatistics> statistics() {
        return onOwner(keeper::statistics);
    }

    /** The status of a queued job, or null (for tests and the console's quick checks). */
    public CompletableFuture<JobStatus> status(JobId id) {
        return onOwner(() -> keeper.queue().status(id));
    }

    /** How many claims are held now. */
    public CompletableFuture<Integer> claimCount() {
        return onOwner(() -> runner.claims().size());
    }

    /** Kills running jobs and releases every claim; completes when the startds answered (or failed). */
    public CompletableFuture<Void> releaseClaims() {
        return this.<CompletableFuture<Void>>onOwner(runner::releaseAll).thenCompose(f -> f);
    }

    private <T> CompletableFuture<T> onOwner(Supplier<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            owner.execute(() -> {
                try {
                    result.complete(task.get());
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new QmfException(QmfException.EXCEPTION, "the scheduler is shutting down"));
        }
        return result;
    }
}
