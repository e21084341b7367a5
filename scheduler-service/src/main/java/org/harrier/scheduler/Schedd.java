package org.harrier.scheduler;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.scheduler.match.AutoclusterRequest;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobSelection;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Submission;
import org.harrier.scheduler.store.Journal;

/**
 * The schedd, in memory: the job queue, submit and control, and running jobs on claims.
 *
 * <p>Threading: all state lives on one owner thread, the {@code owner} executor given at
 * construction (a single-threaded executor in the service; tests drive a manual one). Every
 * public method hops onto it ({@link OwnerCalls}) and returns a future completed there, except GetHistory's page,
 * which is read on the executor its caller gives ({@link HistoryView}); startds' answers are
 * applied there too, through {@link #reports()}. Nothing here blocks.
 */
public final class Schedd {
    private final Executor owner;
    private final OwnerCalls calls;
    private final ClaimReports reports;
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
        this.calls = new OwnerCalls(owner, keeper);
        this.reports = new ClaimReports(calls, keeper, runner, checkpoints);
    }

    /**
     * Publishes the jobs the journal brought back, indexes the idle ones for matching, takes
     * over the claims the running ones recorded (docs/protocols.md, "Scheduler restart") and puts
     * back to Idle those running without one; completes with how many jobs the queue holds.
     */
    public CompletableFuture<Integer> recover() {
        return calls.run(() -> {
            keeper.recover(leases::adopt, leases::reactivate, leases::follow, leases::releaseFinished);
            return keeper.queue().size();
        });
    }

    /** What startds report about the jobs on their claims, and file transfer's questions about them. */
    public ClaimReports reports() {
        return reports;
    }

    /** Queues one job; completes with its id. */
    public CompletableFuture<JobId> submit(ClassAd ad) {
        return calls.run(() -> new JobId(keeper.submit(ad, 1, null), 0));
    }

    /** Queues {@code count} procs of one cluster, proc i merged with {@code items.get(i)} if given; completes with the cluster id. */
    public CompletableFuture<Integer> submitCluster(ClassAd ad, int count, List<ClassAd> items) {
        return calls.run(() -> keeper.submit(ad, count, items));
    }

    /** The ad of a queued or recently finished job. */
    public CompletableFuture<ClassAd> ad(JobId id) {
        return calls.run(() -> keeper.ad(id));
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
        return calls.inSteps(() -> control.remove(jobs, reason, by));
    }

    /** Remove of job {@code "cluster.proc"} or cluster {@code "cluster"}, by the scheduler itself. */
    public CompletableFuture<List<JobId>> remove(String id, String reason) {
        return calls.inSteps(() -> control.remove(JobSelection.of(id, null), reason, QueueUser.SCHEDULER));
    }

    /** Holds jobs (HoldReasonCode 1, by user); running ones are killed through their claims first. */
    public CompletableFuture<List<JobId>> hold(JobSelection jobs, String reason, QueueUser by) {
        return calls.inSteps(() -> control.hold(jobs, reason, by));
    }

    /** Hold by the scheduler itself. */
    public CompletableFuture<List<JobId>> hold(String id, String reason) {
        return calls.inSteps(() -> control.hold(JobSelection.of(id, null), reason, QueueUser.SCHEDULER));
    }

    /** Releases held jobs back to Idle (and into matching). */
    public CompletableFuture<List<JobId>> release(JobSelection jobs, String reason, QueueUser by) {
        return calls.run(() -> control.release(jobs, reason, by));
    }

    /** Release by the scheduler itself. */
    public CompletableFuture<List<JobId>> release(String id) {
        return calls.run(() -> control.release(JobSelection.of(id, null), null, QueueUser.SCHEDULER));
    }

    /**
     * Suspends running jobs: each one's startd stops its process tree (the claim stays), then
     * they are recorded Suspended, in one transaction; completes with the jobs suspended.
     */
    public CompletableFuture<List<JobId>> suspend(JobSelection jobs, QueueUser by) {
        return calls.inSteps(() -> control.signal(jobs, true, by));
    }

    /** Continues suspended jobs: their process trees run again and they are Running. */
    public CompletableFuture<List<JobId>> resume(JobSelection jobs, QueueUser by) {
        return calls.inSteps(() -> control.signal(jobs, false, by));
    }

    /**
     * Binds attribute {@code name} of every job named to the ClassAd expression {@code value}
     * (condor_qedit); an idle job is regrouped for matching at once.
     */
    public CompletableFuture<List<JobId>> setAttribute(JobSelection jobs, String name, String value, QueueUser by) {
        return calls.run(() -> control.setAttribute(jobs, name, value, by));
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
        return calls.run(keeper::historyView)
                .thenApplyAsync(view -> view.page(selects, limit, after, EvalContext.create(clock, 0)), reads);
    }

    /**
     * Queued jobs by status, of {@code owner} (null: every owner), from the counts the queue
     * keeps as it changes: condor_q -totals without a scan. Every status is present.
     */
    public CompletableFuture<java.util.Map<JobStatus, Integer>> totals(String owner) {
        return calls.run(() -> {
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
        return calls.run(() -> keeper.queue().view());
    }

    /** The negotiator's view: one request per autocluster with idle jobs. */
    public CompletableFuture<List<AutoclusterRequest>> requests() {
        return calls.run(() -> keeper.idle().requests());
    }

    /** The negotiator's matches; completes once the claims are sought (not granted), with how many. */
    public CompletableFuture<Integer> matched(List<SlotMatch> matches) {
        return calls.run(() -> runner.matched(matches));
    }

    /**
     * condor_vacate_job: each running job named is evicted by its startd (SIGTERM, so a
     * self-checkpointing job may checkpoint) and goes back to Idle when the eviction is reported;
     * completes with the jobs whose startd took the request.
     */
    public CompletableFuture<List<JobId>> vacate(JobSelection jobs, QueueUser by) {
        return calls.inSteps(() -> checkpoints.vacate(jobs, by));
    }

    /**
     * Evaluates periodic_hold, periodic_release and periodic_remove of the jobs that have one
     * (every PERIODIC_EXPR_INTERVAL); completes with how many jobs the policy changed.
     */
    public CompletableFuture<Integer> evaluatePolicy() {
        return calls.<CompletableFuture<Integer>>run(policy::evaluate).thenCompose(f -> f);
    }

    /**
     * One ALIVE_INTERVAL: gives up the claims whose startd has not answered a keep-alive for
     * longer than their lease (their running jobs go back to Idle), then sends the others'
     * startds an Alive; completes with the jobs put back to Idle.
     */
    public CompletableFuture<List<JobId>> renewClaims() {
        return calls.run(leases::renew);
    }

    /** Closes an update interval: recomputes rates, republishes the statistics, compacts the journal if due. */
    public CompletableFuture<SchedulerStatistics> tick() {
        return calls.run(() -> {
            keeper.tick();
            keeper.compactIfLarge();
            return keeper.statistics();
        });
    }

    /** Writes what the journal was handed and closes it; call after the owner thread stopped. */
    public void closeJournal() {
        keeper.closeJournal();
    }

    public CompletableFuture<SchedulerStatistics> statistics() {
        return calls.run(keeper::statistics);
    }

    /** The status of a queued job, or null (for tests and the console's quick checks). */
    public CompletableFuture<JobStatus> status(JobId id) {
        return calls.run(() -> keeper.queue().status(id));
    }

    /** How many claims are held now. */
    public CompletableFuture<Integer> claimCount() {
        return calls.run(() -> runner.claims().size());
    }

    /** Kills running jobs and releases every claim; completes when the startds answered (or failed). */
    public CompletableFuture<Void> releaseClaims() {
        return calls.<CompletableFuture<Void>>run(runner::releaseAll).thenCompose(f -> f);
    }
}
