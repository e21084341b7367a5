package org.harrier.console.grid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import org.harrier.broker.BrokerException;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.broker.RecoveringBroker;
import org.harrier.broker.SecurityDirectory;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.NegotiatorConfig;
import org.harrier.collector.NegotiatorSettings;
import org.harrier.exec.ExecConfig;
import org.harrier.config.Configuration;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridLocation;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.bus.ExecService;
import org.harrier.bus.Bus;
import org.harrier.bus.BusException;
import org.harrier.scheduler.QueueRights;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.store.HistoryLimits;
import org.harrier.scheduler.bus.SchedulerService;

/**
 * A personal grid (docs/architecture.md, "Two ways to run it"): an embedded broker on loopback and one
 * collector (with its negotiator), scheduler and exec service in this JVM, all named after this
 * host, with their data under one directory:
 *
 * <pre>
 *   DATA/broker/      the broker's journal, bindings, paging
 *   DATA/execute/     the exec service's execute directory (its free disk is the slot's Disk)
 *   DATA/broker.url   the broker's URL while the grid runs; the harrier commands read it
 *   DATA/security/    the broker's users and their passwords, made on first start and readable
 *                     only by this account: its commands log in as it, the services as
 *                     harrier-service (docs/security.md)
 * </pre>
 *
 * Started in dependency order (broker, bus, collector, scheduler, exec) and closed in reverse;
 * a part that fails to start closes the parts already running. A broker that stops by itself (a
 * full disk) starts again once the disk has room, and the services reconnect to it
 * ({@link RecoveringBroker}).
 */
