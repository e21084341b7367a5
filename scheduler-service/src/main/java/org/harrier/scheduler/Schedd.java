package org.harrier.scheduler;

import org.harrier.protocol.Completions;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.CheckpointReport;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Submission;
import org.harrier.scheduler.queue.Transition;
import org.harrier.scheduler.store.Journal;

/**
 * The schedd, in memory: the job queue, submit and control, and running jobs on claims.
 *
 * <p>Threading: all state lives on one owner thread, the {@code owner} executor given at
 * construction (a single-threaded executor in the service; tests drive a manual one). Every
 * public method hops onto it and returns a future completed there, except GetHistory's page,
 * which is read on the executor its caller gives ({@link HistoryView}); startds' answers are
 * applied there too. Nothing here blocks.
 */
public final class Schedd {
    private final Executor owner;
    private final QueueKeeper keeper;
    private final ClaimRunner runner;
    private final PeriodicPolicy policy;
    private final JobControl control;
    private final LeaseKeeper leases;
    private final Checkpointing checkpoints;
    private final Clock clock;

    /** A schedd whose queue lives only in memory (tests of its decisions). */
    public Schedd(String name, SchedulerSettings settings, Startds startds, ScheddEvents events, Executor owner, Clock clock) {
        this(name, settings, startds, events, owner, clock, new JobQueue(), Journal.NONE);
    }

    /**
     * A schedd that carries on from {@code queue} (as its journal replayed it) and keeps every
     * change in {@code journal}; a method's future completes only once its changes are kept.
     * Call {@link #recover()} once the events can be published, before serving anything else.
     */
    public Schedd(String name, SchedulerSettings settings, Startds startds, ScheddEvents events, Executor owner, Clock clock,
            JobQueue queue, Journal journal) {
        Objects.requireNonNull(name, "name");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.clock = Objects.requireNonNull(clock, "clock");
        PolicyIndex withPolicy = new PolicyIndex();
        this.keeper = new QueueKeeper(new Submission(name, settings.adLimits()), settings.historySize(),
                EventFanout.of(Objects.requireNonNull(events, "events"), withPolicy), owner,
                Objects.requireNonNull(clock, "clock"), Objects.requireNonNull(queue, "queue"),
                Objects.requireNonNull(journal, "journal"));
        this.runner = new ClaimRunner(keeper, Objects.requireNonNull(startds, "startds"), owner);
        this.leases = new LeaseKeeper(runner, keeper, startds, settings.claimLease(), owner);
        this.policy = new PeriodicPolicy(keeper, runner, withPolicy, owner);
        this.control = new JobControl(keeper, runner, owner, EvalContext.create(clock, 0));
        this.checkpoints = new Checkpointing(keeper, runner, startds, owner, EvalContext.create(clock, 0));
    }

