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

    /** What became of an activation queued behind a claim's running job. */
    enum QueuedStart { STARTED, NOT_STARTED, DROPPED }

    /**
     * Queues job {@code id} on the claim behind its running job (docs/protocols.md, "Queued
     * activations"): the startd starts it the moment that job ends and answers then: STARTED,
     * NOT_STARTED (a JobExited report says why), or DROPPED when it gave the activation up first
     * (its job did not end in time, or Deactivate named the queued job): nothing follows for it.
     * On an Idle claim the job starts at once.
     */
    CompletableFuture<QueuedStart> activateQueued(ClaimGrant claim, JobId id, ClassAd job);

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
