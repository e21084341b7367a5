package org.harrier.exec.claim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

import org.harrier.classad.ClassAd;
import org.harrier.rules.JobLease;

/**
 * Claim leases, the startd's side (docs/protocols.md, "Claim leases"): each claim's last renewal
 * and how long it may go without one. An idle claim is held for CLAIM_LEASE; one running a job
 * for the job's JobLeaseDuration, so that the job outlives a scheduler restart that long. The
 * scheduler's Alive, and any Activate, renew it.
 *
 * <p>Not thread-safe: a {@link ClaimTable}'s own, changed only in a {@link #copy} its transitions make.
 */
public final class StartdLeases {
    /** condor_submit's JobLeaseDuration when the job has none. */
    public static final long DEFAULT_JOB_LEASE = JobLease.DEFAULT_SECONDS;
    /** HTCondor's: ALIVE_INTERVAL (300 s) times MAX_CLAIM_ALIVES_MISSED (6). */
    public static final Duration CLAIM_LEASE = Duration.ofSeconds(1800);

    private record Lease(long renewed, long seconds) {
    }

    private final long claimLease;
    private final Map<String, Lease> leases = new HashMap<>();

    public StartdLeases(Duration claimLease) {
        Objects.requireNonNull(claimLease, "claimLease");
        if (claimLease.toSeconds() < 1) {
            throw new IllegalArgumentException("claimLease (CLAIM_LEASE) must be at least 1 s, got " + claimLease);
        }
        this.claimLease = claimLease.toSeconds();
    }

    /** Leases with this one's, changed independently of it. */
    public StartdLeases copy() {
        StartdLeases c = new StartdLeases(Duration.ofSeconds(claimLease));
        c.leases.putAll(leases);
        return c;
    }

    /** The claim has ended: its lease with it. */
    public void forget(String claimId) {
        leases.remove(claimId);
    }

    /** A fresh idle claim, or one whose job ended: the claim lease, counted from its last renewal. */
    public void idle(String claimId, long now) {
        Lease l = leases.get(claimId);
        leases.put(claimId, new Lease(l == null ? now : l.renewed(), claimLease));
    }

    /** The claim runs {@code job}: renewed now, held for the job's JobLeaseDuration. */
    public void running(String claimId, ClassAd job, long now) {
        leases.put(claimId, new Lease(now, jobLease(job)));
    }

    /** The scheduler said the claim is alive. */
    public void renewed(String claimId, long now) {
        Lease l = leases.get(claimId);
        leases.put(claimId, new Lease(now, l == null ? claimLease : l.seconds()));
    }

    /**
     * The claims whose lease ran out by {@code now} (no renewal for more than their lease);
     * claims {@code held} no longer names are forgotten on the way.
     */
    public List<String> expired(long now, Predicate<String> held) {
        leases.keySet().removeIf(held.negate());
        List<String> out = new ArrayList<>();
        leases.forEach((id, l) -> {
            if (expired(l.renewed(), l.seconds(), now)) {
                out.add(id);
            }
        });
        return out;
    }

    /** Pure: a lease renewed at {@code renewed} for {@code seconds} has run out by {@code now}. */
    public static boolean expired(long renewed, long seconds, long now) {
        return now - renewed > seconds;
    }

    /** The job's JobLeaseDuration in whole seconds, or the default when it has none that is positive. */
    public static long jobLease(ClassAd job) {
        return JobLease.secondsOf(job);
    }
}
