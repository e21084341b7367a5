package org.harrier.broker;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The standalone broker of a pool (docs/architecture.md, "Two ways to run it"):
 * {@code java -jar harrier-broker.jar --data DIR [--port N] [--host H] [--security DIR] [--tls DIR]}.
 *
 * <p>When the broker accepts connections, prints its AMQP URL alone on one line of standard
 * output (scripts read it; with {@code --port 0} it carries the port the system chose). Runs until
 * SIGTERM or SIGINT, then stops the broker cleanly (journal closed, lock released), prints
 * "harrier-broker: stopped" on standard error and exits as the JVM does on a signal (143 after
 * SIGTERM, 130 after SIGINT; tell a service manager these are success). Exit status 1 when the
 * broker cannot start, 2 for bad arguments; the reason is one line on standard error.
 */
public final class GridBrokerMain {
    static final String USAGE = "usage: harrier-broker --data DIR [--port N (default 5672, with --tls 5671; 0 = any free)]"
            + " [--host H (default 127.0.0.1)] [--security DIR (users and roles; default DATA/security, made on first start)]"
            + " [--tls DIR (amqps only, with DIR's broker.p12 and broker.password; harrier security init makes them)]";

    private GridBrokerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (List.of(args).contains("--help")) {
            System.out.println(USAGE);
            return;
        }
        BrokerSettings settings;
        try {
            settings = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("harrier-broker: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        GridBroker broker;
        try {
            broker = GridBroker.start(settings);
        } catch (BrokerException | IllegalArgumentException e) {
            System.err.println("harrier-broker: " + e.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                broker.stop();
                System.err.println("harrier-broker: stopped");
            } finally {
                stopped.countDown();
            }
        }, "harrier-broker-shutdown"));
        System.err.println("harrier-broker: users and roles in " + settings.securityDirectory()
                + " (harrier user add; a new directory's administrator is " + GridBroker.owner() + ")");
        System.err.println("harrier-broker: logins by " + String.join(", ", BrokerXml.saslMechanisms(settings))
                + (settings.tlsEnabled() ? ", TLS only, as " + settings.keyStore().path() : ", no TLS"));
        System.out.println(broker.url());
        System.out.flush();
        // The JVM exits when the shutdown hook is done; calling System.exit here would block.
        stopped.await();
    }

    /** The command line as settings; IllegalArgumentException names the bad argument. */
    static BrokerSettings parse(String... args) {
        Path data = null;
        Path security = null;
        Path tls = null;
        String host = BrokerSettings.LOOPBACK;
        Integer port = null;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option.startsWith("--")
                        ? option + " needs a value" : "unexpected argument " + option);
            }
            String value = args[++i];
            switch (option) {
                case "--data" -> data = Path.of(value);
                case "--security" -> security = Path.of(value);
                case "--tls" -> tls = Path.of(value);
                case "--host" -> host = value;
                case "--port" -> port = portNumber(value);
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (data == null) {
            throw new IllegalArgumentException("--data DIR is required (the broker's journal lives there)");
        }
        if (port == null) {
            port = tls == null ? BrokerSettings.AMQP_PORT : BrokerSettings.AMQPS_PORT;
        }
        BrokerSettings settings = new BrokerSettings(data, host, port, security == null ? data.resolve("security") : security);
        return tls == null ? settings : settings.withTls(BrokerKeyStore.in(tls));
    }

    private static int portNumber(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--port must be a number, got \"" + value + "\"");
        }
    }
}
