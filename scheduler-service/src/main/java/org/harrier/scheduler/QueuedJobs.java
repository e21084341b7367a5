package org.harrier.scheduler;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.Claims;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jobs queued on startds behind their claims' running jobs (docs/protocols.md, "Queued
 * activations"): {@link ClaimRunner}'s part for them. A claim whose last job ran under a second
 * gets its next jobs as soon as its current one starts, several in one Activate; the startd
 * starts each the moment the one before it leaves the claim and says so in that job's exit
 * report, so a short job costs about one message and the slot never waits for a round trip.
 * A queued job stays Idle here, off the idle index, with its activation recorded on the claim as
 * any Activate's is ({@link Activations}), until its start is reported; a claim that stops
 * before it ran sends it back to idle, and so does a running job that outlasts {@link #HOLD_MILLIS}.
 *
 * <p>Owner thread: every method runs on the scheduler's owner executor.
 */
final class QueuedJobs {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedJobs.class);

    /**
     * How many jobs a claim running short jobs holds queued on its startd (the startd takes up
     * to 16, ClaimBook.QUEUED_AT_MOST): enough that the startd never waits while the scheduler's
     * round trip (exit reports' journal flush and fsync, the next record's fsync, the Activate)
     * lasts several short runs; and with a refill of half of it, a short job costs an eighth of
     * an Activate and its answer (8 held a quarter: GridBenchmark, benchmarks/README.md).
     */
    static final int DEPTH = 16;
    /** A claim's queue is topped up when it is down to this many: half of it goes in one Activate. */
    static final int REFILL_AT = DEPTH / 2;
    /**
     * How long a claim's job may run while jobs wait queued behind it: then they go back to idle
     * for other slots (a job of under a second was followed by a long one).
     */
    static final long HOLD_MILLIS = 5_000;

    private final QueueKeeper keeper;
    private final Claims claims;
    private final Activations activations;
    private final Startds startds;
    private final Executor owner;

    QueuedJobs(QueueKeeper keeper, Claims claims, Activations activations, Startds startds, Executor owner) {
        this.keeper = keeper;
        this.claims = claims;
        this.activations = activations;
        this.startds = startds;
        this.owner = owner;
    }

    /**
     * A claim whose job just started tops its queue up to {@link #DEPTH} idle jobs of its
     * autocluster once it is down to {@link #REFILL_AT}, if it runs short jobs: the startd then
     * always has the next job in hand when one ends.
     */
    void queueNext(Claim c) {
        if (c.job() == null || c.isDeactivating() || c.isDisowned() || !c.runsShortJobs() || c.queued().size() > REFILL_AT) {
            return;
        }
        for (int queued = c.queued().size(); queued < DEPTH; queued++) {
            JobId next = keeper.idle().next(c.key());
            if (next == null) {
                break;
            }
            keeper.idle().remove(next);
            claims.queue(c, next);
            activations.addQueued(c, next);
        }
        if (!c.isWatched() && !c.queued().isEmpty()) {
            c.watched(true);
            watch(c, null);
        }
    }

    /**
     * Looks at claim {@code c} every {@link #HOLD_MILLIS} while it has jobs queued, or a job taken
     * from its queue whose start was not reported. When the job it ran at the last look
     * ({@code seen}) still runs, its queued jobs go back to idle; when that job is still not
     * started (its claim ended with the job before it, say, after a retirement), its Activate
     * goes again, and the startd's answer settles it (0x10002: the claim is gone).
     */
    private void watch(Claim c, JobId seen) {
        CompletableFuture.delayedExecutor(HOLD_MILLIS, TimeUnit.MILLISECONDS, owner).execute(() -> {
            JobId job = c.job();
            JobStatus status = job == null ? null : keeper.queue().status(job);
            if (claims.get(c.id()) != c || c.queued().isEmpty() && status != JobStatus.IDLE) {
                c.watched(false);
                return;
            }
            if (job != null && job.equals(seen) && status == JobStatus.RUNNING && !c.queued().isEmpty()) {
                LOG.info("job {} has run on {} for over {} ms: its {} queued jobs go back to idle", job, c, HOLD_MILLIS,
                        c.queued().size());
                c.queued().forEach(queued -> stop(c, queued).thenRun(() -> keeper.reindex(queued)));
            } else if (job != null && job.equals(seen) && status == JobStatus.IDLE) {
                activations.resend(c);
            }
            if (c.isRequeueing()) {
                activations.resendQueued(c);
            }
            watch(c, job);
        });
    }

    /**
     * Applies the startd's answer to the queued activation of {@code jobs} on {@code c}; true when
     * the first started at once and is the claim's own job already (promoted before the answer
     * came), for the caller to apply as its start. A first job that started while still queued
     * waits for the running job's exit. A refusal puts the jobs still queued back to idle and the
     * claim keeps its running job. No answer at all says nothing (the startd may hold the jobs):
     * they stay on the claim and are asked about again ({@link #watch}, the keep-alive round), as
     * after a restart.
     */
    boolean answered(Claim c, List<JobId> jobs, Startds.QueuedAnswer answer, Throwable failure) {
        JobId first = jobs.get(0);
        if (failure != null && Completions.cause(failure) instanceof ScheddFailure) {
            LOG.debug("jobs {} queued on {} did not queue there ({}): idle again", jobs, c, Completions.message(failure));
            jobs.forEach(job -> backToIdle(c, job));
            return false;
        }
        if (failure != null) {
            LOG.info("queuing jobs {} on {} got no answer; asking again: {}", jobs, c, Completions.message(failure));
            jobs.stream().filter(c::isQueued).forEach(job -> c.requeueing(job, true));
            if (first.equals(c.job())) {
                c.reactivating(true);
            }
            return false;
        }
        if (!answer.firstStarted()) {
            return false;
        }
        if (c.isQueued(first)) {
            c.nextStarted(first, c.grant().slotName());
            return false;
        }
        return first.equals(c.job());
    }

    /** A job's exit report says queued job {@code next} started on the claim in its place. */
    void startedInPlace(Claim c, JobId next) {
        if (next != null && c.isQueued(next)) {
            c.nextStarted(next, c.grant().slotName());
        }
    }

    /**
     * The claim's running job's end was applied: its first queued job is its job now; returns the
     * slot it started on when that start was reported already (then the caller applies it), else
     * null (it is activating until its start or its exit is reported).
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
     * Queued job {@code job} is held, removed or sent back: off the claim and its record gone at
     * once, and the startd told to drop it. A Deactivate that fails is only logged: the running
     * job stays. Completes on the owner thread.
     */
    CompletableFuture<Void> stop(Claim c, JobId job) {
        claims.unqueue(c, job);
        forgetPending(job);
        return startds.deactivate(c.grant(), job).handleAsync((ok, failure) -> {
            if (failure != null) {
                LOG.info("dropping job {} queued on {} failed: {}", job, c, Completions.message(failure));
            }
            return null;
        }, owner);
    }

    /** Deletes job {@code id}'s pending activation record, if it has one (bookkeeping only: no job change is published). */
    void forgetPending(JobId id) {
        ClassAd ad = keeper.queue().ad(id);
        if (ClaimRecord.isPending(ad)) {
            keeper.record(ClaimRecord.forget(Transaction.builder(), id, ad).build());
        }
    }
}
