package org.harrier.scheduler.bus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.harrier.protocol.AgentName;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.ServiceProcess;
import org.harrier.bus.Console;
import org.harrier.scheduler.EventFanout;
import org.harrier.scheduler.Schedd;
import org.harrier.scheduler.QueueRights;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.ScheddEvents;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.store.Journal;
import org.harrier.scheduler.store.CheckpointSpool;
import org.harrier.scheduler.store.HistoryLimits;
import org.harrier.scheduler.store.QueueLog;
import org.harrier.scheduler.transfer.FileTransfers;
import org.harrier.scheduler.transfer.TransferLimits;
import org.harrier.scheduler.userlog.UserLogWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler service, wired by hand: agent {@code harrier:scheduler:<name>} hosting the
 * {@code scheduler}, {@code job} and {@code submitter} objects, a console for calls to startds,
 * and the {@link Schedd} on its owner thread. Runs as its own process ({@link #main}) or inside
 * another JVM ({@link #start}; the personal grid's {@code harrier up}).
 *
 * <p>Threads: the owner thread ({@code harrier-scheduler-<name>}) holds all scheduler state,
 * ticks the statistics every update interval and evaluates the periodic job policy every
 * PERIODIC_EXPR_INTERVAL; the agent's and console's threads only hop onto it. Job user logs are
 * appended on a thread of their own ({@code harrier-userlog}).
 */
public final class SchedulerService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SchedulerService.class);

    private final AgentName name;
    private final SchedulerSettings settings;
    private final ScheduledExecutorService owner;
    private final Agent agent;
    private final Console console;
    private final Schedd schedd;
    private final AgentEvents events;
    private final UserLogWriter userLog;
    private final CheckpointSpool checkpoints;
    private final FileTransfers transfers;
    private final java.util.concurrent.CompletableFuture<java.io.IOException> journalFailure;

    private SchedulerService(Bus bus, String name, SchedulerSettings settings, QueueLog.Recovery stored, Path spool,
            TransferLimits transferLimits) {
        this.name = AgentName.harrier("scheduler", name);
        this.settings = settings;
        this.owner = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "harrier-scheduler-" + name);
            t.setDaemon(true);
            return t;
        });
        // Nothing runs on the owner thread until this constructor is done: the recovery queued
        // below must come before any call the agent hands over, and it publishes through the
        // scheduler object, which is hosted only at the end.
        CountDownLatch constructed = new CountDownLatch(1);
        owner.execute(() -> awaitUninterruptibly(constructed));
        this.console = bus.console();
        // Requests wait until the scheduler object is hosted and the recovery queued ahead of
        // them: exit reports that waited on the broker while the scheduler was down then find
        // the jobs and claims the recovery took back (docs/protocols.md, "Scheduler restart").
        this.agent = bus.agentServingLater(this.name, settings.updateInterval());
        this.events = new AgentEvents(agent, settings.machine(), settings.updateInterval());
        this.userLog = stored == null ? UserLogWriter.inMemory(settings.machine())
                : UserLogWriter.keptIn(settings.machine(), stored.log());
        BusStartds startds = new BusStartds(console, this.name, settings.callTimeout(), spool);
        this.checkpoints = spool == null ? null : new CheckpointSpool(spool);
        ScheddEvents published = checkpoints == null ? EventFanout.of(events, userLog)
                : EventFanout.of(events, userLog, checkpoints);
        JobQueue queue = stored == null ? new JobQueue() : stored.queue();
        this.journalFailure = stored == null ? new java.util.concurrent.CompletableFuture<>() : stored.log().failure();
        // A query's view is taken on the owner thread; the query thread waits for it there.
        events.serveJobs(queue, this::queueView, this::finishedAd);
        this.schedd = new Schedd(name, settings, startds, published, owner, Clock.systemUTC(), queue,
                stored == null ? Journal.NONE : stored.log());
        this.transfers = new FileTransfers(new FileTransfers.Jobs() {
            @Override
            public java.util.concurrent.CompletableFuture<org.harrier.classad.ClassAd> claimedJob(
                    org.harrier.scheduler.queue.JobId id, String claimId) {
                return schedd.reports().claimedJob(id, claimId);
            }

            @Override
            public java.util.concurrent.CompletableFuture<Long> addBytes(org.harrier.scheduler.queue.JobId id, String attribute,
                    long bytes) {
                return schedd.reports().addBytes(id, attribute, bytes);
            }
        }, transferLimits, checkpoints == null ? null : checkpoints::jobDir);
        events.transferred(transfers::ownerProperties);
        SchedulerObject object = new SchedulerObject(name, settings.machine(), settings.updateInterval(),
                System.currentTimeMillis() * 1_000_000L, schedd, transfers, settings.queueRights(), agent.queries());
        schedd.recover().whenComplete((jobs, failed) -> readHistoryIndexes(stored));
        events.host(object);
        agent.serveRequests();
        constructed.countDown();
        long every = settings.updateInterval().toMillis();
        owner.scheduleAtFixedRate(schedd::tick, every, every, TimeUnit.MILLISECONDS);
        long policyEvery = settings.periodicExprInterval().toMillis();
        owner.scheduleWithFixedDelay(schedd::evaluatePolicy, policyEvery, policyEvery, TimeUnit.MILLISECONDS);
        long aliveEvery = settings.aliveInterval().toMillis();
        owner.scheduleWithFixedDelay(schedd::renewClaims, aliveEvery, aliveEvery, TimeUnit.MILLISECONDS);
        // One early round after a restart: a claim taken back that its startd disowned (0x10002
        // to the Alive the recovery sent) is given up then, once the exit reports that waited on
        // the broker have long been applied, instead of a whole ALIVE_INTERVAL later.
        owner.schedule(schedd::renewClaims, Math.min(aliveEvery, settings.callTimeout().toMillis()), TimeUnit.MILLISECONDS);
    }

    /**
     * Reads the history's indexes on a thread of its own once the recovery is done, neither
     * delaying the start nor waiting for the first query to read them (about 1 s for a million
     * jobs): that query then answers as fast as the next. A failure only leaves the reading to
     * the first query, which reports it.
     */
    private void readHistoryIndexes(QueueLog.Recovery stored) {
        if (stored == null || stored.log().history().isEmpty()) {
            return;
        }
        org.harrier.scheduler.store.HistoryFile history = stored.log().history().get();
        Thread reader = new Thread(() -> {
            long start = System.nanoTime();
            try {
                int ads = history.loadIndexes();
                LOG.info("scheduler {}: history index of {} jobs read in {} ms", name, ads, (System.nanoTime() - start) / 1_000_000);
            } catch (IOException | RuntimeException e) {
                LOG.warn("scheduler {}: could not read the history's index ({}); the first history query reads it", name, e.toString());
            }
        }, "harrier-history-index");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * The queue as it is now for a query's walk, taken on the owner thread (a QueueView): the
     * query thread waits at most the call timeout for it, and the query fails past that.
     */
    private org.harrier.scheduler.queue.QueueView queueView() {
        if (schedd == null) {
            throw new IllegalStateException("the scheduler is still starting");
        }
        try {
            return schedd.queueView().get(settings.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the scheduler did not hand over its queue: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for the queue", e);
        }
    }

    /**
     * The final ad of a job that has left the queue, or null: asked of the owner thread (the
     * history is its), waiting at most the call timeout, for a query that names the job.
     */
    private org.harrier.classad.ClassAd finishedAd(org.harrier.scheduler.queue.JobId job) {
        if (schedd == null) {
            return null; // a query that came while this service was still being built
        }
        try {
            return schedd.ad(job).get(settings.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            return null; // not in the queue or its history (or the owner thread is too busy to say)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts a scheduler named {@code name} on {@code bus} (which the caller keeps and closes)
     * whose job queue is kept in {@code spool} (its {@code job_queue.log}), carrying on from what
     * the log holds. Throws UncheckedIOException when the spool cannot be read or written.
     */
    public static SchedulerService start(Bus bus, String name, SchedulerSettings settings, Path spool) {
        return start(bus, name, settings, spool, TransferLimits.DEFAULT);
    }

    /** As {@link #start(Bus, String, SchedulerSettings, Path)}, with MAX_CONCURRENT_UPLOADS/DOWNLOADS. */
    public static SchedulerService start(Bus bus, String name, SchedulerSettings settings, Path spool,
            TransferLimits transferLimits) {
        QueueLog.Recovery stored;
        try {
            stored = QueueLog.open(spool, settings.historyLimits());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the job queue in " + spool + ": " + e.getMessage(), e);
        }
        LOG.info("scheduler {}: job queue {}: {} jobs from {} transactions ({} bytes){}", name, spool,
                stored.queue().size(), stored.transactions(), stored.bytes(),
                stored.problem() == null ? "" : "; cut off a bad tail of " + stored.cutBytes() + " bytes (" + stored.problem() + ")");
        return new SchedulerService(bus, name, settings, stored, spool, transferLimits);
    }

    /** A scheduler whose queue lives only in memory and is gone when it stops (tests). */
    public static SchedulerService startInMemory(Bus bus, String name, SchedulerSettings settings) {
        return startInMemory(bus, name, settings, TransferLimits.DEFAULT);
    }

    /** A scheduler in memory with MAX_CONCURRENT_UPLOADS/DOWNLOADS (tests of file transfer). */
    public static SchedulerService startInMemory(Bus bus, String name, SchedulerSettings settings, TransferLimits limits) {
        return new SchedulerService(bus, name, settings, null, null, limits);
    }

    public AgentName agentName() {
        return name;
    }

    /**
     * Completes when the job queue log stopped keeping changes (a full disk): the scheduler then
     * acknowledges nothing more, and only a restart from its spool serves submissions again.
     */
    public java.util.concurrent.CompletableFuture<java.io.IOException> journalFailure() {
        return journalFailure;
    }

    /** The domain scheduler, for in-JVM callers (the personal grid's quick checks and tests). */
    public Schedd schedd() {
        return schedd;
    }

    /**
     * Stops as a scheduler process that died would, leaving its claims and running jobs to the
     * next scheduler on the same spool, which reconnects to them (docs/protocols.md, "Scheduler
     * restart"). For a scheduler whose job queue log stopped: releasing its claims now would end
     * jobs whose ends it can no longer record.
     */
    public void abandon() {
        owner.shutdownNow();
        try {
            owner.awaitTermination(settings.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        agent.close();
        console.close();
        schedd.closeJournal();
        transfers.close();
        userLog.close();
        if (checkpoints != null) {
            checkpoints.close();
        }
    }

    /**
     * Kills running jobs and releases claims (waiting at most the call timeout), withdraws the
     * objects, and stops the owner thread. The bus stays open.
     */
    @Override
    public void close() {
        try {
            schedd.releaseClaims().get(settings.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("scheduler {}: startds did not answer the release of every claim in {}", name, settings.callTimeout());
        } catch (Exception e) {
            LOG.warn("scheduler {}: releasing claims failed: {}", name, e.toString());
        }
        try {
            owner.submit(events::withdrawAll).get(settings.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            LOG.warn("scheduler {}: withdrawing objects failed: {}", name, e.toString());
        }
        owner.shutdownNow();
        try {
            owner.awaitTermination(settings.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        schedd.closeJournal();
        transfers.close();
        userLog.close();
        if (checkpoints != null) {
            checkpoints.close();
        }
        agent.close();
        console.close();
    }

    /**
     * {@code --broker URL [--name NAME] [--update-interval SECONDS] [--spool DIR]
     * [--periodic-expr-interval SECONDS] [--max-history-log BYTES] [--max-history-rotations N]
     * [--config FILE]}: runs until the process is stopped. FILE holds HTCondor-style knobs; the
     * scheduler reads QUEUE_SUPER_USERS and QUEUE_SUPER_USER_MAY_IMPERSONATE
     * ({@link QueueRights#from}), MAX_HISTORY_LOG and MAX_HISTORY_ROTATIONS ({@link HistoryLimits#from});
     * the options are {@link SchedulerOptions}'.
     */
    public static void main(String[] args) throws InterruptedException {
        SchedulerOptions options;
        try {
            options = SchedulerOptions.parse(args, SchedulerSettings.defaults());
        } catch (IllegalArgumentException e) {
            ServiceProcess.badCommandLine("harrier-scheduler", e.getMessage(), SchedulerOptions.USAGE);
            return;
        }
        String name = options.service().name() == null ? options.settings().machine() : options.service().name();
        Path spool = options.service().spool() != null ? options.service().spool()
                : Path.of(System.getProperty("user.home"), ".harrier", "spool", name);
        ServiceProcess.run("harrier-scheduler", options.service().broker(), bus -> exitingWhenItsLogFails(
                        start(bus, name, options.settings(), spool, options.limits()), bus, spool),
                service -> "scheduler " + service.agentName() + " on " + Bus.shown(options.service().broker()));
    }

    /**
     * A scheduler process whose job queue log stopped (a full or failing disk) acknowledges
     * nothing more, and only a start from its spool is sound again: it exits with status 1, so
     * that whatever supervises it (a service manager, the pool's master) starts it again. It
     * abandons its claims rather than releasing them, as a crash would: the running jobs go on,
     * and the next scheduler on the same spool reconnects to them. The personal grid restarts its
     * in-process scheduler itself instead, once the disk has room (console's RestartingScheduler).
     */
    private static SchedulerService exitingWhenItsLogFails(SchedulerService service, Bus bus, Path spool) {
        service.journalFailure().thenAccept(error -> {
            // Not on the thread that completed the failure (the owner thread, which abandon() stops).
            Thread exit = new Thread(() -> {
                System.err.println("harrier-scheduler: its job queue log in " + spool + " failed (" + error.getMessage()
                        + "); exiting with status 1 to be started again from the spool, its running jobs left to the next start");
                service.abandon();
                bus.close();
                Runtime.getRuntime().halt(1); // not exit(): the shutdown hook would release the claims
            }, "harrier-scheduler-exit");
            exit.start();
        });
        return service;
    }
}
