package org.harrier.exec;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.exec.checkpoint.CheckpointStore;
import org.harrier.exec.checkpoint.CheckpointStores;
import org.harrier.exec.checkpoint.SpoolCheckpointStore;
import org.harrier.exec.starter.Cgroups;
import org.harrier.exec.starter.JobCommand;
import org.harrier.exec.starter.JobSetupException;
import org.harrier.exec.starter.ProcessOutcome;
import org.harrier.exec.starter.RunningJob;
import org.harrier.exec.starter.Starter;
import org.harrier.exec.transfer.FileTransfer;
import org.harrier.exec.transfer.Sandboxes;
import org.harrier.bus.QmfException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The execute node: claims on the partitionable slot, and jobs run on them.
 *
 * <p>Threads (docs/architecture.md): one owner thread, "harrier-startd", owns the {@link ClaimBook}, the
 * running jobs and the claims being released; every public method hands its work to it and
 * returns a future completed there. Processes are waited for on the JDK's reaper threads and
 * sampled on the starter's timer thread; their exits are handed back to the owner thread
 * before anything changes. {@link #slot()} is a volatile snapshot readable from any thread.
 *
 * <p>Claim life: {@code claim} carves a dynamic slot (Idle); {@code activate} runs a job on it
 * (Busy) and answers with its start; the job's end reports JobExited and leaves the claim Idle for
 * the next job; {@code release} returns the resources (killing a running job first, and
 * returning them once its tree is dead); {@code deactivate} kills the job but keeps the claim;
 * {@code suspend} and {@code resume} stop and continue its process tree, the claim unchanged;
 * {@code preempt} ends the claim after its job's retirement (evicting the job if it is still there).
 */
public final class Startd implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Startd.class);

    private final ExecutorService owner;
    private final ClaimBook book;
    private final Starter starter;
    private final StartdListener listener;
    private final Clock clock;
    private final Duration killGrace;
    private final Map<String, ClaimRun> running = new HashMap<>();
    private final Set<String> releasing = new HashSet<>();
    private final StartdLeases leases;
    private final CountDownLatch drained = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private boolean closing;
    private volatile PartitionableSlot published;
    private final Evictions evictions;
    private final Checkpointer checkpoints;
    private final StagedStarts staged;
    private final RunEnds ends;
    private final ClaimJobs jobs;
    private final SlotMatches matches;

    public Startd(ClaimBook book, ExecSettings.Timings timings, StartdListener listener, Clock clock) {
        this(book, timings, listener, clock, StartdLeases.CLAIM_LEASE, OwnerWatch.quiet());
    }

    /** A startd whose idle claims end after {@code claimLease} without a renewal (CLAIM_LEASE). */
    public Startd(ClaimBook book, ExecSettings.Timings timings, StartdListener listener, Clock clock, Duration claimLease) {
        this(book, timings, listener, clock, claimLease, OwnerWatch.quiet());
    }

    /** A startd with both: idle claims end after {@code claimLease}; {@code ownerWatch} applies at every poll. */
    public Startd(ClaimBook book, ExecSettings.Timings timings, StartdListener listener, Clock clock, Duration claimLease,
            OwnerWatch ownerWatch) {
        this(book, timings, listener, clock, claimLease, ownerWatch, Cgroups.none("not asked for"), new SpoolCheckpointStore(), null);
    }

    /**
     * All parts: {@code cgroups} for jobs' own cgroups, {@code checkpointStore} for self-checkpointing
     * jobs, {@code sandboxes} for jobs whose files travel (null: every job runs in its Iwd).
     */
    public Startd(ClaimBook book, ExecSettings.Timings timings, StartdListener listener, Clock clock, Duration claimLease,
            OwnerWatch ownerWatch, Cgroups cgroups, CheckpointStore checkpointStore, Sandboxes sandboxes) {
        this.leases = new StartdLeases(claimLease);
        this.book = Objects.requireNonNull(book, "book");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.killGrace = timings.killGrace();
        this.starter = new Starter(timings.killGrace(), timings.usageInterval(), cgroups);
        this.published = book.slot();
        this.owner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "harrier-startd");
            t.setDaemon(true);
            return t;
        });
        this.evictions = new Evictions(book, running, releasing, Objects.requireNonNull(ownerWatch, "ownerWatch"),
                this::publish, clock, owner);
        this.checkpoints = new Checkpointer(
                // The spool copy for jobs in their Iwd with the spool here; with file transfer, the bus for the others.
                new CheckpointStores(Objects.requireNonNull(checkpointStore, "checkpointStore"),
                        sandboxes == null ? null : sandboxes.transfer()), this::sandboxOf,
                new Checkpointer.Claims(book, running, releasing, starter, listener, owner),
                this::finished, () -> closing, this::publish, clock);
        this.staged = new StagedStarts(sandboxes, new StagedStarts.Parts(book, running, leases, starter, listener,
                this::publish, clock, owner), checkpoints);
        this.jobs = new ClaimJobs(book, running, releasing, staged, this::publish);
        this.ends = new RunEnds(new RunEnds.Parts(book, running, releasing, leases,
                report -> safely(() -> listener.jobExited(report)), this::publish, () -> {
                    if (closing && running.isEmpty()) {
                        drained.countDown();
                    }
                }, clock), checkpoints, staged);
        this.matches = new SlotMatches(book, evictions::ownerState, timings.matchTimeout(), clock, owner, this::publish);
    }

    /** The sandbox the claim's job runs in, null when it runs in its Iwd; owner thread. */
    private Sandboxes.Staged sandboxOf(String claimId) {
        return staged.sandbox(claimId);
    }

    /** The owner's Rank and MaxJobRetirementTime (immutable); any thread. */
    public SlotPolicy policy() {
        return book.policy();
    }

    /** The slots as last changed; any thread. */
    public PartitionableSlot slot() {
        return published;
    }

    public CompletableFuture<ClaimBook.Grant> claim(ClassAd request, String scheduler) {
        return onOwner(() -> {
            ClaimBook.Grant g = book.claim(request, scheduler, evictions.measured(), EvalContext.create(clock, clock.millis()));
            matches.claimed(scheduler);
            leases.idle(g.claimId(), now());
            publish();
            return g;
        });
    }

    /**
     * Starts job {@code jobId} on the claim. Completes with the start once the process runs, or
     * with null when it could not be started: then an exit report with the reason is on its way.
     */
    public CompletableFuture<JobStarted> activate(String claimId, String jobId, ClassAd job) {
        return onOwner(() -> {
            DynamicSlot d = jobs.activatable(claimId, jobId, job);
            RunningJob process;
            try {
                JobCommand command = Checkpointer.command(book, d, job);
                if (staged.startsLater(job, jobId)) {
                    return staged.activate(d, claimId, jobId, job, command, ends::exited);
                }
                checkpoints.restore(new FileTransfer.Endpoint(d.scheduler(), jobId, claimId), job, command.iwd(), true);
                process = starter.start(command, starter.controlsFor(job, d.name(), jobId, d.resources().memoryMiB()),
                        outcome -> owner.execute(() -> ends.exited(claimId, outcome)));
            } catch (JobSetupException e) {
                safely(() -> listener.jobExited(
                        JobExited.neverStarted(jobId, claimId, d.scheduler(), e.getMessage(), e.holdReasonCode())));
                return null;
            }
            running.put(claimId, new ClaimRun(jobId, d.scheduler(), process, job));
            leases.running(claimId, job, now());
            book.running(claimId, jobId, job, EvalContext.create(clock, clock.millis()));
            publish();
            return new JobStarted(jobId, claimId, d.scheduler(), d.name());
        });
    }

    /**
     * Kills job {@code jobId}'s tree if it runs on the claim. If it already ended this does
     * nothing: its exit report is on its way (Deactivate and a job's own end may cross).
     */
    public CompletableFuture<Void> deactivate(String claimId, String jobId) {
        return onOwner(() -> {
            jobs.deactivate(claimId, jobId);
            return null;
        });
    }

    /**
     * Stops job {@code jobId}'s process tree (SIGSTOP); the claim stays and the job keeps its
     * place. A no-op if it is stopped already. WRONG_STATE when the claim runs no such job.
     */
    public CompletableFuture<Void> suspend(String claimId, String jobId) {
        return onOwner(() -> {
            evictions.signal(jobs.runOf(claimId, jobId), true);
            evictions.stopped(claimId, true);
            return null;
        });
    }

    /** Lets a suspended job's tree run again (SIGCONT); a no-op if it is not stopped. */
    public CompletableFuture<Void> resume(String claimId, String jobId) {
        return onOwner(() -> {
            evictions.signal(jobs.runOf(claimId, jobId), false);
            evictions.stopped(claimId, false);
            return null;
        });
    }

    /** Gives the claim up; a running job is killed and the resources return when its tree is dead. */
    public CompletableFuture<Void> release(String claimId) {
        return onOwner(() -> {
            jobs.usable(claimId);
            jobs.release(claimId);
            return null;
        });
    }

    /** The scheduler keeps the claim alive (docs/protocols.md, "Claim leases"); UNKNOWN_CLAIM if it is gone. */
    public CompletableFuture<Void> alive(String claimId) {
        return onOwner(() -> {
            jobs.usable(claimId);
            leases.renewed(claimId, now());
            return null;
        });
    }

    /** Releases (as Release does) every claim nobody renewed within its lease; completes with the claims ended. */
    public CompletableFuture<List<String>> expireLeases() {
        return onOwner(() -> {
            List<String> expired = leases.expired(now(), id -> book.holds(id) && !releasing.contains(id));
            jobs.expired(expired);
            return expired;
        });
    }

    /**
     * Takes a re-detection of the machine: totals follow it, never below what claims hold; the
     * slot is re-advertised if anything changed. Completes with whether it did.
     */
    public CompletableFuture<Boolean> redetected(Machine detected) {
        return onOwner(() -> {
            boolean changed = book.resize(detected);
            if (changed) {
                publish();
            }
            return changed;
        });
    }

    /** Claims refused so far per reason; for the slot's statistics. */
    public CompletableFuture<Map<ClaimVerdict.Refusal, Long>> refusals() {
        return onOwner(book::refusals);
    }

    /** A checkpoint that did not restart its job: the job's end as any other ({@link RunEnds#finished}). */
    private void finished(String claimId, ProcessOutcome outcome) {
        ends.finished(claimId, outcome);
    }

    /** Reports each running job's usage so far to its scheduler (every STARTER_UPDATE_INTERVAL); completes with how many. */
    public CompletableFuture<Integer> reportUsage() {
        return onOwner(() -> JobUsage.report(running, releasing, u -> safely(() -> listener.jobUsage(u))));
    }

    /**
     * One look at the owner (POLLING_INTERVAL): measures the machine and applies what the owner
     * policy decides for each running job ({@link OwnerWatch}). The startd's timer calls it;
     * tests call it to drive the policy without waiting. Completes with the actions taken.
     */
    public CompletableFuture<List<OwnerWatch.Step>> poll() {
        return onOwner(() -> {
            List<OwnerWatch.Step> steps = evictions.ownerLook();
            matches.restate();
            safely(() -> listener.measured(book.slot()));
            return steps;
        });
    }

    /** The machine as last measured by {@link #poll}; any thread. */
    public Measurements measurements() {
        return evictions.measured();
    }

    /** The negotiator's match notices, and the partitionable slot's State (Owner, Unclaimed, Matched) and its times. */
    public SlotMatches matches() {
        return matches;
    }

    /**
     * A preempting Claim on dynamic slot {@code slotName} ({@link Evictions#preempt}): never granted; fails
     * with PREEMPTING once the eviction is under way, CLAIM_REFUSED when there is no claim to preempt.
     */
    public CompletableFuture<Void> preempt(String slotName) {
        return onOwner(() -> {
            evictions.preempt(slotName);
            return null;
        });
    }

    /**
     * condor_vacate_job through the claim (docs/protocols.md, "Checkpoints and vacate"): job
     * {@code jobId} is evicted as a preempted job is vacated (SIGTERM, so that a self-checkpointing
     * job may checkpoint; SIGKILL after the kill grace), the claim ends with it, and the scheduler
     * hears JobExited with Evicted. A job already being vacated or killed is left so.
     */
    public CompletableFuture<Void> vacate(String claimId, String jobId) {
        return onOwner(() -> {
            evictions.vacateNow(claimId, jobs.runOf(claimId, jobId));
            return null;
        });
    }

    /** condor_vacate of slot {@code slotName} (dynamic: its job; partitionable: all); completes with the jobs vacated. */
    public CompletableFuture<List<String>> vacateSlot(String slotName) {
        return onOwner(() -> evictions.vacateSlot(slotName));
    }

    private void publish() {
        matches.restate();
        published = book.slot();
        safely(() -> listener.slotsChanged(published));
    }

    private static void safely(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            log.warn("startd listener failed", e);
        }
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

    private <T> CompletableFuture<T> onOwner(Supplier<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        try {
            owner.execute(() -> {
                try {
                    f.complete(work.get());
                } catch (RuntimeException e) {
                    f.completeExceptionally(e);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            f.completeExceptionally(new QmfException(QmfException.EXCEPTION, "the startd is shut down"));
        }
        return f;
    }

    /**
     * Kills every running job's tree, waits (up to the kill grace and a few seconds) for their
     * exits to be reported, then stops the threads. Idempotent; not to be called on the owner
     * thread. Each job's leftovers have been sent SIGKILL by the time its exit is reported.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        CompletableFuture<Void> killing = onOwner(() -> {
            closing = true;
            List<ClaimRun> runs = new ArrayList<>(running.values());
            for (ClaimRun r : runs) {
                r.process().kill();
            }
            if (running.isEmpty()) {
                drained.countDown();
            }
            return null;
        });
        try {
            killing.get(5, TimeUnit.SECONDS);
            if (!drained.await(killGrace.toMillis() + 5000, TimeUnit.MILLISECONDS)) {
                log.warn("jobs still running {} after close killed them", killGrace.plusSeconds(5));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            log.warn("startd close did not finish cleanly", e);
        }
        owner.shutdown();
        try {
            owner.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        starter.close();
        checkpoints.close();
    }
}