    /**
     * Publishes the jobs the journal brought back, indexes the idle ones for matching, takes
     * over the claims the running ones recorded (docs/protocols.md, "Scheduler restart") and puts
     * back to Idle those running without one; completes with how many jobs the queue holds.
     */
    public CompletableFuture<Integer> recover() {
        return onOwner(() -> {
            keeper.recover(leases::adopt, leases::reactivate, leases::follow);
            return keeper.queue().size();
        });
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
     * with the ids removed. {@code reason} (null for "via Remove") and the name of {@code by}
     * become RemoveReason. Every control method acts only on the jobs {@code by} may change
     * ({@link QueueUser#mine}: a user's own; a queue super user's, any), refusing a job or
     * cluster of someone else's before anything changes.
     */
    public CompletableFuture<List<JobId>> remove(JobSelection jobs, String reason, QueueUser by) {
        return inSteps(() -> control.remove(jobs, reason, by));
    }

    /** Remove of job {@code "cluster.proc"} or cluster {@code "cluster"}, by the scheduler itself. */
    public CompletableFuture<List<JobId>> remove(String id, String reason) {
        return inSteps(() -> control.remove(JobSelection.of(id, null), reason, QueueUser.SCHEDULER));
    }

    /** Holds jobs (HoldReasonCode 1, by user); running ones are killed through their claims first. */
    public CompletableFuture<List<JobId>> hold(JobSelection jobs, String reason, QueueUser by) {
        return inSteps(() -> control.hold(jobs, reason, by));
    }

    /** Hold by the scheduler itself. */
    public CompletableFuture<List<JobId>> hold(String id, String reason) {
        return inSteps(() -> control.hold(JobSelection.of(id, null), reason, QueueUser.SCHEDULER));
    }

    /** Releases held jobs back to Idle (and into matching). */
    public CompletableFuture<List<JobId>> release(JobSelection jobs, String reason, QueueUser by) {
        return onOwner(() -> control.release(jobs, reason, by));
    }

    /** Release by the scheduler itself. */
    public CompletableFuture<List<JobId>> release(String id) {
        return onOwner(() -> control.release(JobSelection.of(id, null), null, QueueUser.SCHEDULER));
    }

    /**
     * Suspends running jobs: each one's startd stops its process tree (the claim stays), then
     * they are recorded Suspended, in one transaction; completes with the jobs suspended.
     */
    public CompletableFuture<List<JobId>> suspend(JobSelection jobs, QueueUser by) {
        return inSteps(() -> control.signal(jobs, true, by));
    }

    /** Continues suspended jobs: their process trees run again and they are Running. */
    public CompletableFuture<List<JobId>> resume(JobSelection jobs, QueueUser by) {
        return inSteps(() -> control.signal(jobs, false, by));
    }

    /**
     * Binds attribute {@code name} of every job named to the ClassAd expression {@code value}
     * (condor_qedit); an idle job is regrouped for matching at once.
     */
    public CompletableFuture<List<JobId>> setAttribute(JobSelection jobs, String name, String value, QueueUser by) {
        return onOwner(() -> control.setAttribute(jobs, name, value, by));
    }

    /** GetHistory read on the owner thread (tests that drive it by hand); the service reads on its query threads. */
    public CompletableFuture<HistoryPage> historyPage(String constraint, int limit, JobId after) {
        return historyPage(constraint, limit, after, owner);
    }

    /**
     * GetHistory: a page of at most {@code limit} ads {@code constraint} selects (null: all) after
     * job {@code after} (null: from the newest), cut to fit one answer ({@link HistoryPage}). The
     * owner thread only hands over the history ({@link HistoryView}) once what it changed is
     * durable; the ads are read on {@code reads}, so a scan that takes seconds holds up nothing
     * else. A constraint that does not parse fails the future with ScheddFailure.Invalid.
     */
    public CompletableFuture<HistoryPage> historyPage(String constraint, int limit, JobId after, Executor reads) {
        JobSelection.Matching selects;
        try {
            selects = constraint == null ? null : new JobSelection.Matching(JobSelection.constraint(constraint));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return onOwner(keeper::historyView)
                .thenApplyAsync(view -> view.page(selects, limit, after, EvalContext.create(clock, 0)), reads);
    }

    /**
     * Queued jobs by status, of {@code owner} (null: every owner), from the counts the queue
     * keeps as it changes: condor_q -totals without a scan. Every status is present.
     */
    public CompletableFuture<java.util.Map<JobStatus, Integer>> totals(String owner) {
        return onOwner(() -> {
            java.util.Map<JobStatus, Integer> out = new java.util.EnumMap<>(JobStatus.class);
            org.harrier.scheduler.queue.QueueCounts c = keeper.queue().counts();
            for (JobStatus s : JobStatus.values()) {
                out.put(s, owner == null ? c.total(s) : c.of(owner, s));
            }
            return out;
        });
    }

    /**
     * The job queue as it is now, for a query to walk off the owner thread ({@link QueueView});
     * the future completes once what it shows is on disk, so a query never shows a job a crash
     * could take back.
     */
    public CompletableFuture<org.harrier.scheduler.queue.QueueView> queueView() {
        return onOwner(() -> keeper.queue().view());
    }

    /** The negotiator's view: one request per autocluster with idle jobs. */
    public CompletableFuture<List<AutoclusterRequest>> requests() {
        return onOwner(() -> keeper.idle().requests());
    }

    /** The negotiator's matches; completes once the claims are sought (not granted), with how many. */
    public CompletableFuture<Integer> matched(List<SlotMatch> matches) {
        return onOwner(() -> runner.matched(matches));
    }

    /**
     * Refuses, with {@link ScheddFailure.Refused}, a report on claim {@code claimId} from any
     * other startd user than the first to report on it (docs/protocols.md "Authorisation"); for
     * the steps that must follow the check and precede the report itself (an eviction's files).
     * The report methods below check in the same owner task as they apply the report.
     */
    public CompletableFuture<Void> reportedBy(String claimId, ClaimReporter by) {
        return onOwner(() -> {
            checkReporter(claimId, by);
            return null;
        });
    }

    /** On the owner thread: refuses a report on claim {@code claimId} from {@code by} unless it may make one ({@link ClaimReporter#check}). */
    private void checkReporter(String claimId, ClaimReporter by) {
        by.check(runner.claims().get(claimId));
    }

    /** The starter's start report; completes with false when it was stale or repeated (and ignored). */
    public CompletableFuture<Boolean> jobStarted(JobId id, String claimId, String remoteHost) {
        return jobStarted(id, claimId, remoteHost, ClaimReporter.ANYONE);
    }

    /** The same, from {@code by}, refused unless it may report on the claim. */
    public CompletableFuture<Boolean> jobStarted(JobId id, String claimId, String remoteHost, ClaimReporter by) {
        return onOwner(() -> {
            checkReporter(claimId, by);
            return runner.started(id, claimId, remoteHost);
        });
    }

    /** The starter's usage report for a running job; false when ignored (not running on that claim). */
    public CompletableFuture<Boolean> jobUsage(JobId id, String claimId, org.harrier.scheduler.queue.RunUsage usage) {
        return jobUsage(id, claimId, usage, ClaimReporter.ANYONE);
    }

    /** The same, from {@code by}, refused unless it may report on the claim. */
    public CompletableFuture<Boolean> jobUsage(JobId id, String claimId, org.harrier.scheduler.queue.RunUsage usage,
            ClaimReporter by) {
        return onOwner(() -> {
            checkReporter(claimId, by);
            return runner.usage(id, claimId, usage);
        });
    }

    /** The starter's exit report; idempotent: false when ignored. */
    public CompletableFuture<Boolean> jobExited(JobId id, String claimId, ExitReport report) {
        return jobExited(id, claimId, report, ClaimReporter.ANYONE);
    }

    /** The same, from {@code by}, refused unless it may report on the claim. */
    public CompletableFuture<Boolean> jobExited(JobId id, String claimId, ExitReport report, ClaimReporter by) {
        return jobExited(id, claimId, report, by, null);
    }

    /**
     * The same, saying also that job {@code nextStarted} (null: none), queued on the claim, started
     * there in the job's place (docs/protocols.md, "Queued activations").
     */
    public CompletableFuture<Boolean> jobExited(JobId id, String claimId, ExitReport report, ClaimReporter by, JobId nextStarted) {
        return onOwner(() -> {
            checkReporter(claimId, by);
            return runner.exited(id, claimId, report, nextStarted);
        });
    }

    /** The starter's checkpoint report (NumCkpts, LastCkptTime, size, duration); idempotent: false when ignored. */
    public CompletableFuture<Boolean> jobCheckpointed(JobId id, String claimId, CheckpointReport report) {
        return onOwner(() -> checkpoints.checkpointed(id, claimId, report));
    }

    /**
     * The same from {@code by} (refused unless it may report on the claim), first handing job
     * {@code id}'s queued ad (null once it left the queue) to {@code files} on the owner thread,
     * so that a checkpoint that travelled over the bus is committed in the spool before the
     * report, and any exit report after it, is applied.
     */
    public CompletableFuture<Boolean> jobCheckpointed(JobId id, String claimId, CheckpointReport report, ClaimReporter by,
            java.util.function.Consumer<ClassAd> files) {
        return onOwner(() -> {
            checkReporter(claimId, by);
            files.accept(keeper.queue().contains(id) ? keeper.queue().ad(id) : null);
            return checkpoints.checkpointed(id, claimId, report);
        });
    }

    /**
     * condor_vacate_job: each running job named is evicted by its startd (SIGTERM, so a
     * self-checkpointing job may checkpoint) and goes back to Idle when the eviction is reported;
     * completes with the jobs whose startd took the request.
     */
    public CompletableFuture<List<JobId>> vacate(JobSelection jobs, QueueUser by) {
        return inSteps(() -> checkpoints.vacate(jobs, by));
    }

    /**
     * Evaluates periodic_hold, periodic_release and periodic_remove of the jobs that have one
     * (every PERIODIC_EXPR_INTERVAL); completes with how many jobs the policy changed.
     */
    public CompletableFuture<Integer> evaluatePolicy() {
        return this.<CompletableFuture<Integer>>onOwner(policy::evaluate).thenCompose(f -> f);
    }

    /**
     * One ALIVE_INTERVAL: gives up the claims whose startd has not answered a keep-alive for
     * longer than their lease (their running jobs go back to Idle), then sends the others'
     * startds an Alive; completes with the jobs put back to Idle.
     */
    public CompletableFuture<List<JobId>> renewClaims() {
        return onOwner(leases::renew);
    }

    /** Closes an update interval: recomputes rates, republishes the statistics, compacts the journal if due. */
    public CompletableFuture<SchedulerStatistics> tick() {
        return onOwner(() -> {
            keeper.tick();
            keeper.compactIfLarge();
            return keeper.statistics();
        });
    }

    /**
     * The ad of job {@code id} while it is activated on claim {@code claimId} (file transfer's
     * check that a starter asks for its own job's files); {@link ScheddFailure.WrongState} when
     * the claim runs another job or none, or the scheduler does not hold it.
     */
    public CompletableFuture<ClassAd> claimedJob(JobId id, String claimId) {
        return onOwner(() -> {
            org.harrier.scheduler.match.Claim c = runner.claims().get(claimId);
            if (c == null || !id.equals(c.job())) {
                throw new ScheddFailure.WrongState("job " + id + " does not run on that claim");
            }
            return keeper.queue().ad(id);
        });
    }

    /**
     * Adds {@code bytes} to job {@code id}'s counter {@code attribute} (BytesSent, BytesRecvd:
     * file transfer's accounting, from the job's point of view) in one queue transaction; a job
     * no longer queued is left alone. Completes with the new total, or -1.
     */
    public CompletableFuture<Long> addBytes(JobId id, String attribute, long bytes) {
        return onOwner(() -> {
            ClassAd ad = keeper.queue().ad(id);
            if (ad == null) {
                return -1L;
            }
            long total = JobQueue.longOf(ad, attribute, 0) + bytes;
            keeper.commit(org.harrier.scheduler.queue.Transaction.builder().set(id, attribute, total).build());
            return total;
        });
    }

    /** Writes what the journal was handed and closes it; call after the owner thread stopped. */
    public void closeJournal() {
        keeper.closeJournal();
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

    /**
     * For calls whose work goes on after the owner task (a kill through the claim, a startd's
     * answer): runs {@code task} on the owner thread, waits for the future it returns, then for
     * the journal, so the answer still comes only once every change it made is on disk.
     */
    private <T> CompletableFuture<T> inSteps(Supplier<CompletableFuture<T>> task) {
        return this.<CompletableFuture<T>>onOwner(task).thenCompose(f -> f)
                .thenCompose(value -> keeper.synced().handle((v, failed) -> {
                    if (failed != null) {
                        throw new ScheddFailure.Unavailable("the scheduler could not write its job queue: "
                                + Completions.message(failed));
                    }
                    return value;
                }));
    }

    /**
     * Runs {@code task} on the owner thread; its future completes once the queue changes made
     * so far are durable (at once when there were none), so an answer never acknowledges a
     * change a crash could take back.
     */
    private <T> CompletableFuture<T> onOwner(Supplier<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            owner.execute(() -> {
                T value;
                try {
                    value = task.get();
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                    return;
                }
                keeper.synced().whenComplete((v, failed) -> {
                    if (failed == null) {
                        result.complete(value);
                    } else {
                        result.completeExceptionally(new ScheddFailure.Unavailable("the scheduler could not write its job queue: "
                                + Completions.message(failed)));
                    }
                });
            });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new ScheddFailure.Unavailable("the scheduler is shutting down"));
        }
        return result;
    }
}
