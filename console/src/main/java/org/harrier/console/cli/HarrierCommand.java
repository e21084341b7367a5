package org.harrier.console.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.harrier.console.GridClient;
import org.harrier.console.GridConnector;
import org.harrier.console.GridLocation;
import org.harrier.console.Surroundings;
import org.harrier.console.grid.BrokerAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code harrier}: the top command. Holds the options every subcommand shares (they may be
 * given before or after the subcommand's name) and what the subcommands need from outside:
 * the surroundings, the way to reach a grid, and the output streams.
 */
@Command(name = "harrier", mixinStandardHelpOptions = true, versionProvider = Version.class,
        usageHelpAutoWidth = true,
        description = "Harrier, a high-throughput computing grid in the Condor tradition on an AMQP 1.0 bus."
            + " Start a personal grid with 'harrier up', then submit jobs and watch them as with HTCondor's tools.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  harrier demo                       run examples/hello.sub on a grid of its own",
            "  harrier up                         run a personal grid here until Ctrl-C",
            "  harrier submit examples/hello.sub  queue the jobs of a submit file",
            "  harrier q                          list the job queue (like condor_q)",
            "  harrier hold 12                    hold cluster 12 (release, rm, suspend...)",
            "  harrier qedit 12.0 JobPrio 5       change a job attribute (like condor_qedit)",
            "  harrier history -limit 10          the last ten finished jobs (condor_history)",
            "  harrier wait hello.log             until the log's jobs are done (condor_wait)",
            "  harrier status                     list the pool's slots (like condor_status)",
            "  harrier q -better-analyze 12.0     why job 12.0 is idle (condor_q -better-analyze)",
            "  harrier userprio                   user priorities (condor_userprio)",
            "  harrier limits                     concurrency limits in use and their maxima",
            "  harrier reschedule                 a negotiation cycle now (condor_reschedule)",
            "  harrier user add alice             let alice log in (password in ./alice.password)",
            "",
            "The broker is the first of: --broker, $HARRIER_BROKER, the URL a running",
            "'harrier up' wrote to <data>/broker.url, and amqp://127.0.0.1:5672.",
            "Exit status: 0 done, 1 failed, 2 bad command line."})
public final class HarrierCommand implements Callable<Integer> {
    /**
     * The subcommands, in the order {@code --help} lists them. picocli reads a command's
     * annotations and builds its whole model when the command is added, which for all of these was
     * a large part of a command's start; {@link #subcommandsFor} adds only the one a command line
     * names.
     */
    private static final List<Class<?>> SUBCOMMANDS = List.of(UpCommand.class, SubmitCommand.class, QueueCommand.class,
            StatusCommand.class, HoldCommand.class, ReleaseCommand.class, RemoveCommand.class, SuspendCommand.class,
            ContinueCommand.class, VacateJobCommand.class, VacateCommand.class, QeditCommand.class, HistoryCommand.class,
            WaitCommand.class, UserprioCommand.class, LimitsCommand.class, RescheduleCommand.class,
            ClassAdEvalCommand.class, DemoCommand.class, UserCommand.class, SecurityCommand.class);

    @Spec
    CommandSpec spec;

    @Option(names = "--broker", paramLabel = "URL", scope = ScopeType.INHERIT,
            description = "AMQP URL of the grid's broker, e.g. amqp://127.0.0.1:5672 or failover:(amqp://a:5672,amqp://b:5672)")
    String broker;

    @Option(names = "--data", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "data directory of the personal grid (default ~/.harrier)")
    Path data;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "print a stack trace with errors")
    boolean debug;

    private final Surroundings surroundings;
    private final GridConnector connector;
    private final PrintWriter out;
    private final PrintWriter err;

    public HarrierCommand(Surroundings surroundings, GridConnector connector, PrintWriter out, PrintWriter err) {
        this.surroundings = surroundings;
        this.connector = connector;
        this.out = out;
        this.err = err;
    }

    /**
     * The subcommands to add for a command line whose subcommand's name is {@code name}: that one
     * alone; none for the version; all of them when {@code name} is null or names none (help, or a
     * usage error).
     */
    public static List<Class<?>> subcommandsFor(String name) {
        if ("--version".equals(name) || "-V".equals(name)) {
            return List.of();
        }
        if (name != null) {
            for (Class<?> c : SUBCOMMANDS) {
                Command command = c.getAnnotation(Command.class);
                if (command.name().equals(name) || List.of(command.aliases()).contains(name)) {
                    return List.of(c);
                }
            }
        }
        return SUBCOMMANDS;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(err);
        return 2;
    }

    Surroundings surroundings() {
        return surroundings;
    }

    PrintWriter out() {
        return out;
    }

    PrintWriter err() {
        return err;
    }

    public boolean isDebug() {
        return debug;
    }

    Path dataDir() {
        return GridLocation.dataDir(data, surroundings);
    }

    BrokerAddress brokerAddress() {
        return GridLocation.broker(broker, dataDir(), surroundings);
    }

    /** A session with the grid at {@link #brokerAddress()}; the caller closes it. */
    GridClient grid() {
        return grid(brokerAddress());
    }

    /** A session with the grid whose broker is at {@code broker}; the caller closes it. */
    GridClient grid(BrokerAddress broker) {
        return connector.connect(broker);
    }
}
