package org.harrier.exec.run;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.exec.RunCheckpointed;
import org.harrier.exec.RunExited;
import org.harrier.exec.StartdListener;
import org.harrier.exec.run.checkpoint.CheckpointException;
import org.harrier.exec.run.checkpoint.CheckpointFiles;
import org.harrier.exec.run.checkpoint.CheckpointPlan;
import org.harrier.exec.run.checkpoint.CheckpointSaved;
import org.harrier.exec.run.checkpoint.CheckpointStore;
import org.harrier.exec.run.checkpoint.CheckpointStores;
import org.harrier.exec.claim.ClaimRun;
import org.harrier.exec.claim.ClaimTable;
import org.harrier.exec.claim.DynamicSlot;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.run.starter.JobCommand;
import org.harrier.exec.run.starter.JobSetupException;
import org.harrier.exec.run.starter.ProcessOutcome;
import org.harrier.exec.run.starter.RunningJob;
import org.harrier.exec.run.starter.Starter;
import org.harrier.exec.run.transfer.SandboxTransfer;
import org.harrier.exec.run.transfer.Sandboxes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The starter's part of self-checkpointing (docs/protocols.md, "Checkpoints and vacate"): a
 * job that exits with its CheckpointExitCode has its checkpoint saved through the
 * {@link CheckpointStore} (on the "harrier-checkpoint" thread, so a large copy does not hold
 * up the startd), and a job that starts after an eviction gets its last checkpoint back in its
 * working directory first. The working directory is the job's Iwd, or its sandbox when its
 * files travel; {@link CheckpointStores} picks the spool copy or the bus per job.
 *
 * <p>Threads: everything but the copy runs on the startd's owner thread, asking and changing the
 * {@link ClaimTable} there only; a save copies on the checkpoint thread and hands its
 * result back to the owner thread. No mutable state of its own.
 */
public final class Checkpointer implements AutoCloseable, JobStarts.Restore {
    /** The startd's parts a restart uses, all on its owner thread; {@code closing}: the startd is shutting down. */
    public record Claims(OwnerThread thread, Starter starter, StartdListener listener, BooleanSupplier closing) {
        public ClaimTable table() {
            return thread.table();
        }

        public Executor owner() {
            return thread.executor();
        }
    }

    /** The sandbox a claim's job runs in, or null when it runs in its Iwd; read on the owner thread. */
    @FunctionalInterface
    public interface SandboxOf {
        Sandboxes.Staged of(String claimId);
    }

    private static final Logger log = LoggerFactory.getLogger(Checkpointer.class);
    /** HTCondor's HoldReasonCode 13, TransferInputError: the job cannot start without its checkpoint. */
    public static final int HOLD_RESTORE_FAILED = 13;

