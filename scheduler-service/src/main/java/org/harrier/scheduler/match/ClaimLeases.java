package org.harrier.scheduler.match;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.harrier.classad.ClassAd;
import org.harrier.rules.JobLease;

/**
 * Claim leases, the scheduler's side (docs/protocols.md, "Claim leases"): which claims it gives
 * up because their startd has not answered a keep-alive for longer than the lease the startd
 * holds them to. Pure: the caller says what it holds and what time it is.
 *
 * <p>A claim running a job is held for the job's JobLeaseDuration (the startd keeps the job that
 * long without a renewal, so giving it up sooner could run the job twice); an idle claim for
 * the shorter CLAIM_LEASE.
 */
public final class ClaimLeases {
    /** condor_submit's JobLeaseDuration when the job has none. */
    public static final long DEFAULT_JOB_LEASE = JobLease.DEFAULT_SECONDS;

    private ClaimLeases() {
    }

    /**
     * A claim as the decision sees it: when it was last renewed, how long its lease is (seconds),
     * and whether its startd has said it does not know it ({@link Claim#isDisowned()}).
     */
    public record Held(String claimId, long renewed, long lease, boolean disowned) {
        public Held {
            Objects.requireNonNull(claimId, "claimId");
            if (lease <= 0) {
                throw new IllegalArgumentException("a lease is positive, got " + lease + " s for claim " + claimId);
            }
        }

        public Held(String claimId, long renewed, long lease) {
            this(claimId, renewed, lease, false);
        }

        /** The lease ran out: no renewal for more than {@code lease} seconds by {@code now}. */
        public boolean expiredAt(long now) {
            return now - renewed > lease;
        }
    }

    /**
     * The claims to give up at {@code now}, in the order given: those whose lease ran out, and
     * those their startd disowned (it answered an Alive with 0x10002 since the last round: the
     * job is not running there, and the exit reports that were waiting have been applied by now).
     */
    public static List<String> overdue(Collection<Held> claims, long now) {
        List<String> out = new ArrayList<>();
        for (Held h : claims) {
            if (h.disowned() || h.expiredAt(now)) {
                out.add(h.claimId());
            }
        }
        return out;
    }

    /**
     * The lease of a claim: the running job's JobLeaseDuration (a positive number; otherwise
     * {@link #DEFAULT_JOB_LEASE}) when {@code job} is given, {@code claimLease} for an idle claim.
     */
    public static long leaseOf(ClassAd job, Duration claimLease) {
        if (job == null) {
            return Math.max(1, claimLease.toSeconds());
        }
        return jobLease(job);
    }

    /** The job's JobLeaseDuration in whole seconds, or the default when it has none that is positive. */
    public static long jobLease(ClassAd job) {
        return JobLease.secondsOf(job);
    }
}
