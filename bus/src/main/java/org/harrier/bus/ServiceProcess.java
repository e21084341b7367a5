package org.harrier.bus;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

/**
 * What every service does when it is a process of its own (harrier-scheduler, harrier-collector,
 * harrier-exec): connect to the broker, start, say so in one line, run until SIGTERM/SIGINT, then
 * close the service and the bus in that order. A bad command line is one line on stderr and exit
 * status 2; a broker that cannot be reached, or a start that fails, one line and status 1.
 */
public final class ServiceProcess {
    private ServiceProcess() {
    }

    /** The options the scheduler and the collector take; the exec service has more of its own. */
    public record Options(String broker, String name, Duration updateInterval, Path spool) {
        /**
         * {@code --broker URL [--name NAME] [--update-interval SECONDS] [--spool DIR]}; all but the
         * broker may be null.
         */
        public static Options parse(String[] args) {
            String broker = null;
            String name = null;
            Duration updateInterval = null;
            Path spool = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--broker" -> broker = value(args, ++i, "--broker");
                    case "--name" -> name = value(args, ++i, "--name");
                    case "--update-interval" -> updateInterval = Duration.ofSeconds(
                            wholeSeconds("--update-interval", value(args, ++i, "--update-interval")));
                    case "--spool" -> spool = Path.of(value(args, ++i, "--spool"));
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (broker == null) {
                throw new IllegalArgumentException("--broker URL is required");
            }
            return new Options(broker, name, updateInterval, spool);
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

    }

    /** An option's value as a whole number of seconds, at least 1; IllegalArgumentException naming the option otherwise. */
    public static long wholeSeconds(String option, String text) {
        try {
            long n = Long.parseLong(text);
            if (n < 1) {
                throw new IllegalArgumentException(option + " must be at least 1 second, got " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number of seconds, got '" + text + "'");
        }
    }

    /**
     * Connects as the URL's user, else as {@code $HARRIER_USER} (default: this account) with the
     * password in {@code $HARRIER_PASSWORD_FILE}: a pool's daemons get their credentials from the
     * environment, never from a command line others can read. Over {@code amqps://} it trusts
     * the broker certificates {@code $HARRIER_CA_FILE} (a pool's ca.pem) signs.
     */
    static Bus connect(String broker, java.util.Map<String, String> env) {
        String ca = env.get("HARRIER_CA_FILE");
        Path caFile = ca == null || ca.isBlank() ? null : Path.of(ca);
        String file = env.get("HARRIER_PASSWORD_FILE");
        if (file == null || file.isBlank() || namesUser(broker)) {
            return Bus.connect(broker, new Bus.Options(null, null, caFile, null));
        }
        String user = env.getOrDefault("HARRIER_USER", "");
        String password;
        try {
            password = java.nio.file.Files.readString(Path.of(file)).strip();
        } catch (java.io.IOException e) {
            throw new BusException("cannot read $HARRIER_PASSWORD_FILE " + file + ": " + e.getMessage(), e);
        }
        return Bus.connect(broker, new Bus.Options(user.isBlank() ? System.getProperty("user.name") : user, password, caFile, null));
    }

    private static boolean namesUser(String broker) {
        try {
            return BrokerUrl.parse(broker).user() != null;
        } catch (IllegalArgumentException e) {
            return false; // Bus.connect says what is wrong with it
        }
    }

    /** Exit status 2 with the problem and the usage, as every command-line mistake ends. */
    public static void badCommandLine(String program, String problem, String usage) {
        System.err.println(program + ": " + problem + (usage == null ? "" : "\nusage: " + usage));
        System.exit(2);
    }

    /**
     * Connects, starts the service, prints {@code banner}'s line and blocks until the process is
     * told to stop. Returns only if the start failed (after exiting with status 1).
     */
    public static <S extends AutoCloseable> void run(String program, String broker, Function<Bus, S> start,
            Function<S, String> banner) throws InterruptedException {
        Bus bus;
        try {
            bus = connect(broker, System.getenv());
        } catch (BusException e) {
            System.err.println(program + ": " + e.getMessage());
            System.exit(1);
            return;
        }
        S service;
        try {
            service = start.apply(bus);
        } catch (BusException | IllegalArgumentException | UncheckedIOException e) {
            System.err.println(program + ": " + e.getMessage());
            bus.close();
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                service.close();
            } catch (Exception e) {
                System.err.println(program + ": stopping: " + e);
            }
            bus.close();
            stopped.countDown();
        }, program + "-shutdown"));
        System.out.println(banner.apply(service));
        stopped.await();
    }
}
