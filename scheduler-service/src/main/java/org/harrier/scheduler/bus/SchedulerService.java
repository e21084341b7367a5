package org.harrier.scheduler.bus;

import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.harrier.mgmt.AgentName;
import org.harrier.mgmt.bus.Agent;
import org.harrier.mgmt.bus.Bus;
import org.harrier.mgmt.bus.ServiceProcess;
import org.harrier.mgmt.bus.Console;
import org.harrier.scheduler.EventFanout;
import org.harrier.scheduler.Schedd;
import org.harrier.scheduler.SchedulerSettings;
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

    private SchedulerService(Bus bus, String name, SchedulerSettings settings) {
        this.name = AgentName.harrier("scheduler", name);
        this.settings = settings;
        this.owner = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "harrier-scheduler-" + name);
            t.setDaemon(true);
            return t;
        });
        this.console = bus.console();
        this.agent = bus.agent(this.name, settings.updateInterval());
        this.events = new AgentEvents(agent, settings.machine(), settings.updateInterval());
        this.userLog = UserLogWriter.start(settings.machine());
        this.schedd = new Schedd(name, settings, new BusStartds(console, this.name, settings.callTimeout()),
                EventFanout.of(events, userLog), owner, Clock.systemUTC());
        SchedulerObject object = new SchedulerObject(name, settings.machine(), settings.updateInterval(),
                System.currentTimeMillis() * 1_000_000L, schedd);
        events.host(object);
        long every = settings.updateInterval().toMillis();
        owner.scheduleAtFixedRate(schedd::tick, every, every, TimeUnit.MILLISECONDS);
        long policyEvery = settings.periodicExprInterval().toMillis();
        owner.scheduleWithFixedDelay(schedd::evaluatePolicy, policyEvery, policyEvery, TimeUnit.MILLISECONDS);
    }

    /** Starts a scheduler named {@code name} on {@code bus} (which the caller keeps and closes). */
    public static SchedulerService start(Bus bus, String name, SchedulerSettings settings) {
        return new SchedulerService(bus, name, settings);
    }

    public AgentName agentName() {
        return name;
    }

    /** The domain scheduler, for in-JVM callers (the personal grid's quick checks and tests). */
    public Schedd schedd() {
        return schedd;
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
        userLog.close();
        agent.close();
        console.close();
    }

    private static final String USAGE = "harrier-scheduler --broker URL [--name NAME] [--update-interval SECONDS]";

    /** {@code --broker URL --name NAME [--update-interval SECONDS]}: runs until the process is stopped. */
    public static void main(String[] args) throws InterruptedException {
        ServiceProcess.Options options;
        try {
            options = ServiceProcess.Options.parse(args);
        } catch (IllegalArgumentException e) {
            ServiceProcess.badCommandLine("harrier-scheduler", e.getMessage(), USAGE);
            return;
        }
        SchedulerSettings defaults = SchedulerSettings.defaults();
        SchedulerSettings settings = options.updateInterval() == null ? defaults : defaults.withUpdateInterval(options.updateInterval());
        String name = options.name() == null ? settings.machine() : options.name();
        ServiceProcess.run("harrier-scheduler", options.broker(), bus -> start(bus, name, settings),
                service -> "scheduler " + service.agentName() + " on " + options.broker());
    }
}