public final class PersonalGrid implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PersonalGrid.class);

    private final Settings settings;
    private final String url;
    private final String clientUrl;
    private final Deque<AutoCloseable> running;

    /**
     * @param dataDir        where the grid keeps its state
     * @param port           the broker's AMQP port on 127.0.0.1; 0 picks a free one
     * @param updateInterval UPDATE_INTERVAL of every service; short, so a personal grid reacts quickly
     * @param periodicExprInterval the scheduler's PERIODIC_EXPR_INTERVAL (periodic_hold/release/remove), at least 1 s
     * @param config         HTCondor-style knobs for the collector/negotiator and the exec service
     *                       (harrier up --config); the settings above override the file
     * @param everyJobAsGridAccount every job runs as the account that runs the grid, whoever owns
     *                       it: for tests that play several users on one account (no knob or
     *                       option sets it; otherwise only the grid owner's jobs do)
     */
    public record Settings(Path dataDir, int port, Duration updateInterval, Duration periodicExprInterval,
                           Configuration config, boolean everyJobAsGridAccount) {
        public static final Duration QUICK = Duration.ofSeconds(2);

        public Settings(Path dataDir, int port, Duration updateInterval, Duration periodicExprInterval,
                        Configuration config) {
            this(dataDir, port, updateInterval, periodicExprInterval, config, false);
        }

        /** These settings with every job run as the grid's own account (tests of several users on one account). */
        public Settings withEveryJobAsGridAccount() {
            return new Settings(dataDir, port, updateInterval, periodicExprInterval, config, true);
        }

        /** With HTCondor's PERIODIC_EXPR_INTERVAL, 60 s. */
        public Settings(Path dataDir, int port, Duration updateInterval) {
            this(dataDir, port, updateInterval, SchedulerSettings.PERIODIC_EXPR_INTERVAL);
        }

        /** With no configuration file. */
        public Settings(Path dataDir, int port, Duration updateInterval, Duration periodicExprInterval) {
            this(dataDir, port, updateInterval, periodicExprInterval, Configuration.EMPTY);
        }

        public Settings {
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(dataDir, "dataDir");
            Objects.requireNonNull(updateInterval, "updateInterval");
            Objects.requireNonNull(periodicExprInterval, "periodicExprInterval");
            if (periodicExprInterval.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("periodicExprInterval must be at least 1 s, got " + periodicExprInterval);
            }
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0 (any free port) to 65535, got " + port);
            }
            if (updateInterval.isZero() || updateInterval.isNegative()) {
                throw new IllegalArgumentException("updateInterval must be positive, got " + updateInterval);
            }
        }
    }

    private PersonalGrid(Settings settings, String url, String clientUrl, Deque<AutoCloseable> running) {
        this.settings = settings;
        this.url = url;
        this.clientUrl = clientUrl;
        this.running = running;
    }

    /** Starts every part; a failure is a {@link ConsoleFailure} saying which part and why. */
    public static PersonalGrid start(Settings settings) {
        Deque<AutoCloseable> running = new ArrayDeque<>();
        try {
            Path data = settings.dataDir();
            Files.createDirectories(data.resolve("execute"));
            RecoveringBroker broker = RecoveringBroker.start(BrokerSettings.personal(data.resolve("broker")).withPort(settings.port())
                    .withSecurity(data.resolve(GridLocation.SECURITY_DIR)), LOG::warn);
            running.push(broker);
            Bus bus = Bus.connect(broker.clientUrl(SecurityDirectory.SERVICE_USER));
            running.push(bus);
            Duration every = settings.updateInterval();
            Configuration config = settings.config();
            SchedulerSettings schedulerSettings = SchedulerSettings.defaults().withUpdateInterval(every)
                    .withPeriodicExprInterval(settings.periodicExprInterval()).withQueueRights(QueueRights.from(config))
                    .withHistoryLimits(HistoryLimits.from(config));
            String name = schedulerSettings.machine();
            running.push(CollectorService.start(bus, name,
                    NegotiatorConfig.collector(config, CollectorSettings.defaults()).withUpdateInterval(every),
                    NegotiatorConfig.negotiator(config, NegotiatorSettings.defaults()).withSpool(data.resolve("negotiator"))));
            // Started exec first so it stops last: the scheduler, stopping, takes its running jobs
            // back (they stay queued and run again next time), rather than the exec service killing
            // them under it, which the scheduler would record as jobs that ended by a signal.
            // A personal grid runs its owner's jobs as the account that started it, as a personal
            // HTCondor does, root included: its work directories are that account's, and it could
            // run anything as itself anyway. Any other owner's job (a user let in with harrier user
            // add, or a job the owner submits as someone else) is switched, as root, to that Owner
            // or SLOT_USER, never root (exec-service/README.md, "Job accounts").
            ExecSettings.Builder exec = settings.everyJobAsGridAccount() ? ExecSettings.builder().runJobsAsItself()
                    : ExecSettings.builder().gridOwner(GridBroker.owner());
            if (!config.defined("STARTER_UPDATE_INTERVAL")) {
                exec.starterUpdateInterval(every); // a personal grid shows running jobs' usage as quickly as its ads
            }
            running.push(ExecService.start(bus, name, ExecConfig.apply(config, exec)
                    .executeDir(data.resolve("execute")).updateInterval(every).build()));
            running.push(RestartingScheduler.start(() -> SchedulerService.start(bus, name, schedulerSettings, data.resolve("spool")),
                    data.resolve("spool")));
            PersonalGrid grid = new PersonalGrid(settings, broker.url(), broker.clientUrl(), running);
            grid.writeUrl();
            return grid;
        } catch (BrokerException | BusException e) {
            closeAll(running);
            throw new ConsoleFailure("cannot start the personal grid: " + e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            closeAll(running);
            throw new ConsoleFailure("cannot start the personal grid in " + settings.dataDir() + ": " + e.getMessage());
        } catch (RuntimeException e) {
            closeAll(running);
            throw e;
        }
    }

    /** The broker's URL, {@code amqp://127.0.0.1:PORT}. */
    public String url() {
        return url;
    }

    /**
     * The broker's URL with the grid owner's credentials in it, for clients in this process
     * (tests, benchmarks); never shown to anyone.
     */
    public String clientUrl() {
        return clientUrl;
    }

    public Path dataDir() {
        return settings.dataDir();
    }

    private Path urlFile() {
        return settings.dataDir().resolve(GridLocation.BROKER_FILE);
    }

    /** Written whole or not at all (rename), so a command never reads half a URL. */
    private void writeUrl() throws IOException {
        Path tmp = Files.createTempFile(settings.dataDir(), GridLocation.BROKER_FILE, ".tmp");
        Files.writeString(tmp, url + "\n", StandardCharsets.UTF_8);
        try {
            Files.move(tmp, urlFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, urlFile(), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Stops every part, newest first, and removes broker.url if it is still this grid's. */
    @Override
    public synchronized void close() {
        try {
            if (Files.isRegularFile(urlFile()) && Files.readString(urlFile(), StandardCharsets.UTF_8).strip().equals(url)) {
                Files.delete(urlFile());
            }
        } catch (IOException e) {
            // a stale broker.url only makes the next command say the broker is not running
        }
        closeAll(running);
    }

    private static void closeAll(Deque<AutoCloseable> running) {
        while (!running.isEmpty()) {
            try {
                running.pop().close();
            } catch (Exception e) {
                // keep stopping the rest; a part that fails to stop is going away with the JVM
            }
        }
    }
}