    private final CheckpointStores stores;
    private final SandboxOf sandboxes;
    private final Claims claims;
    private final BiConsumer<String, ProcessOutcome> ended;
    private final Clock clock;
    private final ExecutorService saver = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "harrier-checkpoint");
        t.setDaemon(true);
        return t;
    });

    public Checkpointer(CheckpointStores stores, SandboxOf sandboxes, Claims claims, BiConsumer<String, ProcessOutcome> ended) {
        this.stores = stores;
        this.sandboxes = sandboxes;
        this.claims = claims;
        this.ended = ended;
        this.clock = claims.thread().clock();
    }

    /** What job {@code job} runs, and as whom, on dynamic slot {@code d} ({@link Starter#command}). */
    public static JobCommand command(Starter starter, PartitionableSlot slot, DynamicSlot d, ClassAd job) {
        return starter.command(job, SlotEnvironment.of(d, slot.assigned(d.name())));
    }

    /**
     * The claim's job ended with {@code outcome}: if that asks for a checkpoint, saves it (the job
     * stays the claim's run in the table meanwhile, so a Deactivate, Release or eviction still finds it)
     * and returns true: {@link #checkpointed} carries on. False: an ordinary end.
     */
    public boolean takes(String claimId, ProcessOutcome outcome) {
        ClaimRun run = claims.table().run(claimId);
        if (run == null || !wants(run, outcome)) {
            return false;
        }
        save(claimId, run).whenComplete((saved, failure) ->
                claims.owner().execute(() -> checkpointed(claimId, run, outcome, saved, failure)));
        return true;
    }

    /**
     * A save finished (or failed, which is logged: the job goes on from its own files). The
     * scheduler hears of a saved checkpoint; then the job starts again at once on the same claim,
     * as HTCondor's starter restarts it, unless it is wanted gone meanwhile (killed, released,
     * evicted, the startd closing): then its end is reported as any other, and an evicted job
     * resumes from this checkpoint wherever it runs next.
     */
    private void checkpointed(String claimId, ClaimRun run, ProcessOutcome outcome, CheckpointSaved saved,
            Throwable failure) {
        if (failure != null) {
            Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
            log.warn("job {}: checkpoint not saved: {}", run.jobId(), cause.getMessage());
        }
        ClaimRun current = run;
        if (saved != null) {
            current = new ClaimRun(run.jobId(), run.scheduler(), run.process(), counted(run.job(), saved), run.earlier());
            claims.thread().commit(claims.table().checkpointed(claimId, run, current));
            RunCheckpointed report = RunCheckpointed.of(run, claimId, saved);
            log.info("job {}: checkpoint {} saved ({} files, {} bytes, {} s)", run.jobId(), saved.number(),
                    saved.files(), saved.bytes(), saved.seconds());
            safely(() -> claims.listener().jobCheckpointed(report));
        }
        if (!claims.closing().getAsBoolean() && claims.table().stays(claimId, current)) {
            restart(claimId, current, outcome);
        } else {
            ended.accept(claimId, outcome);
        }
    }

    private void restart(String claimId, ClaimRun run, ProcessOutcome last) {
        try {
            // A job in a sandbox starts again there, as the sandbox runs it.
            Sandboxes.Staged sandbox = sandboxes.of(claimId);
            DynamicSlot d = claims.table().claimed(claimId);
            JobCommand command = sandbox != null ? sandbox.command() : command(claims.starter(), claims.table().slot(), d, run.job());
            RunningJob process = claims.starter().restart(command,
                    claims.starter().controlsFor(run.job(), d.name(), d.resources().memoryMiB()),
                    o -> claims.owner().execute(() -> {
                        if (!takes(claimId, o)) {
                            ended.accept(claimId, o);
                        }
                    }));
            claims.thread().commit(claims.table().restarted(claimId,
                    new ClaimRun(run.jobId(), run.scheduler(), process, run.job(), run.earlier().plus(last))));
        } catch (JobSetupException e) {
            claims.thread().commit(claims.table().restartFailed(claimId, RunExited.neverStarted(run.jobId(), claimId,
                    run.scheduler(), "restart after a checkpoint failed: " + e.getMessage(), e.holdReasonCode()),
                    clock.instant().getEpochSecond()));
        }
    }

    private static void safely(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            log.warn("startd listener failed", e);
        }
    }

    /**
     * Before job {@code endpoint.jobId()} starts: puts its last checkpoint (if the store has one)
     * into {@code workDir}, its Iwd ({@code runsInIwd}) or its sandbox. A job whose scheduler counts
     * a checkpoint (NumCkpts) that cannot be restored does not start: it is a JobSetupException
     * with HoldReasonCode 13, as HTCondor holds a job whose input transfer failed. Blocks for the
     * copy: the startd calls it for a job in its Iwd, the sandbox thread for one in a sandbox.
     */
    @Override
    public void restore(SandboxTransfer.Endpoint endpoint, ClassAd job, Path workDir, boolean runsInIwd) {
        String jobId = endpoint.jobId();
        Optional<CheckpointPlan> plan = plan(jobId, job);
        if (!restores(plan)) {
            return;
        }
        try {
            // Also when NumCkpts is 0: the report of a checkpoint saved just before an eviction may not have been applied yet.
            long bytes = stores.of(plan.get(), runsInIwd, endpoint).restore(plan.get(), workDir);
            if (bytes > 0) {
                log.info("job {}: last checkpoint restored into {} ({} bytes)", jobId, workDir, bytes);
            }
        } catch (CheckpointException e) {
            if (plan.get().saved() > 0) {
                throw new JobSetupException(HOLD_RESTORE_FAILED, e.getMessage());
            }
            // No checkpoint known to the scheduler: nothing lost by starting afresh.
            log.debug("job {}: no checkpoint restored: {}", jobId, e.getMessage());
        }
    }

    /**
     * True when job {@code job}, running in its Iwd, would get its checkpoint back over the bus
     * (its spool is not on this machine): GetCheckpoint and CheckpointIn transfers, which take as
     * long as the checkpoint is big, so the startd restores it off its owner thread ({@link JobStarts}).
     * The spool copy (a shared file system) stays where it was, in Activate.
     */
    @Override
    public boolean restoresOverBus(ClassAd job, String jobId) {
        Optional<CheckpointPlan> plan = plan(jobId, job);
        return restores(plan) && stores.routeOf(plan.get(), true) == CheckpointStores.Route.BUS;
    }

    /** Whether a restore is tried: the job checkpoints, and has a checkpoint counted or a spool to look in. */
    private static boolean restores(Optional<CheckpointPlan> plan) {
        return plan.isPresent() && !(plan.get().spool() == null && plan.get().saved() == 0);
    }

    /** True when {@code outcome} is the job asking for a checkpoint (it exited with its CheckpointExitCode). */
    public boolean wants(ClaimRun run, ProcessOutcome outcome) {
        try {
            return plan(run.jobId(), run.job()).map(p -> p.isCheckpoint(outcome.exitBySignal(), outcome.exitCode()))
                    .orElse(false);
        } catch (JobSetupException e) {
            return false;
        }
    }

    /**
     * Saves the checkpoint of {@code run}'s job; completes on the checkpoint thread with what
     * was saved, or exceptionally with a CheckpointException.
     */
    public CompletableFuture<CheckpointSaved> save(String claimId, ClaimRun run) {
        CheckpointPlan plan = plan(run.jobId(), run.job()).orElseThrow();
        Sandboxes.Staged sandbox = sandboxes.of(claimId);
        JobCommand command = sandbox != null ? sandbox.command() : JobCommand.from(run.job(), java.util.Map.of());
        CheckpointStore store = stores.of(plan, sandbox == null, new SandboxTransfer.Endpoint(run.scheduler(), run.jobId(), claimId));
        return CompletableFuture.supplyAsync(() -> store.save(plan, command.iwd(),
                CheckpointFiles.select(plan, command.iwd(), excluded(run.job(), command))), saver);
    }

    /** The job ad the restarted process runs with: NumCkpts counts the checkpoint just saved. */
    public static ClassAd counted(ClassAd job, CheckpointSaved saved) {
        return job.with(CheckpointPlan.NUM_CKPTS, IntegerValue.of(saved.number()));
    }

    /** What the default checkpoint leaves out: what the job did not write for itself. */
    private static List<java.nio.file.Path> excluded(ClassAd job, JobCommand c) {
        List<java.nio.file.Path> out = new ArrayList<>(List.of(c.executable(), c.stdin(), c.stdout(), c.stderr()));
        if (job.evaluate("UserLog") instanceof StringValue s && !s.value().isEmpty()) {
            out.add(c.iwd().resolve(s.value()));
        }
        return out;
    }

    private static Optional<CheckpointPlan> plan(String jobId, ClassAd job) {
        try {
            return CheckpointPlan.of(jobId, job);
        } catch (IllegalArgumentException e) {
            throw new JobSetupException(JobSetupException.FAILED_TO_CREATE_PROCESS, e.getMessage());
        }
    }

    @Override
    public void close() {
        saver.shutdownNow();
    }
}
