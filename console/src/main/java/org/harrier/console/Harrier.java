package org.harrier.console;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.util.Arrays;
import org.harrier.classad.cli.ClassAdEval;
import org.harrier.console.cli.HarrierCommand;
import org.harrier.console.grid.BrokerProbe;
import org.harrier.console.grid.BusGridClient;
import org.harrier.console.submit.SubmitException;
import org.harrier.exec.run.starter.ProcessLaunch;
import picocli.CommandLine;

/**
 * The {@code harrier} command's entry point. Wires the command tree by hand and translates
 * failures into one line on stderr (docs/architecture.md: operational failures are translated once, at
 * the boundary): {@code harrier: <what went wrong>}, exit status 1; a command line picocli
 * cannot parse exits 2. A stack trace is printed only with {@code --debug}.
 */
public final class Harrier {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    private Harrier() {
    }

    public static void main(String[] args) {
        prepare(args);
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        Surroundings surroundings = Surroundings.current();
        int status;
        try (EarlyConnection early = EarlyConnection.begin(args, surroundings, defaultConnector())) {
            if (early.connecting()) {
                timeFormatsAhead();
            }
            status = run(args, surroundings, early, System.in, out, err);
        }
        out.flush();
        System.exit(status);
    }

    /** What the process sets up before any command runs; StartupTraining does the same, so the startup archive holds it. */
    static void prepare(String[] args) {
        ProcessLaunch.preferVfork();
        ProcessLaunch.pooledExitCallbacks();
        quietLogging(args);
    }

    /**
     * Loads the locale's date and number formats on the main thread, while the connecting thread
     * is still on its way to its first logger: slf4j-simple makes a SimpleDateFormat for the time
     * of day when it starts (quietLogging), and loading the locale's formats takes about 0.04 s,
     * the longest step before Qpid JMS sets up its connection (benchmarks/README.md, "Starting a
     * command"). Class initialisation and the locale caches are shared, so the thread that comes
     * second mostly finds the work done. Only a command that connects early does this: any other
     * has no second thread to shorten.
     */
    private static void timeFormatsAhead() {
        new SimpleDateFormat(System.getProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS"));
    }

    /**
     * Libraries log through slf4j-simple to stderr; a command's output is for its user, so only
     * warnings show, except that the services of {@code harrier up} log their progress at info.
     * A {@code -Dorg.slf4j.simpleLogger...} given to the JVM still wins.
     */
    private static void quietLogging(String[] args) {
        int at = subcommandAt(args);
        boolean up = at >= 0 && args[at].equals("up");
        setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        setIfAbsent("org.slf4j.simpleLogger.log.org.harrier", up ? "info" : "warn");
        if (!up) {
            // A command reports a refused login or an unreachable broker in one line of its own;
            // Qpid JMS's warnings about the same connection would only repeat it at length.
            setIfAbsent("org.slf4j.simpleLogger.log.org.apache.qpid.jms", "off");
        }
        // Named, slf4j need not look for its provider with a ServiceLoader, which opens every jar
        // on the class path (sixty, most of them the broker's) at the first logger; it then says
        // so at its own info level, which a command's user has no use for.
        setIfAbsent("slf4j.provider", "org.slf4j.simple.SimpleServiceProvider");
        setIfAbsent("slf4j.internal.verbosity", "WARN");
        setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
        setIfAbsent("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    /** The grid connector of this build: the bus, after checking the broker is there at all. */
    public static GridConnector defaultConnector() {
        return BusGridClient.connector(new BrokerProbe(Duration.ofSeconds(3)));
    }

    /** Runs one command line; returns its exit status. */
    public static int run(String[] args, Surroundings surroundings, GridConnector connector, InputStream in,
                          PrintStream out, PrintStream err) {
        int classAdEval = classAdEvalAt(args);
        if (classAdEval >= 0) {
            return ClassAdEval.run(Arrays.copyOfRange(args, classAdEval + 1, args.length), in, out, err);
        }
        PrintWriter outWriter = new PrintWriter(out, true);
        PrintWriter errWriter = new PrintWriter(err, true);
        HarrierCommand top = new HarrierCommand(surroundings, connector, outWriter, errWriter);
        CommandLine cl = new CommandLine(top);
        int at = subcommandAt(args);
        // Before the settings below: picocli gives them to the subcommands it has at that moment.
        for (Class<?> subcommand : HarrierCommand.subcommandsFor(at < 0 ? null : args[at])) {
            cl.addSubcommand(subcommand);
        }
        cl.setOut(outWriter)
                .setErr(errWriter)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(Harrier::badCommandLine)
                .setExecutionExceptionHandler((e, command, parseResult) -> failed(e, command, errWriter));
        int status = cl.execute(args);
        outWriter.flush();
        errWriter.flush();
        return status;
    }

    /**
     * Where "classad-eval" stands as the subcommand, after any global options; -1 if it does not.
     * Its arguments then go to classad-eval untouched, so they mean exactly what they mean to classad.jar.
     */
    static int classAdEvalAt(String[] args) {
        int at = subcommandAt(args);
        return at >= 0 && args[at].equals("classad-eval") ? at : -1;
    }

    /** Where the subcommand's name stands, after any global options; -1 if there is none. */
    static int subcommandAt(String[] args) {
        int i = 0;
        while (i < args.length) {
            String a = args[i];
            if (a.equals("--broker") || a.equals("--data")) {
                i += 2;
            } else if (a.startsWith("--broker=") || a.startsWith("--data=") || a.equals("--debug")) {
                i++;
            } else {
                return i;
            }
        }
        return -1;
    }

    private static int badCommandLine(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        err.println(name + ": " + e.getMessage());
        err.println("Run '" + name + " --help' for usage.");
        return USAGE;
    }

    private static int failed(Exception e, CommandLine command, PrintWriter err) {
        err.println("harrier: " + message(e));
        if (isDebug(command)) {
            e.printStackTrace(err);
        }
        return FAILED;
    }

    static String message(Exception e) {
        if (e instanceof ConsoleFailure || e instanceof SubmitException) {
            return e.getMessage();
        }
        String m = e.getMessage();
        return "internal error: " + e.getClass().getSimpleName() + (m == null ? "" : ": " + m)
                + " (run with --debug for details)";
    }

    private static boolean isDebug(CommandLine command) {
        for (CommandLine c = command; c != null; c = c.getParent()) {
            if (c.getCommand() instanceof HarrierCommand h) {
                return h.isDebug();
            }
        }
        return false;
    }
}
