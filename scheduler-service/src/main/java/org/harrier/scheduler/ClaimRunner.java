package org.harrier.scheduler;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.match.Autocluster;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.ClaimStep;
import org.harrier.scheduler.match.Claims;
import org.harrier.scheduler.match.AutoclusterKey;
import org.harrier.scheduler.match.SlotMatch;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.queue.Transition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shadow's part of the schedd: claims matched slots, activates idle jobs on them, applies
 * the starter's reports, and reuses each claim for the next idle job of its autocluster before
 * releasing it (docs/protocols.md, "Claiming and running"). A claim that runs short jobs gets
 * its next job queued on the startd while the current one runs ({@link QueuedJobs}).
 *
 * <p>Owner thread: every method runs on the scheduler's owner executor; calls to startds return
 * futures whose results are applied back on it ({@code *Async(..., owner)}).
 */
final class ClaimRunner implements Activations.Answers {
    private static final Logger LOG = LoggerFactory.getLogger(ClaimRunner.class);

    private final Claims claims = new Claims();
    private final QueueKeeper keeper;
    private final Startds startds;
    private final Executor owner;
    private final Activations activations;
    private final QueuedJobs queued;

    ClaimRunner(QueueKeeper keeper, Startds startds, Executor owner) {
        this.keeper = keeper;
        this.startds = startds;
        this.owner = owner;
        this.activations = new Activations(keeper, startds, owner, this);
        this.queued = new QueuedJobs(keeper, claims, activations, startds, owner);
    }

    Claims claims() {
        return claims;
    }

    boolean onClaim(JobId id) {
        return claims.of(id) != null;
    }

    /** Seeks a claim for each match whose request still has an idle job not spoken for; returns how many. */
    int matched(List<SlotMatch> matches) {
        int sought = 0;
        for (SlotMatch m : matches) {
            Autocluster ac = keeper.idle().seekClaim(m.requestId());
            if (ac == null) {
                LOG.debug("match of request {} with {} ignored: no idle job left for it", m.requestId(), m.slot());
                continue;
            }
            AutoclusterKey key = ac.key();
            ClassAd request = JobIdentity.literal(keeper.queue().ad(keeper.idle().next(key)));
            startds.claim(m.slot(), request, m.preempt())
                    .whenCompleteAsync((grant, failure) -> claimed(key, m, grant, failure), owner);
            sought++;
        }
        return sought;
    }

    /**
     * A preempting claim is answered Preempting, as expected: the startd evicts the slot's job and
     * the freed resources are matched in a later cycle; the request's jobs stay idle meanwhile.
     */
    private void claimed(AutoclusterKey key, SlotMatch match, ClaimGrant grant, Throwable failure) {
        keeper.idle().claimAnswered(key);
        if (failure != null) {
            if (Completions.cause(failure) instanceof ScheddFailure.Preempting p) {
                LOG.debug("{} is being preempted for {}'s jobs: {}", match.slot(), key.owner(), p.getMessage());
            } else {
                LOG.info("claim of {} for {} jobs refused: {}", match.slot(), key.owner(), Completions.message(failure));
            }
            return;
        }
        Claim c = claims.add(grant, key);
        c.renewed(keeper.now());
        free(c);
    }

    /** A claim with nothing to do runs its queued job (on the startd already), else the next job of its autocluster, or is released. */
    private void free(Claim c) {
        if (c.isDisowned()) {
            release(c); // the startd said it no longer holds it
            return;
        }
        if (c.next() != null) {
            String startedOn = queued.promote(c);
            if (startedOn != null) {
                started(c.job(), c.id(), startedOn);
            }
            return;
        }
        ClaimStep step = ClaimStep.after(c, keeper.idle());
        if (step instanceof ClaimStep.Run run) {
            activate(c, run.job());
        } else {
            release(c);
        }
    }

    /** Hands {@code job} to {@code c}; the Activate goes out once the claim is recorded on disk ({@link Activations}). */
    private void activate(Claim c, JobId job) {
        keeper.idle().remove(job);
        claims.run(c, job);
        activations.add(c, job);
    }

