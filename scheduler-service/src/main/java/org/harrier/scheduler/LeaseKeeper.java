package org.harrier.scheduler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.match.Claim;
import org.harrier.scheduler.match.ClaimLeases;
import org.harrier.scheduler.match.Startds;
import org.harrier.scheduler.queue.JobId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this scheduler's claims alive and gives up those whose startd has gone (docs/protocols.md,
 * "Claim leases"). Every ALIVE_INTERVAL {@link #renew} first gives up the claims whose lease ran
 * out ({@link ClaimLeases#overdue}), then sends each remaining claim's startd an Alive; an answer
 * renews the claim, a failure (no answer within the call timeout, UNKNOWN_CLAIM, no such agent)
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
            held.add(new ClaimLeases.Held(c.id(), c.renewed(), lease(c)));
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
            startds.alive(c.grant()).whenCompleteAsync((ok, failure) -> {
                if (failure == null) {
                    c.renewed(keeper.now());
                } else {
                    LOG.debug("keep-alive of {} failed (renewed last at {}): {}", c, c.renewed(),
                            ClaimRunner.message(failure));
                }
            }, owner);
        }
        return idle;
    }

    private long lease(Claim c) {
        ClassAd job = c.job() == null ? null : keeper.queue().ad(c.job());
        return ClaimLeases.leaseOf(job, claimLease);
    }
}
