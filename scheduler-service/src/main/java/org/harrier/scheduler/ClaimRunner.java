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
 * releasing it (docs/protocols.md, "Claiming and running").
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

    ClaimRunner(QueueKeeper keeper, Startds startds, Executor owner) {
        this.keeper = keeper;
        this.startds = startds;
        this.owner = owner;
        this.activations = new Activations(keeper, startds, owner, this);
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
                LOG.info("claim of {} for {} jobs refused: {}", match.slot(), key.owner(), message(failure));
            }
            return;
        }
        Claim c = claims.add(grant, key);
        c.renewed(keeper.now());
        free(c);
    }

    /** A claim with nothing to do runs the next job of its autocluster, or is released. */
    private void free(Claim c) {
        if (c.isDisowned()) {
            release(c); // the startd said it no longer holds it
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
            LOG.warn("activation of job {} on {} reported failure after the job started: {}", job, c, message(failure));
            return;
        }
        drop(c);
        Throwable cause = Completions.cause(failure);
        if (cause instanceof ScheddFailure refusal && !isClaimTrouble(refusal)) {
            ClassAd ad = keeper.queue().ad(job);
            keeper.commit(ClaimRecord.withoutPending(Transition.held(job, ad, "activation failed: " + refusal.getMessage(),
                    Transition.HOLD_FAILED_TO_START, keeper.now()), job, ad), this::onClaim);
        } else {
            clearPending(job); // the claim never ran it: its record goes (the job never left Idle)
            if (cause instanceof ScheddFailure.UnknownClaim) {
                // Expected after a preempted claim's job finished within its retirement: the claim ended with it.
                LOG.info("claim {} is gone (preempted or released); job {} goes back to idle: {}", c, job, message(failure));
            } else {
                LOG.warn("activation of job {} on {} failed, job goes back to idle: {}", job, c, message(failure));
            }
            keeper.reindex(job);
        }
    }

    /** A startd's answer that says the claim is gone or busy, not that the job is bad. */
    private static boolean isClaimTrouble(ScheddFailure refusal) {
        return refusal instanceof ScheddFailure.UnknownSlot || refusal instanceof ScheddFailure.UnknownClaim
                || refusal instanceof ScheddFailure.WrongState || refusal instanceof ScheddFailure.ClaimRefused;
    }

    /** Applies a start report; false (and nothing changes) unless {@code id} is this claim's job and not yet running. */
    @Override
    public boolean started(JobId id, String claimId, String remoteHost) {
        Claim c = claims.get(claimId);
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
     * claim — so a repeated or stale report is harmless. An exit that overtook its start report
     * records the start first; a job the starter could not start is held with its reason; an
     * evicted job (its claim preempted) goes back to Idle and the claim is gone; otherwise the job
     * policy ({@link JobExits}) decides what else the exit means and the claim takes the next
     * job of its autocluster.
     */
    boolean exited(JobId id, String claimId, ExitReport report) {
        Claim c = claims.get(claimId);
        if (c == null || !id.equals(c.job())) {
            return false;
        }
        if (report.neverStarted()) {
            claims.detach(c);
            ClassAd ad = keeper.queue().ad(id);
            keeper.commit(ClaimRecord.withoutPending(Transition.held(id, ad, report.holdReason(), report.holdReasonCode(),
                    keeper.now()), id, ad), this::onClaim);
            free(c);
            return true;
        }
        if (keeper.queue().status(id) == JobStatus.IDLE) {
            started(id, claimId, c.grant().slotName());
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
        claims.stopping(c);
        clearPending(id); // held or removed before it started: its record names a claim that will not run it
        return startds.deactivate(c.grant(), id).handleAsync((ok, failure) -> {
            claims.stopped(c);
            if (failure != null) {
                LOG.warn("deactivating job {} on {} failed; dropping the claim: {}", id, c, message(failure));
                drop(c);
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
        claims.remove(c);
        startds.release(c.grant()).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.info("release of {} failed: {}", c, message(failure));
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
        drop(c);
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
        clearPending(job);
        keeper.reindex(job);
        return null;
    }

    /** Deletes job {@code id}'s pending activation record, if it has one (bookkeeping only: no job change is published). */
    private void clearPending(JobId id) {
        if (ClaimRecord.isPending(keeper.queue().ad(id))) {
            keeper.record(ClaimRecord.forget(Transaction.builder(), id).delete(id, ClaimRecord.PENDING_ACTIVATION).build());
        }
    }

    /** Forgets a claim that failed, telling the startd to release it in case it still holds it. */
    private void drop(Claim c) {
        release(c);
    }

    /** Releases every claim (deactivating its job first): the scheduler is closing. */
    CompletableFuture<Void> releaseAll() {
        List<CompletableFuture<Void>> pending = new java.util.ArrayList<>();
        forgetRecords();
        for (Claim c : claims.all()) {
            JobId job = claims.detach(c);
            claims.remove(c);
            CompletableFuture<Void> stopped = job == null ? CompletableFuture.completedFuture(null)
                    : startds.deactivate(c.grant(), job).exceptionally(f -> null);
            pending.add(stopped.thenCompose(v -> startds.release(c.grant())).exceptionally(f -> null));
        }
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
    }

    /**
     * The claims are about to be released on purpose (the scheduler is closing): their jobs'
     * claim records go, so that a restart runs those jobs again at once instead of asking
     * startds about claims released here.
     */
    private void forgetRecords() {
        Transaction.Builder tx = Transaction.builder();
        for (Claim c : claims.all()) {
            if (c.job() != null && keeper.queue().contains(c.job())) {
                ClaimRecord.forget(tx, c.job());
                if (ClaimRecord.isPending(keeper.queue().ad(c.job()))) {
                    tx.delete(c.job(), ClaimRecord.PENDING_ACTIVATION);
                }
            }
        }
        if (!tx.isEmpty()) {
            keeper.commit(tx.build(), this::onClaim);
        }
    }

    /** What a failed future failed with, in words: its message, or its type when it has none. */
    static String message(Throwable t) {
        Throwable c = Completions.cause(t);
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }
}