    /** After a restart: sends again the unconfirmed Activate of {@code c}'s job (the keep-alive round). */
    void reactivate(Claim c) {
        activations.resend(c);
    }

    /** After a restart: sends again the unanswered Activate of the job queued on {@code c} (the keep-alive round). */
    void requeue(Claim c) {
        activations.resendQueued(c);
    }

    /**
     * What the startd did with {@code jobs} queued on claim {@code c} ({@link QueuedJobs#answered}). A first job
     * promoted already (the running job's exit came first) that the startd refused is a failed activation.
     */
    @Override
    public void queuedAnswered(Claim c, List<JobId> jobs, Startds.QueuedAnswer answer, Throwable failure) {
        if (queued.answered(c, jobs, answer, failure)) {
            started(jobs.get(0), c.id(), c.grant().slotName());
        } else if (failure != null && Completions.cause(failure) instanceof ScheddFailure) {
            activated(c, jobs.get(0), false, failure);
        }
    }

    /**
     * An activation the startd answered with Started is the job's start report (saving a
     * JobStarted call per job). If the exit report overtook the answer, the start is already
     * recorded and this changes nothing.
     *
     * <p>A failed activation of a job that has not started loses the claim. A startd that refused
     * the job itself (an Invalid ad, Unavailable: it could not start it) would refuse it again, so
     * the job is held with the reason; a lost or busy claim ({@link #isClaimTrouble}) or no answer
     * puts it back to idle for another match.
     */
    @Override
    public void activated(Claim c, JobId job, boolean started, Throwable failure) {
        if (failure == null && started) {
            started(job, c.grant().claimId(), c.grant().slotName());
        }
        if (failure == null || !job.equals(c.job())) {
            return;
        }
        JobStatus status = keeper.queue().status(job);
        if (status != JobStatus.IDLE) {
            LOG.warn("activation of job {} on {} reported failure after the job started: {}", job, c, Completions.message(failure));
            return;
        }
        release(c); // the claim failed: the startd is told in case it still holds it
        Throwable cause = Completions.cause(failure);
        if (cause instanceof ScheddFailure refusal && !isClaimTrouble(refusal)) {
            ClassAd ad = keeper.queue().ad(job);
            keeper.commit(ClaimRecord.withoutPending(Transition.held(job, ad, "activation failed: " + refusal.getMessage(),
                    Transition.HOLD_FAILED_TO_START, keeper.now()), job, ad), this::onClaim);
        } else {
            queued.forgetPending(job); // the claim never ran it: its record goes (the job never left Idle)
            if (cause instanceof ScheddFailure.UnknownClaim) {
                // Expected after a preempted claim's job finished within its retirement: the claim ended with it.
                LOG.info("claim {} is gone (preempted or released); job {} goes back to idle: {}", c, job, Completions.message(failure));
            } else {
                LOG.warn("activation of job {} on {} failed, job goes back to idle: {}", job, c, Completions.message(failure));
            }
            keeper.reindex(job);
        }
    }

    /** A startd's answer that says the claim is gone or busy, not that the job is bad. */
    private static boolean isClaimTrouble(ScheddFailure refusal) {
        return refusal instanceof ScheddFailure.UnknownSlot || refusal instanceof ScheddFailure.UnknownClaim
                || refusal instanceof ScheddFailure.WrongState || refusal instanceof ScheddFailure.ClaimRefused;
    }

    /**
     * Applies a start report; false (and nothing changes) unless {@code id} is this claim's job
     * and not yet running. The start of a claim's queued job waits for its running job's exit.
     * A claim that runs short jobs then queues its next one ({@link QueuedJobs#queueNext}).
     */
    @Override
    public boolean started(JobId id, String claimId, String remoteHost) {
        Claim c = claims.get(claimId);
        if (c != null && c.isQueued(id) && keeper.queue().status(id) == JobStatus.IDLE) {
            c.nextStarted(id, remoteHost); // applied once the jobs ahead of it ended here (free)
            return true;
        }
        if (!recordStart(c, id, remoteHost)) {
            return false;
        }
        queued.queueNext(c);
        return true;
    }

