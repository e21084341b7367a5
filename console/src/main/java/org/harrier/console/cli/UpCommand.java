package org.harrier.console.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.harrier.console.format.AdJson;
import org.harrier.console.grid.PersonalGrid;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.NegotiatorConfig;
import org.harrier.collector.NegotiatorSettings;
import org.harrier.exec.ExecConfig;
import org.harrier.exec.ExecSettings;
import org.harrier.config.Configuration;
import org.harrier.scheduler.SchedulerSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code harrier up}: a personal grid (broker, scheduler, collector, exec service) in this JVM. */
@Command(name = "up", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        header = "Run a personal grid here until Ctrl-C.",
        description = "Starts an embedded broker and one scheduler, collector (with negotiator) and exec"
            + " service in this process, on 127.0.0.1, keeping their data under the data directory"
            + " (--data, default ~/.harrier). Prints the broker URL and writes it to <data>/broker.url,"
            + " where the other harrier commands find it.",
        footerHeading = "%nExample:%n",
        footer = {"  harrier up &", "  harrier submit examples/hello.sub", "  harrier q"})
final class UpCommand implements Callable<Integer> {
    /** Longer than any service takes to stop with its broker up; a stop that hangs (no broker to talk to) is cut short. */
    static final Duration STOP_DEADLINE = Duration.ofSeconds(30);

    @ParentCommand
    HarrierCommand harrier;

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT",
            description = "TCP port of the broker's AMQP acceptor on 127.0.0.1 (default ${DEFAULT-VALUE}; 0 picks a free one)")
    int port = 5672;

    @Option(names = "--update-interval", paramLabel = "SECONDS",
            description = "how often the services republish their ads (UPDATE_INTERVAL, default ${DEFAULT-VALUE})")
    long updateIntervalSeconds = PersonalGrid.Settings.QUICK.toSeconds();

    @Option(names = "--periodic-expr-interval", paramLabel = "SECONDS",
            description = "how often the scheduler evaluates the jobs' periodic_hold, periodic_release and periodic_remove"
                    + " (PERIODIC_EXPR_INTERVAL, default ${DEFAULT-VALUE}, at least 1)")
    long periodicExprIntervalSeconds = SchedulerSettings.PERIODIC_EXPR_INTERVAL.toSeconds();

    @Option(names = "--config", paramLabel = "FILE",
            description = "HTCondor-style configuration (NAME = value, $(NAME), include : FILE) for the negotiator"
                    + " (PRIORITY_HALFLIFE, NEGOTIATOR_POLICY, GROUP_NAMES, GROUP_QUOTA_<g>, <NAME>_LIMIT,"
                    + " PREEMPTION_REQUIREMENTS, ...) and the execute node (NUM_CPUS, MEMORY, START, RANK,"
                    + " MACHINE_RESOURCE_<name>, CONSUMPTION_POLICY, SLOT_WEIGHT, ...); the options here override it")
    Path config;

    @Option(names = {"-json", "--json"}, description = "print the broker URL and data directory as JSON")
    boolean json;

    @Override
    public Integer call() throws InterruptedException {
        CommandLineError.checked(spec, () -> {
            if (updateIntervalSeconds < 1) {
                throw new CommandLineError("--update-interval must be at least 1 second, got " + updateIntervalSeconds);
            }
            if (periodicExprIntervalSeconds < 1) {
                throw new CommandLineError("--periodic-expr-interval must be at least 1 second, got " + periodicExprIntervalSeconds);
            }
            if (port < 0 || port > 65535) {
                throw new CommandLineError("--port must be 0 (any free port) to 65535, got " + port);
            }
            return null;
        });
        Configuration knobs = CommandLineError.checked(spec, () -> {
            if (config == null) {
                return Configuration.EMPTY;
            }
            try {
                Configuration c = Configuration.read(config);
                // Check every knob now, so a bad file is a bad command line, not a failed start.
                NegotiatorConfig.negotiator(c, NegotiatorSettings.defaults());
                NegotiatorConfig.collector(c, CollectorSettings.defaults());
                ExecConfig.apply(c, ExecSettings.builder());
                return c;
            } catch (IllegalArgumentException e) {
                throw new CommandLineError("--config: " + e.getMessage());
            }
        });
        PersonalGrid grid = PersonalGrid.start(new PersonalGrid.Settings(harrier.dataDir(), port,
                Duration.ofSeconds(updateIntervalSeconds), Duration.ofSeconds(periodicExprIntervalSeconds), knobs));
        CountDownLatch stopped = new CountDownLatch(1);
        // Ctrl-C (SIGINT) and SIGTERM run shutdown hooks: the grid stops in order and broker.url goes.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            harrier.err().println("harrier: stopping the personal grid");
            stopWithin(grid, STOP_DEADLINE);
            stopped.countDown();
        }, "harrier-up-stop"));
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("Broker", grid.url());
            m.put("Data", grid.dataDir().toString());
            harrier.out().print(AdJson.write(m));
        } else {
            harrier.out().println("Personal grid running. Broker: " + grid.url());
            harrier.out().println("Data directory: " + grid.dataDir() + " (the broker URL is in broker.url there)");
            harrier.out().println("Stop it with Ctrl-C.");
        }
        harrier.out().flush();
        stopped.await();
        return 0;
    }

    /**
     * Closes the grid, but gives up after {@code deadline}: a service whose broker is gone (a full
     * disk stopped it) may wait for it forever, and a SIGTERM must still end the process. Every
     * acknowledged change is already on disk, so halting loses nothing.
     */
    private void stopWithin(PersonalGrid grid, Duration deadline) {
        Thread closing = new Thread(grid::close, "harrier-up-close");
        closing.setDaemon(true);
        closing.start();
        try {
            closing.join(deadline.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (closing.isAlive()) {
            harrier.err().println("harrier: the grid did not stop within " + deadline.toSeconds() + " s; exiting anyway");
            harrier.err().flush();
            Runtime.getRuntime().halt(1);
        }
    }
}
