package org.harrier.exec.run;

import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.harrier.protocol.Completions;
import org.harrier.classad.ClassAd;
import org.harrier.exec.RunExited;
import org.harrier.exec.RunStarted;
import org.harrier.exec.claim.ClaimRun;
import org.harrier.exec.claim.ClaimTable;
import org.harrier.exec.claim.DynamicSlot;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.claim.ClaimTransition;
import org.harrier.exec.run.starter.JobCommand;
import org.harrier.exec.run.starter.JobSetupException;
import org.harrier.exec.run.starter.ProcessOutcome;
import org.harrier.exec.run.starter.RunningJob;
import org.harrier.exec.run.starter.Starter;
import org.harrier.exec.run.transfer.SandboxTransfer;
import org.harrier.exec.run.transfer.Sandboxes;

/**
 * Jobs starting on their claims (Activate). A job that runs in its Iwd starts at once, its
 * checkpoint (if any) restored from the spool first, and the answer is its start.
 *
 * <p>Jobs whose files travel (docs/protocols.md, "File transfer"): the activation is answered at
 * once (the job is Running while its input transfers, as under HTCondor), the inputs are fetched
 * into a sandbox (and its last checkpoint, for a self-checkpointing job), then the process starts
 * there; when it ends its outputs are sent back before the exit is reported. A job that runs in its Iwd but gets its checkpoint back over the bus (its
 * spool is not on this machine) starts the same way: answered at once, its checkpoint fetched into
 * its Iwd on a restore thread, then started there, so one big checkpoint does not stall the
 * startd's other claims (a failed restore is code 13 too, as HTCondor holds it). A failed input
 * transfer is reported as a job that never started with HTCondor's hold code 13 (TransferInputError), a failed output transfer as its exit with code
 * 12 (TransferOutputError); either way the scheduler holds the job with the reason.
 *
 * <p>Threads: the startd's owner thread calls every method and owns both maps (the stagings
 * under way and the sandboxes jobs run in; the claims are the {@link ClaimTable}'s); the sandbox
 * threads move the bytes and hand their results back to the owner thread.
 */
public final class JobStarts {
    public static final int TRANSFER_INPUT_ERROR = 13;

    /** A start whose inputs are being fetched; {@code cancelled} once Deactivate or Release came. */
    private static final class Staging {
        boolean cancelled;
    }

