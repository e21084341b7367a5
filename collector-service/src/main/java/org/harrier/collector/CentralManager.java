package org.harrier.collector;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.harrier.bus.ManagedObject;
import org.harrier.bus.ObjectData;
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
 * {@code harrier-match-planner}, on an immutable snapshot. {@link Grid} calls are asynchronous
 * and their answers come back to the owner thread. {@link #accept} may be called from any thread.
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
    private final CollectorObject collector;
    private final Negotiator negotiator;

    public CentralManager(String name, CollectorSettings settings, Clock clock, Grid grid) {
        this(name, settings, NegotiatorSettings.defaults(), clock, grid);
    }

    public CentralManager(String name, CollectorSettings settings, NegotiatorSettings negotiation, Clock clock, Grid grid) {
        Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(grid, "grid");
        ScheduledThreadPoolExecutor ownerThread = new ScheduledThreadPoolExecutor(1, daemon("harrier-central-manager"));
        ownerThread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.owner = ownerThread;
        this.planner = Executors.newSingleThreadExecutor(daemon("harrier-match-planner"));
        this.store = new AdStore(settings.classAdLifetime());
        this.collector = new CollectorObject(name, settings, store, owner);
        this.negotiator = new Negotiator(name, settings, negotiation, new Threads(owner, planner, clock), store, grid);
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

    /** A data indication of any class from any agent; those the collector keeps are applied on the owner thread. */
    public void accept(ObjectData data) {
        onOwner(owner, "ad update", () -> apply(data));
    }

    private void apply(ObjectData data) {
        AdUpdate update = store.apply(data, clock.instant());
        switch (update.kind()) {
            case IGNORED -> LOG.trace("ignored: {}", update.problem());
            case REJECTED -> LOG.warn("refused an ad: {}", update.problem());
            default -> collector.refresh();
        }
        negotiator.onAdUpdate(update);
    }

    private void sweep() {
        List<StoredAd> expired = store.sweep(clock.instant());
        if (!expired.isEmpty()) {
            expired.forEach(ad -> LOG.info("{} ad {} from {} expired", ad.type().className(), ad.id().key(), ad.agent()));
            collector.refresh();
        }
    }

    /** The {@code collector} object to host. */
    public ManagedObject collector() {
        return collector;
    }

    /** The {@code negotiator} object to host; it is published after every cycle. */
    public ManagedObject negotiator() {
        return negotiator.object();
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
