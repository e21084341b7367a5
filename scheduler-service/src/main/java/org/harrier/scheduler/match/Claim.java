package org.harrier.scheduler.match;

import java.util.Objects;
import org.harrier.scheduler.queue.JobId;

/**
 * A slot this scheduler holds a claim on, kept for the autocluster it was matched for so it can
 * run that autocluster's jobs one after another, and the startd user that reports on it. While
 * it runs short jobs it may also hold the next one, queued on the startd behind the running job
 * (docs/protocols.md, "Queued activations").
 * Mutable; owned by the scheduler's owner thread.
 */
public final class Claim {
    private final ClaimGrant grant;
    private final AutoclusterKey key;
    /** A run shorter than this, in seconds, makes the claim one that runs short jobs. */
    static final double SHORT_RUN_SECONDS = 1.0;

    private JobId job;
    /**
     * The job queued on the startd behind {@link #job}, with the slot it started on when the
     * startd said so before the running job's exit was applied, and whether its Activate is to be
     * sent again (a restart); null when none is queued, and all three go together.
     */
    private record Queued(JobId job, String startedOn, boolean resend) {
    }

    private Queued queued;
    private boolean runsShortJobs;
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

    /** The job queued on the startd behind {@link #job}, to start when it ends, or null. */
    public JobId next() {
        return queued == null ? null : queued.job();
    }

    /**
     * The dynamic slot the queued job started on, when the startd's answer came before the
     * running job's exit report (the startd starts it the moment the running job ends, and its
     * answer needs no journal flush); null otherwise. Its start is applied once that exit is.
     */
    public String nextStartedOn() {
        return queued == null ? null : queued.startedOn();
    }

    public void nextStarted(String remoteHost) {
        if (queued == null) {
            throw new IllegalStateException("claim " + id() + " has no queued job");
        }
        queued = new Queued(queued.job(), Objects.requireNonNull(remoteHost, "remoteHost"), queued.resend());
    }

    /**
     * True when the last job that ended on the claim ran for less than {@link #SHORT_RUN_SECONDS}:
     * then its next job is queued before the running one ends. A claim whose jobs run longer never
     * holds a job back from another slot.
     */
    public boolean runsShortJobs() {
        return runsShortJobs;
    }

    /** A job's run on the claim ended after {@code wallClockSeconds}. */
    public void ran(double wallClockSeconds) {
        runsShortJobs = wallClockSeconds < SHORT_RUN_SECONDS;
    }

    /**
     * True for a claim taken back after a restart whose queued job's Activate was recorded but
     * never answered: the next keep-alive round sends it again.
     */
    public boolean isRequeueing() {
        return queued != null && queued.resend();
    }

    public void requeueing(boolean on) {
        if (queued == null) {
            throw new IllegalStateException("claim " + id() + " has no queued job");
        }
        queued = new Queued(queued.job(), queued.startedOn(), on);
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

    void queue(JobId next) {
        if (job == null || queued != null) {
            throw new IllegalStateException("claim " + id() + " can queue a job only behind a running one, and only one");
        }
        queued = new Queued(Objects.requireNonNull(next, "next"), null, false);
    }

    JobId unqueue() {
        JobId was = next();
        queued = null;
        return was;
    }

    /** The running job's end was applied: the queued job is the claim's job now (still being activated, unless it started). */
    JobId promote() {
        if (job != null || deactivating || queued == null) {
            throw new IllegalStateException("claim " + id() + " cannot promote its queued job now");
        }
        job = queued.job();
        reactivating = queued.resend();
        queued = null;
        return job;
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
        return "claim " + id() + " on " + grant.slot() + (job == null ? "" : " running " + job)
                + (queued == null ? "" : ", " + queued.job() + " queued");
    }
}
