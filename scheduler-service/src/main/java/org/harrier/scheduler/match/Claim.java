package org.harrier.scheduler.match;

import java.util.Objects;
import org.harrier.scheduler.queue.JobId;

/**
 * A slot this scheduler holds a claim on, kept for the autocluster it was matched for so it can
 * run that autocluster's jobs one after another, and the startd user that reports on it.
 * Mutable; owned by the scheduler's owner thread.
 */
public final class Claim {
    private final ClaimGrant grant;
    private final AutoclusterKey key;
    private JobId job;
    private boolean deactivating;
    private long renewed;
    private boolean disowned;
    private boolean reactivating;
    private String reporter;

    Claim(ClaimGrant grant, AutoclusterKey key) {
        this.grant = Objects.requireNonNull(grant, "grant");
        this.key = Objects.requireNonNull(key, "key");
    }

    public ClaimGrant grant() {
        return grant;
    }

    public String id() {
        return grant.claimId();
    }

    public AutoclusterKey key() {
        return key;
    }

    /** The job handed to this claim (being activated or running), or null. */
    public JobId job() {
        return job;
    }

    /** True while a Deactivate is in flight: the slot may still be killing a process. */
    public boolean isDeactivating() {
        return deactivating;
    }

    /** True when the claim can take a job now. */
    public boolean isFree() {
        return job == null && !deactivating;
    }

    /** When the startd last answered a keep-alive for this claim (or granted it), epoch seconds. */
    public long renewed() {
        return renewed;
    }

    /** The startd answered a keep-alive (or granted the claim) at {@code now}. */
    public void renewed(long now) {
        renewed = Math.max(renewed, now);
    }

    /**
     * True once the startd answered that it does not know this claim (0x10002) where the scheduler
     * had not expected it, after a restart: the claim is given up at the next keep-alive round,
     * not at once, so the exit reports that waited on the broker are applied first.
     */
    public boolean isDisowned() {
        return disowned;
    }

    public void disowned() {
        disowned = true;
    }

    /**
     * True for a claim taken back after a restart whose job's Activate was recorded but never
     * confirmed: the next keep-alive round sends the Activate again instead of an Alive.
     */
    public boolean isReactivating() {
        return reactivating;
    }

    public void reactivating(boolean on) {
        reactivating = on;
    }

    /**
     * True if broker user {@code user} may report on this claim (JobStarted, JobExited, a
     * transfer): the first to report is recorded, and only it may from then on. The ClaimId the
     * startd made is a secret only it and this scheduler know, so the first report comes from the
     * claim's startd; recording it means a ClaimId that leaked later is of no use to another user.
     * Not journaled: after a restart the first report records it again.
     */
    public boolean reportedBy(String user) {
        if (reporter == null) {
            reporter = Objects.requireNonNull(user, "user");
        }
        return reporter.equals(user);
    }

    /** The startd user recorded by {@link #reportedBy}, or null before the first report. */
    public String reporter() {
        return reporter;
    }

    void run(JobId next) {
        if (!isFree()) {
            throw new IllegalStateException("claim " + id() + " is busy with " + (job != null ? "job " + job : "a deactivation"));
        }
        this.job = Objects.requireNonNull(next, "next");
    }

    JobId detach() {
        JobId was = job;
        job = null;
        reactivating = false;
        return was;
    }

    void deactivating(boolean on) {
        deactivating = on;
    }

    @Override
    public String toString() {
        return "claim " + id() + " on " + grant.slot() + (job == null ? "" : " running " + job);
    }
}
