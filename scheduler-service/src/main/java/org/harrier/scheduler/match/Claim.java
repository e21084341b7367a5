package org.harrier.scheduler.match;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.harrier.scheduler.queue.JobId;

/**
 * A slot this scheduler holds a claim on, kept for the autocluster it was matched for so it can
 * run that autocluster's jobs one after another, and the startd user that reports on it. While
 * it runs short jobs it may also hold the next few, queued on the startd behind the running job
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
     * A job queued on the startd behind {@link #job}, with the slot it started on when the startd
     * said so before the jobs ahead of it ended here, and whether its Activate is to be sent again
     * (a restart); {@code order} is its place in the claim's queue as recorded with it.
     */
    private record Queued(JobId job, String startedOn, boolean resend, long order) {
    }

    /** The jobs queued on the startd, in the order it starts them. */
    private final List<Queued> queued = new ArrayList<>();
    /** The order of the last job queued on the claim; the next gets one more. */
    private long lastOrder;
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

    /** The first job queued on the startd behind {@link #job}, to start when it ends, or null. */
    public JobId next() {
        return queued.isEmpty() ? null : queued.get(0).job();
    }

    /** The jobs queued on the startd behind {@link #job}, in the order it starts them. */
    public List<JobId> queued() {
        List<JobId> jobs = new ArrayList<>(queued.size());
        queued.forEach(q -> jobs.add(q.job()));
        return jobs;
    }

    public boolean isQueued(JobId job) {
        return indexOf(job) >= 0;
    }

    private int indexOf(JobId job) {
        for (int i = 0; i < queued.size(); i++) {
            if (queued.get(i).job().equals(job)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The dynamic slot the first queued job started on, when the startd's answer came before the
     * running job's exit report (the startd starts it the moment the running job ends, and its
     * answer needs no journal flush); null otherwise. Its start is applied once that exit is.
     */
    public String nextStartedOn() {
        return queued.isEmpty() ? null : queued.get(0).startedOn();
    }

    /** The startd started queued job {@code job} on {@code remoteHost}; applied once the jobs ahead of it ended here. */
    public void nextStarted(JobId job, String remoteHost) {
        int i = queuedAt(job);
        Queued q = queued.get(i);
        queued.set(i, new Queued(job, Objects.requireNonNull(remoteHost, "remoteHost"), q.resend(), q.order()));
    }

    /** Queued job {@code job}'s place in the claim's queue, recorded with its activation. */
    public long orderOf(JobId job) {
        return queued.get(queuedAt(job)).order();
    }

    private int queuedAt(JobId job) {
        int i = indexOf(job);
        if (i < 0) {
            throw new IllegalStateException("claim " + id() + " has no job " + job + " queued");
        }
        return i;
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
     * The queued jobs taken back after a restart whose Activates were recorded but never
     * answered: the next keep-alive round sends them again.
     */
    public List<JobId> requeueing() {
        List<JobId> jobs = new ArrayList<>();
        queued.stream().filter(Queued::resend).forEach(q -> jobs.add(q.job()));
        return jobs;
    }

    public boolean isRequeueing() {
        return queued.stream().anyMatch(Queued::resend);
    }

    public void requeueing(JobId job, boolean on) {
        int i = queuedAt(job);
        Queued q = queued.get(i);
        queued.set(i, new Queued(job, q.startedOn(), on, q.order()));
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

    /** Queues {@code next} last, at order {@code order}, or one past the last when 0. */
    void queue(JobId next, long order) {
        if (job == null) {
            throw new IllegalStateException("claim " + id() + " can queue a job only behind a running one");
        }
        if (order < 0) {
            throw new IllegalArgumentException("a queued job's order is positive, or 0 for the next one: " + order);
        }
        lastOrder = order == 0 ? lastOrder + 1 : Math.max(lastOrder, order);
        queued.add(new Queued(Objects.requireNonNull(next, "next"), null, false, order == 0 ? lastOrder : order));
    }

    /** Takes {@code job} off the queue; true if it was there. */
    boolean unqueue(JobId job) {
        int i = indexOf(job);
        if (i >= 0) {
            queued.remove(i);
        }
        return i >= 0;
    }

    /** The running job's end was applied: the first queued job is the claim's job now (still being activated, unless it started). */
    JobId promote() {
        if (job != null || deactivating || queued.isEmpty()) {
            throw new IllegalStateException("claim " + id() + " cannot promote its queued job now");
        }
        Queued first = queued.remove(0);
        job = first.job();
        reactivating = first.resend();
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
                + (queued.isEmpty() ? "" : ", " + queued() + " queued");
    }
}