    /** Records the start of claim {@code c}'s job {@code id}; false unless it is the claim's job and not yet running. */
    private boolean recordStart(Claim c, JobId id, String remoteHost) {
        if (c == null || !id.equals(c.job()) || keeper.queue().status(id) != JobStatus.IDLE) {
            return false;
        }
        ClassAd ad = keeper.queue().ad(id);
        // The claim was recorded before the Activate; the start confirms it (a start reported without that record writes it).
        keeper.commit(ClaimRecord.of(c.grant(), remoteHost).addTo(Transition.started(id, ad, remoteHost, keeper.now()), id, ad),
                this::onClaim);
        c.reactivating(false);
        keeper.stats().started(JobQueue.longOf(ad, "NumJobStarts", 0) == 0, keeper.waited(ad));
        return true;
    }

    /**
     * Applies an exit report; false (and nothing changes) unless {@code id} is running on the
     * claim — so a repeated or stale report is harmless — but for {@code nextStarted}, the job
     * queued on the claim that started in its place: its start. An exit that overtook its start report
     * records the start first; a job the starter could not start is held with its reason; an
     * evicted job (its claim preempted) goes back to Idle and the claim is gone; otherwise the job
     * policy ({@link JobExits}) decides what else the exit means and the claim takes the next
     * job of its autocluster.
     */
    boolean exited(JobId id, String claimId, ExitReport report, JobId nextStarted) {
        Claim c = claims.get(claimId);
        if (c != null && nextStarted != null) {
            TestHalt.at(TestHalt.NEXT_STARTED);
            queued.startedInPlace(c, nextStarted); // applied once the jobs ahead of it ended here (free)
        }
        if (c == null || !id.equals(c.job())) {
            if (c != null && nextStarted != null && nextStarted.equals(c.job())) {
                started(nextStarted, claimId, c.grant().slotName()); // it followed a job stopped here
            }
            return false;
        }
        c.ran(report.remoteWallClockTime());
        if (report.neverStarted()) {
            claims.detach(c);
            ClassAd ad = keeper.queue().ad(id);
            keeper.commit(ClaimRecord.withoutPending(Transition.held(id, ad, report.holdReason(), report.holdReasonCode(),
                    keeper.now()), id, ad), this::onClaim);
            free(c);
            return true;
        }
        if (keeper.queue().status(id) == JobStatus.IDLE) {
            recordStart(c, id, c.grant().slotName()); // it ran: nothing to queue behind it
        }
        if (report.held()) {
            // The starter stopped it for a reason to hold it (34, over its memory limit); the claim takes the next job.
            claims.detach(c);
            keeper.commit(Transition.heldByStarter(id, keeper.queue().ad(id), report, keeper.now()), this::onClaim);
            LOG.info("job {} is held: {}", id, report.holdReason());
            free(c);
            return true;
        }
        if (report.evicted()) {
            // The claim was preempted and ended with the eviction: forget it (no Release), run the job again later.
            queued.backToIdle(c);
            claims.remove(c);
            keeper.commit(Transition.evicted(id, keeper.queue().ad(id), report, keeper.now()), this::onClaim);
            LOG.info("job {} was evicted from {}: its claim was preempted; it is idle again", id, c.grant().slotName());
            return true;
        }
        boolean leaves = JobExits.apply(keeper, id, report, this::onClaim);
        claims.detach(c);
        if (leaves) {
            keeper.finish(id);
        } else {
            keeper.reindex(id); // on_exit_remove false: idle again, and this claim may run it at once
        }
        free(c);
        return true;
    }