    private final Sandboxes sandboxes;
    private final Restore restore;
    private final OwnerThread thread;
    private final Starter starter;
    private final Clock clock;
    private final Executor owner;
    private final Map<String, Staging> staging = new HashMap<>();
    private final Map<String, Sandboxes.Staged> launched = new HashMap<>();
    /** Restores into an Iwd; a thread per restore in progress (each waits on the bus), none when idle. */
    private final ExecutorService restoring = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "harrier-restore");
        t.setDaemon(true);
        return t;
    });

    /** Restores a job's last checkpoint ({@link Checkpointer}). */
    public interface Restore {
        /** Into its sandbox or Iwd; blocking, on a sandbox or restore thread; JobSetupException when it must not start. */
        void restore(SandboxTransfer.Endpoint endpoint, ClassAd job, Path workDir, boolean runsInIwd);

        /** True when the job, in its Iwd, gets its checkpoint over the bus; owner thread, no I/O but a stat. */
        boolean restoresOverBus(ClassAd job, String jobId);
    }

    /** {@code sandboxes} null: no file transfer. */
    public JobStarts(Sandboxes sandboxes, OwnerThread thread, Starter starter, Restore restore) {
        this.sandboxes = sandboxes;
        this.restore = restore;
        this.thread = thread;
        this.starter = starter;
        this.clock = thread.clock();
        this.owner = thread.executor();
    }

    private ClaimTable table() {
        return thread.table();
    }

    public boolean transfers(ClassAd job) {
        return sandboxes != null && sandboxes.transfers(job);
    }

    /**
     * Activate of job {@code jobId} on the claim (WrongState or UnknownClaim when it cannot take
     * one). A job that runs in its Iwd starts now (its checkpoint restored from the spool first)
     * and the answer is its start; one whose files or checkpoint travel is Running at once and
     * starts once they are here. {@code exited} gets the process's end on the owner thread.
     * Null when the job could not start: its exit report with the reason is on its way.
     */
    public RunStarted activate(String claimId, String jobId, ClassAd job, BiConsumer<String, ProcessOutcome> exited) {
        Attempt a = attempt(claimId, jobId, job, exited);
        if (a.failed() != null) {
            thread.commit(table().reported(a.failed()));
        }
        return a.started();
    }

    /** What an attempt to start a job came to: its start, or the report of why it could not start (not yet sent). */
    public record Attempt(RunStarted started, RunExited failed) {
        public Attempt {
            if ((started == null) == (failed == null)) {
                throw new IllegalArgumentException("an attempt either started the job or failed with a report");
            }
        }
    }

    /**
     * As {@link #activate}, except that a job that could not start is not reported here: its
     * report is returned, for the caller to send in its order (a queued job's, after the report
     * of the job it was to follow; docs/protocols.md, "Queued activations").
     */
    public Attempt attempt(String claimId, String jobId, ClassAd job, BiConsumer<String, ProcessOutcome> exited) {
        DynamicSlot d = table().activatable(claimId, jobId, job);
        RunningJob process;
        try {
            JobCommand command = Checkpointer.command(starter, table().slot(), d, job);
            if (startsLater(job, jobId)) {
                return new Attempt(later(d, claimId, jobId, job, command, exited), null);
            }
            restore.restore(new SandboxTransfer.Endpoint(d.scheduler(), jobId, claimId), job, command.iwd(), true);
            process = starter.start(command, starter.controlsFor(job, d.name(), d.resources().memoryMiB()),
                    outcome -> owner.execute(() -> exited.accept(claimId, outcome)));
        } catch (JobSetupException e) {
            return new Attempt(null, RunExited.neverStarted(jobId, claimId, d.scheduler(), e.getMessage(), e.holdReasonCode()));
        }
        thread.commit(table().started(claimId, new ClaimRun(jobId, d.scheduler(), process, job)));
        thread.commit(table().activated(claimId, jobId, job, thread.context()));
        return new Attempt(new RunStarted(jobId, claimId, d.scheduler(), d.name()), null);
    }

    /** True when job {@code jobId} starts here rather than in Activate: its files travel, or its checkpoint does. */
    private boolean startsLater(ClassAd job, String jobId) {
        return transfers(job) || restore.restoresOverBus(job, jobId);
    }

    /**
     * Running from now on, as under HTCondor (the answer is the start report); the process starts
     * once its inputs are in its sandbox (or its checkpoint in its Iwd).
     */
    private RunStarted later(DynamicSlot d, String claimId, String jobId, ClassAd job, JobCommand command,
            BiConsumer<String, ProcessOutcome> exited) {
        ClaimTransition<Void> activated = table().activated(claimId, jobId, job, thread.context());
        begin(claimId, jobId, d.scheduler(), job, command, exited);
        thread.commit(activated);
        return new RunStarted(jobId, claimId, d.scheduler(), d.name());
    }

    private void begin(String claimId, String jobId, String scheduler, ClassAd job, JobCommand command,
            BiConsumer<String, ProcessOutcome> exited) {
        Staging s = new Staging();
        staging.put(claimId, s);
        SandboxTransfer.Endpoint endpoint = new SandboxTransfer.Endpoint(scheduler, jobId, claimId);
        boolean inIwd = !transfers(job);
        // In its Iwd nothing is staged but the checkpoint: "staged" is null, and the job runs as Activate runs it.
        CompletableFuture<Sandboxes.Staged> in = inIwd ? CompletableFuture.supplyAsync(() -> {
            restore.restore(endpoint, job, command.iwd(), true);
            return null;
        }, restoring) : sandboxes.stageIn(endpoint, job, command, dir -> restore.restore(endpoint, job, dir, false));
        in.whenCompleteAsync((staged, failure) -> {
            staging.remove(claimId);
            if (failure != null) {
                // A checkpoint that must come back and cannot is the restore's hold code (13, as HTCondor's).
                int code = Completions.cause(failure) instanceof JobSetupException j ? j.holdReasonCode() : TRANSFER_INPUT_ERROR;
                neverStarted(claimId, jobId, scheduler, s.cancelled ? "cancelled while its input was transferred"
                        : cause(failure), code);
            } else if (s.cancelled || !table().holds(claimId)) {
                discard(staged);
                neverStarted(claimId, jobId, scheduler, "cancelled while its input was transferred", TRANSFER_INPUT_ERROR);
            } else if (staged == null) {
                launch(claimId, jobId, scheduler, command, job, null, exited);
            } else {
                launch(claimId, jobId, scheduler, staged.command(), staged.job(), staged, exited);
            }
        }, owner);
    }

    /** Starts the job in its sandbox ({@code staged}), or in its Iwd when {@code staged} is null. */
    private void launch(String claimId, String jobId, String scheduler, JobCommand command, ClassAd job,
            Sandboxes.Staged staged, BiConsumer<String, ProcessOutcome> exited) {
        RunningJob process;
        try {
            DynamicSlot d = table().claimed(claimId);
            process = starter.start(command, starter.controlsFor(job, d.name(), d.resources().memoryMiB()),
                    outcome -> owner.execute(() -> exited.accept(claimId, outcome)));
        } catch (JobSetupException e) {
            discard(staged);
            neverStarted(claimId, jobId, scheduler, e.getMessage(), e.holdReasonCode());
            return;
        }
        if (staged != null) {
            launched.put(claimId, staged);
        }
        thread.commit(table().started(claimId, new ClaimRun(jobId, scheduler, process, job)));
    }

    /** Removes a sandbox made for nothing; an Iwd (no sandbox) stays. */
    private void discard(Sandboxes.Staged staged) {
        if (staged != null) {
            sandboxes.discard(staged);
        }
    }

    /** The start failed or was cancelled: the claim (if still held) is idle again, and the scheduler hears why. */
    private void neverStarted(String claimId, String jobId, String scheduler, String reason, int code) {
        thread.commit(table().neverStarted(claimId, RunExited.neverStarted(jobId, claimId, scheduler, reason, code),
                clock.instant().getEpochSecond()));
    }

    /** The sandbox the claim's job runs in, null when none (it runs in its Iwd, or has not started). */
    public Sandboxes.Staged sandbox(String claimId) {
        return launched.get(claimId);
    }

    /** Deactivate, Release or close came while the claim's inputs are fetched: the job will not start. */
    public boolean cancel(String claimId) {
        Staging s = staging.get(claimId);
        if (s != null) {
            s.cancelled = true;
        }
        return s != null;
    }

    /**
     * If the ended job ran in a sandbox, sends its outputs (not after an eviction unless
     * ON_EXIT_OR_EVICT), removes the sandbox, and then passes null or the failure to
     * {@code then} on the owner thread; false when it did not (nothing to send).
     */
    public boolean stageOut(String claimId, Consumer<String> then) {
        Sandboxes.Staged staged = launched.remove(claimId);
        if (staged == null) {
            return false;
        }
        boolean evicted = ClaimTable.evicted(table().claimed(claimId).claim().eviction());
        sandboxes.stageOut(staged, evicted).whenCompleteAsync((reason, failure) ->
                then.accept(failure != null ? cause(failure) : reason), owner);
        return true;
    }

    private static String cause(Throwable t) {
        Throwable c = Completions.cause(t);
        return c.getMessage() == null ? c.toString() : c.getMessage();
    }
}
