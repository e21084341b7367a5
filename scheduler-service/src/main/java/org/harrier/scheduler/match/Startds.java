package org.harrier.scheduler.match;

import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.queue.JobId;

/**
 * The calls the scheduler makes on startds (docs/protocols.md, "Claiming and running"). Each
 * returns at once; the future completes on whatever thread the answer arrives, exceptionally
 * with a {@link org.harrier.scheduler.ScheddFailure} when the startd refused (e.g. ClaimRefused,
 * UnknownClaim) or with the transport's own failure when no answer came. The scheduler applies
 * every answer back on its owner thread.
 */
public interface Startds {
    /** A claim of a free slot. */
    default CompletableFuture<ClaimGrant> claim(SlotRef slot, ClassAd request) {
        return claim(slot, request, false);
    }

    /**
     * A claim; with {@code preempt}, of a slot claimed by another job: the startd then evicts
     * that job and fails the claim with Preempting instead of a grant, its resources matched
     * again later.
     */
    CompletableFuture<ClaimGrant> claim(SlotRef slot, ClassAd request, boolean preempt);

    /**
     * Runs job {@code id} on the claim. Completes with true when the job is running: the answer
     * is then its start report. False or null when the startd did not say so: a JobStarted or
     * JobExited report follows (the latter also when the job could not be started).
     */
    CompletableFuture<Boolean> activate(ClaimGrant claim, JobId id, ClassAd job);

    /** A job to queue on a claim, with the ad the startd runs. */
    record QueuedJob(JobId id, ClassAd job) {
        public QueuedJob {
            java.util.Objects.requireNonNull(id, "id");
            java.util.Objects.requireNonNull(job, "job");
        }
    }

    /**
     * The startd's answer to a queued activation: {@code firstStarted} when the claim was Idle and
     * the first job started at once (the answer is then its start report), and how many of the
     * jobs it holds queued.
     */
    record QueuedAnswer(boolean firstStarted, int queued) {
    }

    /**
     * Queues {@code jobs} on the claim behind its running job, in order (docs/protocols.md,
     * "Queued activations"): the startd answers at once, and starts each the moment the one
     * before it leaves the claim, reporting that start in the JobExited of the job before it
     * (NextStarted). On an Idle claim the first starts at once.
     */
    CompletableFuture<QueuedAnswer> activateQueued(ClaimGrant claim, java.util.List<QueuedJob> jobs);

    CompletableFuture<Void> deactivate(ClaimGrant claim, JobId id);

    /** Stops job {@code id}'s process tree on the claim (SIGSTOP); the claim and the job stay. */
    CompletableFuture<Void> suspend(ClaimGrant claim, JobId id);

    /** Lets a suspended job's process tree run again (SIGCONT). */
    CompletableFuture<Void> resume(ClaimGrant claim, JobId id);

    CompletableFuture<Void> release(ClaimGrant claim);

    /**
     * Evicts job {@code id} from the claim (condor_vacate_job): SIGTERM, SIGKILL after the kill
     * grace; the claim ends with it and a JobExited with Evicted follows. Completes once the
     * startd has begun the eviction.
     */
    CompletableFuture<Void> vacate(ClaimGrant claim, JobId id);

    /**
     * Keeps the claim alive (HTCondor's ALIVE): the startd renews its lease. Fails with
     * UnknownClaim when the startd no longer holds it, or a transport failure when it is gone.
     */
    CompletableFuture<Void> alive(ClaimGrant claim);
}