    /**
     * Applies a running job's usage report; false (and nothing changes) unless {@code id} is
     * running or suspended on the claim, so a late one after the exit report is harmless.
     */
    boolean usage(JobId id, String claimId, org.harrier.scheduler.queue.RunUsage usage) {
        Claim c = claims.get(claimId);
        JobStatus status = keeper.queue().status(id);
        if (c == null || !id.equals(c.job()) || status != JobStatus.RUNNING && status != JobStatus.SUSPENDED) {
            return false;
        }
        keeper.commit(Transition.usage(id, keeper.queue().ad(id), usage), this::onClaim);
        return true;
    }

    /**
     * Stops {@code id} on its claim, if it has one: the job is detached at once (so its exit
     * report is ignored), Deactivate kills it, then the claim is reused or, if the startd
     * failed, dropped. The future completes on the owner thread once the startd answered.
     */
    CompletableFuture<Void> stop(JobId id) {
        Claim c = claims.of(id);
        if (c == null) {
            return CompletableFuture.completedFuture(null);
        }
        if (c.isQueued(id)) {
            return queued.stop(c, id);
        }
        claims.stopping(c);
        queued.forgetPending(id); // held or removed before it started: its record names a claim that will not run it
        return startds.deactivate(c.grant(), id).handleAsync((ok, failure) -> {
            claims.stopped(c);
            if (failure != null) {
                LOG.warn("deactivating job {} on {} failed; dropping the claim: {}", id, c, Completions.message(failure));
                release(c);
            } else {
                free(c);
            }
            return null;
        }, owner);
    }

    /**
     * Asks the startd to stop ({@code freeze}) or continue job {@code id}'s process tree on its
     * claim. The future completes on the owner thread: normally once the startd answered,
     * exceptionally with its failure, or WrongState when the job has no claim. The queue is
     * not touched here; the caller records the new state once the startd did it.
     */
    CompletableFuture<Void> signal(JobId id, boolean freeze) {
        Claim c = claims.of(id);
        if (c == null) {
            return CompletableFuture.failedFuture(new ScheddFailure.WrongState("job " + id + " is not running on a claim"));
        }
        CompletableFuture<Void> call = freeze ? startds.suspend(c.grant(), id) : startds.resume(c.grant(), id);
        return call.handleAsync((ok, failure) -> {
            if (failure != null) {
                throw new CompletionException(Completions.cause(failure));
            }
            return null;
        }, owner);
    }

    private void release(Claim c) {
        queued.backToIdle(c); // the startd drops them with the claim
        claims.remove(c);
        startds.release(c.grant()).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.info("release of {} failed: {}", c, Completions.message(failure));
            }
        });
    }

    /**
     * Gives up a claim whose lease ran out ({@link LeaseKeeper}): the claim is forgotten (a
     * Release goes out in case the startd is back), and its job, if it was running there, goes
     * back to Idle through {@link Transition#claimLost} to be matched again; a job whose
     * activation was still unanswered is simply idle again. Returns the job moved, or null.
     */
    JobId lost(Claim c, long lease) {
        JobId job = c.job();
        release(c); // its queued jobs are idle again with it

        if (job == null) {
            return null;
        }
        JobStatus status = keeper.queue().status(job);
        if (status == JobStatus.RUNNING || status == JobStatus.SUSPENDED) {
            if (c.isDisowned()) {
                keeper.commit(Transition.claimGone(job, keeper.queue().ad(job), "Job disconnected: the startd no longer "
                        + "holds claim " + c.grant().slotName(), c.renewed(), keeper.now()), this::onClaim);
                LOG.warn("{} lost: its startd no longer holds it; job {} is idle again", c, job);
            } else {
                keeper.commit(Transition.claimLost(job, keeper.queue().ad(job), lease, c.renewed(), keeper.now()),
                        this::onClaim);
                LOG.warn("{} lost: no keep-alive answered for over {} s; job {} is idle again", c, lease, job);
            }
            return job;
        }
        queued.forgetPending(job);
        keeper.reindex(job);
        return null;
    }

    /** Releases every claim (dropping its queued jobs, deactivating its job first): the scheduler is closing. */
    CompletableFuture<Void> releaseAll() {
        return ShutdownRelease.releaseAll(claims, keeper, startds, this::onClaim);
    }
}
