package org.harrier.scheduler;

import org.harrier.protocol.Completions;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.Claims;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jobs queued on startds behind their claims' running jobs (docs/protocols.md, "Queued
 * activations"): {@link ClaimRunner}'s part for them. A claim whose last job ran under a second
 * gets its next few jobs as soon as its current one starts; the startd starts the first the
 * moment the current one ends, so the slot never waits for an exit report's trip to the scheduler and an
 * Activate's trip back. The queued job stays Idle here, off the idle index, with its activation
 * recorded on the claim as any Activate's is ({@link Activations}), until the startd says it
 * started; a claim that stops before it ran sends it back to idle.
 *
 * <p>Owner thread: every method runs on the scheduler's owner executor.
 */
final class QueuedJobs {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedJobs.class);

    /**
     * How many jobs a claim running short jobs holds queued on its startd: enough that the
     * startd never waits for an Activate while the scheduler's round trip (an exit report's
     * journal flush and fsync, the next record's fsync, the Activate) lasts several short runs;
     * few enough to leave idle jobs for other slots (the startd takes up to 8).
     */
    static final int DEPTH = 4;

    private final QueueKeeper keeper;
    private final Claims claims;
    private final Activations activations;

    QueuedJobs(QueueKeeper keeper, Claims claims, Activations activations) {
        this.keeper = keeper;
        this.claims = claims;
        this.activations = activations;
    }

    /**
     * A claim whose job just started tops its queue up to {@link #DEPTH} idle jobs of its
     * autocluster, if it runs short jobs: the startd then always has the next job in hand when
     * one ends, however long its answer and the next Activate take on the bus.
     */
    void queueNext(Claim c) {
        if (c.job() == null || c.isDeactivating() || c.isDisowned() || !c.runsShortJobs()) {
            return;
        }
        for (int queued = c.queued().size(); queued < DEPTH; queued++) {
            JobId next = keeper.idle().next(c.key());
            if (next == null) {
                return;
            }
            keeper.idle().remove(next);
            claims.queue(c, next);
            activations.addQueued(c, next);
        }
    }

    /**
     * Applies the startd's answer for job {@code job} queued on {@code c}; true when it is the
     * start of the claim's own job (promoted before the answer came), for the caller to apply.
     * For a job still queued: a start waits for the running job's exit to be applied; NOT_STARTED
     * waits for its own exit report, which follows the running job's; dropped, refused or
     * unanswered, it is idle again and the claim keeps its running job.
     */
    boolean answered(Claim c, JobId job, Startds.QueuedStart outcome, Throwable failure) {
        boolean started = failure == null && outcome == Startds.QueuedStart.STARTED;
        if (!c.isQueued(job)) {
            return started && job.equals(c.job());
        }
        if (started) {
            c.nextStarted(job, c.grant().slotName());
        } else if (failure != null || outcome == Startds.QueuedStart.DROPPED) {
            LOG.debug("job {} queued on {} did not start there ({}): idle again", job, c,
                    failure != null ? Completions.message(failure) : "dropped");
            backToIdle(c, job);
        }
        return false;
    }

    /**
     * The claim's running job's end was applied: its queued job is its job now; returns the slot
     * it started on when the startd's answer came first (its start is then the caller's to
     * apply), else null (its answer is still to come).
     */
    String promote(Claim c) {
        String startedOn = c.nextStartedOn();
        claims.promote(c);
        return startedOn;
    }

    /** The claim's queued jobs, if it has any, are idle again: off the claim, their records gone, matched anew. */
    void backToIdle(Claim c) {
        c.queued().forEach(job -> backToIdle(c, job));
    }

    private void backToIdle(Claim c, JobId job) {
        if (claims.unqueue(c, job)) {
            forgetPending(job);
            keeper.reindex(job);
        }
    }

    /**
     * Queued job {@code job} is held or removed: off the claim and its record gone at once, and
     * the startd told to drop it. A Deactivate that fails is only logged: the running job stays.
     */
    CompletableFuture<Void> stop(Claim c, JobId job, Startds startds) {
        claims.unqueue(c, job);
        forgetPending(job);
        return startds.deactivate(c.grant(), job).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.info("dropping job {} queued on {} failed: {}", job, c, Completions.message(failure));
            }
        });
    }

    /** Deletes job {@code id}'s pending activation record, if it has one (bookkeeping only: no job change is published). */
    void forgetPending(JobId id) {
        ClassAd ad = keeper.queue().ad(id);
        if (ClaimRecord.isPending(ad)) {
            keeper.record(ClaimRecord.deletePending(ClaimRecord.forget(Transaction.builder(), id), id, ad).build());
        }
    }
}
