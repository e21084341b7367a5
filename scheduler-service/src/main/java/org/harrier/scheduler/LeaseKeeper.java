package org.harrier.scheduler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.match.AutoclusterKey;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.ClaimLeases;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this scheduler's claims alive and gives up those whose startd has gone (docs/protocols.md,
 * "Claim leases"). Every ALIVE_INTERVAL {@link #renew} first gives up the claims whose lease ran
 * out ({@link ClaimLeases#overdue}), then sends each remaining claim's startd an Alive; an answer
 * renews the claim, a failure (no answer within the call timeout, UnknownClaim, no such agent)
 * does not, so a dead startd's claims run out.
 *
 * <p>Owner thread: like {@link ClaimRunner}, whose claims these are.
 */
final class LeaseKeeper {
    private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);

    private final ClaimRunner runner;
    private final QueueKeeper keeper;
    private final Startds startds;
    private final Duration claimLease;
    private final java.util.concurrent.Executor owner;

    LeaseKeeper(ClaimRunner runner, QueueKeeper keeper, Startds startds, Duration claimLease,
            java.util.concurrent.Executor owner) {
        this.runner = runner;
        this.keeper = keeper;
        this.startds = startds;
        this.claimLease = claimLease;
        this.owner = owner;
    }

    /** One ALIVE_INTERVAL: gives up overdue claims, then renews the rest; returns the jobs put back to Idle. */
    List<JobId> renew() {
        long now = keeper.now();
        Map<String, Claim> byId = new HashMap<>();
        List<ClaimLeases.Held> held = new ArrayList<>();
        for (Claim c : runner.claims().all()) {
            byId.put(c.id(), c);
            held.add(new ClaimLeases.Held(c.id(), c.renewed(), lease(c), c.isDisowned()));
        }
        List<JobId> idle = new ArrayList<>();
        for (String id : ClaimLeases.overdue(held, now)) {
            Claim c = byId.remove(id);
            JobId job = runner.lost(c, lease(c));
            if (job != null) {
                idle.add(job);
            }
        }
        for (Claim c : byId.values()) {
            if (c.isReactivating()) {
                runner.reactivate(c); // an Activate renews the claim as an Alive does
            } else {
                alive(c);
            }
            if (c.isRequeueing()) {
                runner.requeue(c);
            }
        }
        return idle;
    }

    /**
     * Sends {@code c}'s startd an Alive: an answer renews the claim; UnknownClaim (the startd does
     * not know it) disowns it, to be given up at the next round; any other failure renews nothing.
     */
    void alive(Claim c) {
        startds.alive(c.grant()).whenCompleteAsync((ok, failure) -> {
            if (failure == null) {
                c.renewed(keeper.now());
            } else if (Completions.cause(failure) instanceof ScheddFailure.UnknownClaim u) {
                LOG.info("{}: its startd no longer holds it ({}); given up at the next keep-alive round", c, u.getMessage());
                c.disowned();
            } else {
                LOG.debug("keep-alive of {} failed (renewed last at {}): {}", c, c.renewed(), Completions.message(failure));
            }
        }, owner);
    }

    /**
     * After a restart: takes over the claim job {@code job} ran on when the scheduler stopped
     * (its ad's {@link ClaimRecord}), counts it renewed now (the startd holds it for the job's
     * JobLeaseDuration from its last renewal, which was before now, so the scheduler never gives
     * it up before the startd has), and asks the startd at once whether it still holds it.
     */
    void adopt(JobId job, ClaimRecord record) {
        ClassAd ad = keeper.queue().ad(job);
        Claim c = runner.claims().add(record.grant(), AutoclusterKey.of(ad));
        runner.claims().run(c, job);
        c.renewed(keeper.now());
        LOG.info("job {} was running on {} when the scheduler stopped: reconnecting", job, c);
        alive(c);
    }

    /**
     * After a restart: takes over the claim an Activate of Idle job {@code job} was recorded on
     * (its start never confirmed) as {@link #adopt} does, asks the startd at once whether it still
     * holds it, and leaves the Activate to be sent again at the next keep-alive round (the early
     * one), after the exit reports that waited on the broker: one for this job means it ran.
     */
    void reactivate(JobId job, ClaimRecord record) {
        ClassAd ad = keeper.queue().ad(job);
        Claim c = runner.claims().add(record.grant(), AutoclusterKey.of(ad));
        runner.claims().run(c, job);
        c.renewed(keeper.now());
        c.reactivating(true);
        LOG.info("job {} was being activated on {} when the scheduler stopped: reconnecting", job, c);
        alive(c);
    }

    /**
     * After a restart, once every claim is taken back: Idle job {@code job} was queued behind the
     * job the claim of {@code record} runs or was activating (docs/protocols.md, "Queued
     * activations"); it is queued there again at its recorded place (the caller goes in that
     * order), its Activate sent again at the next keep-alive round (the startd keeps it queued,
     * or says it runs or ran it already).
     */
    void follow(JobId job, ClaimRecord record) {
        Claim c = runner.claims().get(record.grant().claimId());
        if (c == null || c.job() == null) {
            throw new IllegalStateException("job " + job + " follows " + record.grant().claimId() + ", which no running job holds");
        }
        runner.claims().queue(c, job, Math.max(1, ClaimRecord.queuedOrder(keeper.queue().ad(job))));
        c.requeueing(job, true);
        LOG.info("job {} was queued on {} when the scheduler stopped: reconnecting", job, c);
    }

    /**
     * After a restart: job {@code job} had finished on the claim of {@code record}, and the
     * scheduler stopped before reusing or releasing the claim; no job takes it back, so it is
     * released (the startd answers that it no longer knows it, if it gave it up meanwhile).
     */
    void releaseFinished(JobId job, ClaimRecord record) {
        LOG.info("job {} had finished on claim {} on {} when the scheduler stopped: releasing the claim", job,
                record.grant().claimId(), record.grant().slotName());
        startds.release(record.grant()).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.info("release of claim {} on {} failed: {}", record.grant().claimId(), record.grant().slotName(),
                        Completions.message(failure));
            }
        });
    }

    private long lease(Claim c) {
        ClassAd job = c.job() == null ? null : keeper.queue().ad(c.job());
        return ClaimLeases.leaseOf(job, claimLease);
    }
}
