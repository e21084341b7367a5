package org.harrier.exec;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.harrier.classad.ClassAd;
import org.harrier.exec.run.checkpoint.CheckpointStores;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimRun;
import org.harrier.exec.claim.ClaimTable;
import org.harrier.exec.claim.ClaimVerdict;
import org.harrier.exec.claim.Effect;
import org.harrier.exec.claim.Evictions;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.claim.OwnerWatch;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.SlotMatches;
import org.harrier.exec.claim.SlotPolicy;
import org.harrier.exec.claim.StartdLeases;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.exec.run.Checkpointer;
import org.harrier.exec.run.RunEnds;
import org.harrier.exec.run.JobStarts;
import org.harrier.exec.run.QueuedActivations;
import org.harrier.exec.run.starter.ProcessOutcome;
import org.harrier.exec.run.starter.Starter;
import org.harrier.exec.run.transfer.Sandboxes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The execute node: claims on the partitionable slot, and jobs run on them.
 *
 * <p>Threads (docs/architecture.md): one owner thread, "harrier-startd", holds the current
 * {@link ClaimTable} (the claims, their running jobs, the claims being released, their leases) in
 * its {@link OwnerThread} and applies the effects of the transitions it commits; every public
 * method hands its work to it and returns a future completed there. Processes are waited for on the JDK's reaper threads and
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
    private final OwnerThread thread;
    private final SlotPolicy policy;
    private final Starter starter;
    private final StartdListener listener;
    private final Clock clock;
    private final Duration killGrace;
    private final CountDownLatch drained = new CountDownLatch(1);
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private boolean closing;
    private volatile PartitionableSlot published;
    private final Evictions evictions;
    private final Checkpointer checkpoints;
    private final JobStarts staged;
    private final RunEnds ends;
    private final QueuedActivations queued;
    private final SlotMatches matches;

    /** A startd made of {@code settings}, reporting to {@code listener}; its owner thread starts now. */
    public Startd(StartdSettings settings, StartdListener listener) {
        StartdTimings timings = settings.timings();
        ClaimBook book = new ClaimBook(settings.slot(), settings.claimIds(), settings.policy());
        Clock clock = settings.clock();
        Sandboxes sandboxes = settings.sandboxes();
        this.policy = settings.policy();
        this.listener = Objects.requireNonNull(listener, "listener");
        this.clock = clock;
        this.killGrace = timings.killGrace();
        this.starter = new Starter(timings.killGrace(), timings.usageInterval(), settings.cgroups(), settings.accounts());
        this.published = book.slot();
        this.owner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "harrier-startd");
            t.setDaemon(true);
            return t;
        });
        this.thread = new OwnerThread(ClaimTable.of(book, new StartdLeases(settings.claimLease())), this::apply, clock,
                owner);
        this.evictions = new Evictions(thread, settings.ownerWatch());
        this.checkpoints = new Checkpointer(
                // The spool copy for jobs in their Iwd with the spool here; with file transfer, the bus for the others.
                new CheckpointStores(settings.checkpointStore(),
                        sandboxes == null ? null : sandboxes.transfer()), this::sandboxOf,
                new Checkpointer.Claims(thread, starter, listener, () -> closing), this::finished);
        this.staged = new JobStarts(sandboxes, thread, starter, checkpoints);
        this.queued = new QueuedActivations(thread, staged, this::processEnded);
        this.ends = new RunEnds(thread, claimId -> {
            if (closing && table().noRuns()) {
                drained.countDown();
            }
        }, checkpoints, staged);
        this.matches = new SlotMatches(thread, evictions::ownerState, timings.matchTimeout(), this::publish);
    }

    /** The sandbox the claim's job runs in, null when it runs in its Iwd; owner thread. */
    private Sandboxes.Staged sandboxOf(String claimId) {
        return staged.sandbox(claimId);
    }

    /** The owner's Rank and MaxJobRetirementTime (immutable); any thread. */
    public SlotPolicy policy() {
        return policy;
    }

    /** The slots as last changed; any thread. */
    public PartitionableSlot slot() {
        return published;
    }

    public CompletableFuture<ClaimBook.Grant> claim(ClassAd request, String scheduler) {
        return onOwner(() -> {
            ClaimBook.Grant granted = thread.commit(table().claim(request, scheduler, evictions.measured(),
                    thread.context()));
            matches.claimed(scheduler);
            return granted;
        });
    }

    /**
     * Starts job {@code jobId} on the claim. Completes with the start once the process runs, or
     * with null when it could not be started: then an exit report with the reason is on its way.
     */
    public CompletableFuture<RunStarted> activate(String claimId, String jobId, ClassAd job) {
        return onOwner(() -> staged.activate(claimId, jobId, job, ends::exited));
    }

    /**
     * Queues {@code jobs} behind the claim's running job, each to start the moment the one before
     * it leaves the claim; on an Idle claim the first starts now ({@link QueuedActivations#activate}).
     */
    public CompletableFuture<QueuedActivations.Outcome> activateQueued(String claimId, List<QueuedActivations.Job> jobs) {
        return onOwner(() -> queued.activate(claimId, jobs, this::reportExit));
    }

    /**
     * Kills job {@code jobId}'s tree if it runs on the claim. If it already ended this does
     * nothing: its exit report is on its way (Deactivate and a job's own end may cross). A job
     * queued on the claim is dropped from the queue.
     */
    public CompletableFuture<Void> deactivate(String claimId, String jobId) {
        return onOwner(() -> {
            if (queued.drop(claimId, jobId)) {
                return null;
            }
            thread.commit(table().deactivate(claimId, jobId));
            return null;
        });
    }

    /**
     * Stops job {@code jobId}'s process tree (SIGSTOP); the claim stays and the job keeps its
     * place. A no-op if it is stopped already. WrongState when the claim runs no such job.
     */
    public CompletableFuture<Void> suspend(String claimId, String jobId) {
        return onOwner(() -> {
            evictions.signal(table().runOf(claimId, jobId), true);
            evictions.stopped(claimId, true);
            return null;
        });
    }

    /** Lets a suspended job's tree run again (SIGCONT); a no-op if it is not stopped. */
    public CompletableFuture<Void> resume(String claimId, String jobId) {
        return onOwner(() -> {
            evictions.signal(table().runOf(claimId, jobId), false);
            evictions.stopped(claimId, false);
            return null;
        });
    }

    /** Gives the claim up; a running job is killed and the resources return when its tree is dead. */
    public CompletableFuture<Void> release(String claimId) {
        return onOwner(() -> {
            thread.commit(table().release(claimId));
            return null;
        });
    }

    /** The scheduler keeps the claim alive (docs/protocols.md, "Claim leases"); UnknownClaim if it is gone. */
    public CompletableFuture<Void> alive(String claimId) {
        return onOwner(() -> {
            thread.commit(table().renewed(claimId, now()));
            return null;
        });
    }

    /** Releases (as Release does) every claim nobody renewed within its lease; completes with the claims ended. */
    public CompletableFuture<List<String>> expireLeases() {
        return onOwner(() -> {
            List<String> expired = table().expired(now());
            for (String claimId : expired) {
                log.warn("claim on {} not renewed within its lease: releasing it", table().claimed(claimId).name());
                thread.commit(table().release(claimId));
            }
            return expired;
        });
    }

    /**
     * Takes a re-detection of the machine: totals follow it, never below what claims hold; the
     * slot is re-advertised if anything changed. Completes with whether it did.
     */
    public CompletableFuture<Boolean> redetected(Machine detected) {
        return onOwner(() -> {
            return thread.commit(table().resized(detected));
        });
    }

    /** Claims refused so far per reason; for the slot's statistics. */
    public CompletableFuture<Map<ClaimVerdict.Refusal, Long>> refusals() {
        return onOwner(() -> table().refusals());
    }

    /** A queued job's process ended: its end is any job's ({@link RunEnds#exited}). */
    private void processEnded(String claimId, ProcessOutcome outcome) {
        ends.exited(claimId, outcome);
    }

    /** A checkpoint that did not restart its job: the job's end as any other ({@link RunEnds#finished}). */
    private void finished(String claimId, ProcessOutcome outcome) {
        ends.finished(claimId, outcome);
    }

    /** Reports each running job's usage so far to its scheduler (every STARTER_UPDATE_INTERVAL); completes with how many. */
    public CompletableFuture<Integer> reportUsage() {
        return onOwner(() -> RunProgress.report(table().activeRuns(), u -> safely(() -> listener.jobUsage(u))));
    }

    /**
     * One look at the owner (POLLING_INTERVAL): measures the machine and applies what the owner
     * policy decides for each running job ({@link OwnerWatch}). The startd's timer calls it;
     * tests call it to drive the policy without waiting. Completes with the actions taken.
     */
    public CompletableFuture<List<OwnerWatch.Step>> poll() {
        return onOwner(() -> {
            List<OwnerWatch.Step> steps = evictions.ownerLook();
            thread.publishPending(); // the measurements below refresh the slot objects without publishing them
            matches.restate();
            safely(() -> listener.measured(table().slot()));
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
     * with Preempting once the eviction is under way, ClaimRefused when there is no claim to preempt.
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
            evictions.vacateNow(claimId, table().runOf(claimId, jobId));
            return null;
        });
    }

    /** condor_vacate of slot {@code slotName} (dynamic: its job; partitionable: all); completes with the jobs vacated. */
    public CompletableFuture<List<String>> vacateSlot(String slotName) {
        return onOwner(() -> evictions.vacateSlot(slotName));
    }

    /** The claim table as it is now; owner thread. */
    private ClaimTable table() {
        return thread.table();
    }

    /**
     * Does what the claim table asked for, in its order; owner thread ({@link OwnerThread#commit},
     * which holds a burst's Publish effects back and asks for one at its end).
     */
    private void apply(List<Effect> effects) {
        for (Effect e : effects) {
            if (e instanceof Effect.Publish) {
                publish();
            } else if (e instanceof Effect.Kill k) {
                k.process().kill();
            } else if (e instanceof Effect.CancelStaging c) {
                staged.cancel(c.claimId());
            } else if (e instanceof Effect.ReportExit r) {
                // A job left its claim: a job queued there starts now, and the report says so.
                for (RunExited report : queued.left(r.report(), closing)) {
                    reportExit(report);
                }
            }
        }
    }

    /** The slots are published first: a scheduler that hears of the exit finds the slot as it is now. */
    private void reportExit(RunExited report) {
        thread.publishPending();
        safely(() -> listener.jobExited(report));
    }

    private void publish() {
        matches.restate();
        published = table().slot();
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
        return thread.call(work);
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
            queued.closeAll();
            for (ClaimRun r : table().runs()) {
                r.process().kill();
            }
            if (table().noRuns()) {
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
