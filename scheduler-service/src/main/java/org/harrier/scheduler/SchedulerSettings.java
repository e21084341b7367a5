package org.harrier.scheduler;

import java.time.Duration;
import java.util.Objects;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.store.HistoryLimits;

/**
 * How a scheduler runs: the UPDATE_INTERVAL its daemon ads are republished at, how many
 * finished jobs it remembers, how long it waits for a startd's answer, the
 * PERIODIC_EXPR_INTERVAL at which it evaluates periodic_hold/release/remove (HTCondor's default
 * 60 s; at least 1 s), how big a job's ad may be (MAX_JOB_ATTRIBUTES, MAX_JOB_ATTRIBUTE_SIZE:
 * {@link AdLimits}), and who may act on others' jobs ({@link QueueRights}: QUEUE_SUPER_USERS,
 * QUEUE_SUPER_USER_MAY_IMPERSONATE), and how much history its spool keeps ({@link HistoryLimits}:
 * MAX_HISTORY_LOG, MAX_HISTORY_ROTATIONS).
 */
public record SchedulerSettings(Duration updateInterval, int historySize, Duration callTimeout, String machine,
                                Duration periodicExprInterval, Duration aliveInterval, Duration claimLease,
                                AdLimits adLimits, QueueRights queueRights, HistoryLimits historyLimits) {
    /** HTCondor's PERIODIC_EXPR_INTERVAL default. */
    public static final Duration PERIODIC_EXPR_INTERVAL = Duration.ofSeconds(60);
    /** HTCondor's ALIVE_INTERVAL default: how often each claim's startd is sent a keep-alive. */
    public static final Duration ALIVE_INTERVAL = Duration.ofSeconds(300);
    /** An idle claim's lease: ALIVE_INTERVAL times MAX_CLAIM_ALIVES_MISSED (6), as HTCondor's startd allows. */
    public static final Duration CLAIM_LEASE = ALIVE_INTERVAL.multipliedBy(6);

    public SchedulerSettings {
        Objects.requireNonNull(updateInterval, "updateInterval");
        Objects.requireNonNull(callTimeout, "callTimeout");
        Objects.requireNonNull(machine, "machine");
        if (updateInterval.isNegative() || updateInterval.isZero()) {
            throw new IllegalArgumentException("updateInterval must be positive, got " + updateInterval);
        }
        if (callTimeout.isNegative() || callTimeout.isZero()) {
            throw new IllegalArgumentException("callTimeout must be positive, got " + callTimeout);
        }
        if (historySize < 0) {
            throw new IllegalArgumentException("historySize must be >= 0, got " + historySize);
        }
        Objects.requireNonNull(periodicExprInterval, "periodicExprInterval");
        if (periodicExprInterval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("periodicExprInterval (PERIODIC_EXPR_INTERVAL) must be at least 1 s, got "
                    + periodicExprInterval);
        }
        Objects.requireNonNull(aliveInterval, "aliveInterval");
        Objects.requireNonNull(claimLease, "claimLease");
        if (aliveInterval.compareTo(Duration.ofSeconds(1)) < 0 || claimLease.compareTo(aliveInterval) <= 0) {
            throw new IllegalArgumentException("aliveInterval (ALIVE_INTERVAL) must be at least 1 s and shorter than"
                    + " claimLease (CLAIM_LEASE), got " + aliveInterval + " and " + claimLease);
        }
        Objects.requireNonNull(adLimits, "adLimits");
        Objects.requireNonNull(queueRights, "queueRights");
        Objects.requireNonNull(historyLimits, "historyLimits");
    }

    /**
     * Settings with HTCondor's ALIVE_INTERVAL and claim lease, the default {@link AdLimits} and
     * HTCondor's queue super users ({@link QueueRights#DEFAULT}) and history limits.
     */
    public SchedulerSettings(Duration updateInterval, int historySize, Duration callTimeout, String machine,
            Duration periodicExprInterval) {
        this(updateInterval, historySize, callTimeout, machine, periodicExprInterval, ALIVE_INTERVAL, CLAIM_LEASE,
                AdLimits.DEFAULT, QueueRights.DEFAULT, HistoryLimits.DEFAULT);
    }

    /** A personal grid's defaults (docs/protocols.md: UPDATE_INTERVAL 5 s) on this host. */
    public static SchedulerSettings defaults() {
        return new SchedulerSettings(Duration.ofSeconds(5), 10_000, Duration.ofSeconds(30), localHost(),
                PERIODIC_EXPR_INTERVAL);
    }

    public SchedulerSettings withUpdateInterval(Duration d) {
        return new SchedulerSettings(d, historySize, callTimeout, machine, periodicExprInterval, aliveInterval,
                claimLease, adLimits, queueRights, historyLimits);
    }

    public SchedulerSettings withHistorySize(int n) {
        return new SchedulerSettings(updateInterval, n, callTimeout, machine, periodicExprInterval, aliveInterval,
                claimLease, adLimits, queueRights, historyLimits);
    }

    public SchedulerSettings withCallTimeout(Duration d) {
        return new SchedulerSettings(updateInterval, historySize, d, machine, periodicExprInterval, aliveInterval,
                claimLease, adLimits, queueRights, historyLimits);
    }

    public SchedulerSettings withPeriodicExprInterval(Duration d) {
        return new SchedulerSettings(updateInterval, historySize, callTimeout, machine, d, aliveInterval,
                claimLease, adLimits, queueRights, historyLimits);
    }

    /** Keep-alives every {@code alive}; an idle claim is given up after {@code lease} without an answer. */
    public SchedulerSettings withLeases(Duration alive, Duration lease) {
        return new SchedulerSettings(updateInterval, historySize, callTimeout, machine, periodicExprInterval, alive,
                lease, adLimits, queueRights, historyLimits);
    }

    /** MAX_JOB_ATTRIBUTES and MAX_JOB_ATTRIBUTE_SIZE: how big a job's ad may be. */
    public SchedulerSettings withAdLimits(AdLimits limits) {
        return new SchedulerSettings(updateInterval, historySize, callTimeout, machine, periodicExprInterval, aliveInterval,
                claimLease, limits, queueRights, historyLimits);
    }

    /** Who besides a job's owner may act on it (QUEUE_SUPER_USERS, QUEUE_SUPER_USER_MAY_IMPERSONATE). */
    public SchedulerSettings withQueueRights(QueueRights rights) {
        return new SchedulerSettings(updateInterval, historySize, callTimeout, machine, periodicExprInterval, aliveInterval,
                claimLease, adLimits, rights, historyLimits);
    }

    /** MAX_HISTORY_LOG and MAX_HISTORY_ROTATIONS: when the history file rotates and how many old files are kept. */
    public SchedulerSettings withHistoryLimits(HistoryLimits limits) {
        return new SchedulerSettings(updateInterval, historySize, callTimeout, machine, periodicExprInterval, aliveInterval,
                claimLease, adLimits, queueRights, limits);
    }

    static String localHost() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }
}
