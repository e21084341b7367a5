package org.harrier.collector;

import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.harrier.protocol.ObjectData;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.negotiator.AccountantRecord;
import org.harrier.protocol.negotiator.GetLimits;
import org.harrier.rules.Caller;
import org.harrier.rules.Permission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Harrier's central manager: the collector (an {@link AdStore} fed by data indications, swept
 * for expired ads, answering {@code collector.Query}) and the {@link Negotiator} in one process,
 * as HTCondor's condor_collector and condor_negotiator share a host.
 *
 * <p>Threads: one thread, {@code harrier-central-manager}, owns the store, the negotiator's
 * state and the match holds; indications, sweeps, queries and cycle steps are all queued to it,
 * so none of them needs a lock. Match planning runs on a second thread,
 * {@code harrier-match-planner}, on an immutable snapshot. Calls on the {@link Peers} are
 * asynchronous and their answers come back to the owner thread. {@link #accept}, {@link #query},
 * {@link #reschedule} and the accounting operations ({@link #stats} to {@link #setLimit}) may be
 * called from any thread; {@link #counts}, {@link #updatesReceived}, {@link #updatesRefused} and
 * {@link #statistics} read volatile snapshots the owner thread replaces, so the bus package's
 * managed objects read them from any thread.
 */
public final class CentralManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CentralManager.class);
    private static final Duration LONGEST_SWEEP_PERIOD = Duration.ofSeconds(1);
    private static final Duration SHORTEST_SWEEP_PERIOD = Duration.ofMillis(50);

    private final CollectorSettings settings;
    private final Clock clock;
    private final ScheduledExecutorService owner;
    private final ExecutorService planner;
    private final AdStore store;
    private final Negotiator negotiator;
    private volatile PoolCounts counts = PoolCounts.NONE;
    private volatile long updatesReceived;
    private volatile long updatesRefused;
    /** Publishers whose refused ads were logged at warn (owner thread): once each, then at debug. */
    private final Set<String> warnedPublishers = new HashSet<>();

    public CentralManager(CollectorSettings settings, Clock clock, Peers peers) {
        this(settings, NegotiatorSettings.defaults(), clock, peers);
    }

    public CentralManager(CollectorSettings settings, NegotiatorSettings negotiation, Clock clock, Peers peers) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(peers, "peers");
        ScheduledThreadPoolExecutor ownerThread = new ScheduledThreadPoolExecutor(1, daemon("harrier-central-manager"));
        ownerThread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.owner = ownerThread;
        this.planner = Executors.newSingleThreadExecutor(daemon("harrier-match-planner"));
        this.store = new AdStore(settings.classAdLifetime());
        this.negotiator = new Negotiator(settings, negotiation, new Threads(owner, planner, clock), store, peers);
    }

    /** Starts sweeping expired ads and the periodic negotiation cycle. */
    public void start() {
        long sweep = sweepPeriod(settings.classAdLifetime()).toNanos();
        owner.scheduleWithFixedDelay(guarded("sweep", this::sweep), sweep, sweep, TimeUnit.NANOSECONDS);
        owner.execute(negotiator::start);
    }

    /** Sweeps often enough that an ad outlives its lifetime by at most a quarter of it (or a second). */
    static Duration sweepPeriod(Duration lifetime) {
        Duration quarter = lifetime.dividedBy(4);
        if (quarter.compareTo(SHORTEST_SWEEP_PERIOD) < 0) {
            return SHORTEST_SWEEP_PERIOD;
        }
        return quarter.compareTo(LONGEST_SWEEP_PERIOD) > 0 ? LONGEST_SWEEP_PERIOD : quarter;
    }

    /**
     * A data indication of any class from any agent, published by {@code publisher} (the user and
     * roles the broker stamped on it); those the collector keeps are applied on the owner thread.
     * An ad whose publisher lacks the role for its type ({@link AdType#mayPublish}) is ignored and
     * counted ({@link #updatesRefused}): a console cannot advertise a slot, nor a startd a scheduler.
     */
    public void accept(ObjectData data, Caller publisher) {
        onOwner(owner, "ad update", () -> apply(data, publisher));
    }

    private void apply(ObjectData data, Caller publisher) {
        AdType type = AdType.ofClass(data.id().className());
        Permission may = type == null ? Permission.GRANTED : type.mayPublish(publisher);
        if (!may.granted()) {
            updatesRefused++;
            String who = publisher.authenticated() ? publisher.user() : "";
            if (warnedPublishers.add(who + "\n" + type)) {
                LOG.warn("ignored {} from {}: {} (further ones from it are logged at debug)", data.id(), data.agent(), may.refusal());
            } else {
                LOG.debug("ignored {} from {}: {}", data.id(), data.agent(), may.refusal());
            }
            return;
        }
        AdUpdate update = store.apply(data, clock.instant());
        switch (update.kind()) {
            case IGNORED -> LOG.trace("ignored: {}", update.problem());
            case REJECTED -> LOG.warn("refused an ad: {}", update.problem());
            default -> refresh();
        }
        negotiator.onAdUpdate(update);
    }

    private void sweep() {
        List<StoredAd> expired = store.sweep(clock.instant());
        if (!expired.isEmpty()) {
            expired.forEach(ad -> LOG.info("{} ad {} from {} expired", ad.type().className(), ad.id().key(), ad.agent()));
            refresh();
        }
    }

    private void refresh() {
        counts = store.counts();
        updatesReceived = store.updatesReceived();
    }

    /** The pool's counts as of the last store change. */
    public PoolCounts counts() {
        return counts;
    }

    /** How many ad updates the store has received, as of the last store change. */
    public long updatesReceived() {
        return updatesReceived;
    }

    /** How many ad updates were ignored because their publisher lacked the role for them. */
    public long updatesRefused() {
        return updatesRefused;
    }

    /** The ads {@code query} selects, read on the owner thread; fails with {@link CollectorFailure.Unavailable} once closed. */
    public CompletionStage<List<ClassAd>> query(AdQuery query) {
        try {
            return CompletableFuture.supplyAsync(() -> store.query(query), owner);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new CollectorFailure.Unavailable("the collector is shutting down"));
        }
    }

    /** Reschedule: a cycle starts NEGOTIATOR_CYCLE_DELAY from now, coalesced with any other trigger. */
    public void reschedule() {
        negotiator.reschedule();
    }

    /** The accountant's record of {@code name}; fails with {@link CollectorFailure.UnknownAccount} without one. */
    public CompletionStage<AccountantRecord> stats(String name) {
        return negotiator.onAccounts(a -> a.stats(name));
    }

    /** Every submitter's and group's record, best priority first. */
    public CompletionStage<List<AccountantRecord>> priorities() {
        return negotiator.onAccounts(PoolAccounts::priorities);
    }

    public CompletionStage<Void> setPriority(String name, double priority) {
        return negotiator.onAccounts(a -> {
            a.setPriority(name, priority);
            return null;
        });
    }

    public CompletionStage<Void> setPriorityFactor(String name, double factor) {
        return negotiator.onAccounts(a -> {
            a.setPriorityFactor(name, factor);
            return null;
        });
    }

    /** Sets {@code name}'s accumulated usage, in weighted slot-hours. */
    public CompletionStage<Void> setUsage(String name, double hours) {
        return negotiator.onAccounts(a -> {
            a.setUsage(name, hours);
            return null;
        });
    }

    /** The concurrency limits configured or in use. */
    public CompletionStage<GetLimits.Limits> limits() {
        return negotiator.onAccounts(PoolAccounts::limits);
    }

    public CompletionStage<Void> setLimit(String name, double max) {
        return negotiator.onAccounts(a -> {
            a.setLimit(name, max);
            return null;
        });
    }

    /** The last negotiation cycle's statistics ({@link CycleStatistics#NONE} before the first). */
    public CycleStatistics statistics() {
        return negotiator.statistics();
    }

    /** Completes, on the owner thread, with whether no cycle is running or scheduled: for tests. */
    java.util.concurrent.CompletableFuture<Boolean> negotiatorIdle() {
        return java.util.concurrent.CompletableFuture.supplyAsync(negotiator::idle, owner);
    }

    @Override
    public void close() {
        onOwner(owner, "close", negotiator::close);
        owner.shutdown();
        planner.shutdown();
        try {
            if (!owner.awaitTermination(5, TimeUnit.SECONDS)) {
                owner.shutdownNow();
            }
        } catch (InterruptedException e) {
            owner.shutdownNow();
            Thread.currentThread().interrupt();
        }
        planner.shutdownNow();
    }

    /** Queues {@code task} to the owner thread; after close it is dropped (with a trace) instead of throwing. */
    static void onOwner(ScheduledExecutorService owner, String what, Runnable task) {
        try {
            owner.execute(guarded(what, task));
        } catch (RejectedExecutionException e) {
            LOG.trace("{} dropped: the central manager is closed", what);
        }
    }

    /** {@code task} with its failures logged, so one bad step does not cancel a periodic task or go unseen. */
    static Runnable guarded(String what, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("{} failed", what, e);
            }
        };
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
