package org.harrier.scheduler;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.harrier.classad.ClassAd;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.queue.CheckpointReport;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.RunUsage;
import org.harrier.scheduler.queue.Transaction;

/**
 * What startds report about the jobs on their claims (a start, usage, a checkpoint, an exit),
 * and what file transfer asks about a job on a claim, applied to the {@link Schedd}'s queue.
 * Each report is checked against the claim's reporter in the same owner task that applies it
 * (docs/protocols.md "Authorisation"), so no other report on the claim comes between.
 *
 * <p>Threading: as {@link Schedd}'s; every method hops onto the owner thread through
 * {@link OwnerCalls} and answers once its changes are durable.
 */
public final class ClaimReports {
    private final OwnerCalls calls;
    private final QueueKeeper keeper;
    private final ClaimRunner runner;
    private final Checkpointing checkpoints;

    ClaimReports(OwnerCalls calls, QueueKeeper keeper, ClaimRunner runner, Checkpointing checkpoints) {
        this.calls = Objects.requireNonNull(calls, "calls");
        this.keeper = Objects.requireNonNull(keeper, "keeper");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
    }

    /**
     * Refuses, with {@link ScheddFailure.Refused}, a report on claim {@code claimId} from any
     * other startd user than the first to report on it; for the steps that must follow the check
     * and precede the report itself (an eviction's files).
     */
    public CompletableFuture<Void> reportedBy(String claimId, ClaimReporter by) {
        return calls.run(() -> {
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
        return calls.run(() -> {
            checkReporter(claimId, by);
            return runner.started(id, claimId, remoteHost);
        });
    }

    /** The starter's usage report for a running job, from {@code by}; false when ignored (not running on that claim). */
    public CompletableFuture<Boolean> jobUsage(JobId id, String claimId, RunUsage usage, ClaimReporter by) {
        return calls.run(() -> {
            checkReporter(claimId, by);
            return runner.usage(id, claimId, usage);
        });
    }

    /** The starter's exit report; idempotent: false when ignored. */
    public CompletableFuture<Boolean> jobExited(JobId id, String claimId, ExitReport report) {
        return jobExited(id, claimId, report, ClaimReporter.ANYONE, null);
    }

    /**
     * The same from {@code by} (refused unless it may report on the claim), saying also that job
     * {@code nextStarted} (null: none), queued on the claim, started there in the job's place
     * (docs/protocols.md, "Queued activations").
     */
    public CompletableFuture<Boolean> jobExited(JobId id, String claimId, ExitReport report, ClaimReporter by, JobId nextStarted) {
        return calls.run(() -> {
            checkReporter(claimId, by);
            return runner.exited(id, claimId, report, nextStarted);
        });
    }

    /** The starter's checkpoint report (NumCkpts, LastCkptTime, size, duration); idempotent: false when ignored. */
    public CompletableFuture<Boolean> jobCheckpointed(JobId id, String claimId, CheckpointReport report) {
        return calls.run(() -> checkpoints.checkpointed(id, claimId, report));
    }

    /**
     * The same from {@code by} (refused unless it may report on the claim), first handing job
     * {@code id}'s queued ad (null once it left the queue) to {@code files} on the owner thread,
     * so that a checkpoint that travelled over the bus is committed in the spool before the
     * report, and any exit report after it, is applied.
     */
    public CompletableFuture<Boolean> jobCheckpointed(JobId id, String claimId, CheckpointReport report, ClaimReporter by,
            Consumer<ClassAd> files) {
        return calls.run(() -> {
            checkReporter(claimId, by);
            files.accept(keeper.queue().contains(id) ? keeper.queue().ad(id) : null);
            return checkpoints.checkpointed(id, claimId, report);
        });
    }

    /**
     * The ad of job {@code id} while it is activated on claim {@code claimId} (file transfer's
     * check that a starter asks for its own job's files); {@link ScheddFailure.WrongState} when
     * the claim runs another job or none, or the scheduler does not hold it.
     */
    public CompletableFuture<ClassAd> claimedJob(JobId id, String claimId) {
        return calls.run(() -> {
            Claim c = runner.claims().get(claimId);
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
        return calls.run(() -> {
            ClassAd ad = keeper.queue().ad(id);
            if (ad == null) {
                return -1L;
            }
            long total = JobQueue.longOf(ad, attribute, 0) + bytes;
            keeper.commit(Transaction.builder().set(id, attribute, total).build());
            return total;
        });
    }
}
