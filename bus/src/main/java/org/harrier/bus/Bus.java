package org.harrier.bus;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.qpid.jms.JmsConnection;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.JmsConnectionListener;
import org.apache.qpid.jms.message.JmsInboundMessageDispatch;
import org.harrier.protocol.AgentName;

/**
 * One AMQP 1.0 connection to the broker (Qpid JMS), shared by the agents and consoles of a
 * process. It reconnects on its own after a broker restart (Qpid JMS failover: consumers and
 * producers are recovered; consoles then renew their reply queues), but fails at once if the
 * broker cannot be reached when connecting, so a command line can say so.
 *
 * <p>This package is the only one in Harrier that imports JMS (docs/architecture.md).
 */
public final class Bus implements AutoCloseable {
    private final String url;
    private final Connection connection;
    private final Outbox outbox;
    private final ScheduledExecutorService timer;
    private final List<Runnable> onRestored = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> children = new CopyOnWriteArrayList<>();

    private Bus(String url, Connection connection) throws JMSException {
        this.url = url;
        this.connection = connection;
        this.outbox = new Outbox(connection, "main");
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "harrier-bus-timer");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Connects to the broker at {@code brokerUrl} ({@code amqp://host:port}, or a Qpid JMS
     * {@code failover:(...)} URI listing several brokers). Throws {@link BusException} with a
     * one-line reason if no broker answers.
     */
    public static Bus connect(String brokerUrl) {
        return connect(brokerUrl, new Options(null, null, null, null));
    }

    /**
     * Connects as {@code user} with {@code password}, which take the place of any the URL names.
     * A refused login is a {@link BusException} saying so in one line.
     */
    public static Bus connect(String brokerUrl, String user, String password) {
        return connect(brokerUrl, new Options(user, password, null, null));
    }

    /**
     * How a process connects besides the URL.
     *
     * @param user        who logs in; null: the URL's
     * @param password    its password; null: the URL's
     * @param caFile      over {@code amqps://}, trust only the broker certificates this PEM file
     *                    (a pool's {@code ca.pem}) signs; null: the URL's
     *                    {@code transport.trustStoreLocation}, else the JVM's trusted authorities
     * @param sendTimeout how long a send may wait for the broker (a command's); null: for ever (a service's)
     * @param oneCommand  the process lives for one command: netty uses the JDK's NIO selector rather
     *                    than its native epoll transport, whose library it copies out of its jar
     *                    to a temporary file and loads on every start (about 0.015 s of a
     *                    command's 0.4; benchmarks/README.md, "Starting a command", fourth pass).
     *                    A service keeps epoll, which it pays for once.
     */
    public record Options(String user, String password, Path caFile, Duration sendTimeout, boolean oneCommand) {
        public Options {
            if (sendTimeout != null && (sendTimeout.isNegative() || sendTimeout.isZero())) {
                throw new IllegalArgumentException("a send timeout must be positive, got " + sendTimeout);
            }
        }

        /** A long-lived process's options (a service, a test). */
        public Options(String user, String password, Path caFile, Duration sendTimeout) {
            this(user, password, caFile, sendTimeout, false);
        }
    }

    /**
     * Connects as {@code options} say. A refused login, a broker whose certificate is not
     * trusted, or one that speaks only TLS to an {@code amqp://} URL, is a {@link BusException}
     * saying so in one line.
     */
    public static Bus connect(String brokerUrl, Options options) {
        Objects.requireNonNull(brokerUrl, "brokerUrl");
        BrokerUrl parsed;
        try {
            parsed = BrokerUrl.parse(brokerUrl);
            if (options.sendTimeout() != null) {
                parsed = parsed.withOption("jms.sendTimeout", Long.toString(options.sendTimeout().toMillis()));
            }
            if (options.oneCommand()) {
                // Qpid JMS's failover applies failover.nested.* to every broker of the list.
                parsed = parsed.withOption("failover.nested.transport.useEpoll", "false");
            }
        } catch (IllegalArgumentException e) {
            throw new BusException(e.getMessage(), e);
        }
        JmsConnectionFactory factory = new BusConnectionFactory(parsed.jmsUri());
        if (options.caFile() != null) {
            factory.setSslContext(TrustedCa.context(options.caFile()));
        }
        return connect(parsed, factory, options.user() == null ? parsed.user() : options.user(),
                options.password() == null ? parsed.password() : options.password());
    }

    private static Bus connect(BrokerUrl url, JmsConnectionFactory factory, String user, String password) {
        String shown = display(url.jmsUri());
        Connection c = null;
        try {
            c = factory.createConnection(user, password);
            Bus bus = new Bus(shown, c);
            ((JmsConnection) c).addConnectionListener(bus.new Restorer());
            c.start();
            return bus;
        } catch (JMSException | RuntimeException e) {
            if (c != null) {
                try {
                    c.close();
                } catch (JMSException ignored) {
                    // the connection never came up
                }
            }
            if (refusedLogin(e)) {
                throw new LoginRefusedException(user == null
                        ? "the broker at " + shown + " requires a user name and password, and none was given"
                        : "the broker at " + shown + " refused user " + user + ": wrong user name or password", e);
            }
            throw new BusException(TlsFailure.explain(shown, e).orElse("cannot reach the broker at " + shown + " (" + rootMessage(e) + ")"), e);
        }
    }

    /**
     * {@code brokerUrl} as it may be shown (a banner, a log line): the brokers it lists, without
     * credentials or options; the URL itself if it cannot be parsed.
     */
    public static String shown(String brokerUrl) {
        try {
            return display(BrokerUrl.parse(brokerUrl).jmsUri());
        } catch (IllegalArgumentException e) {
            return brokerUrl.replaceAll("//[^@/]*@", "//");
        }
    }

    /** The brokers of a failover URI without Harrier's options, for messages: {@code amqp://h:p[,amqp://h2:p]}. */
    static String display(String jmsUri) {
        int open = jmsUri.indexOf('(');
        int close = jmsUri.lastIndexOf(')');
        return open >= 0 && close > open ? jmsUri.substring(open + 1, close) : jmsUri;
    }

    private static boolean refusedLogin(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (t instanceof jakarta.jms.JMSSecurityException || m.contains("SASL") || m.contains("authenticat")) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }

    /** Hosts managed objects under {@code name}, sending heartbeats every {@code heartbeat}. */
    public Agent agent(AgentName name, Duration heartbeat) {
        try {
            Agent a = new Agent(this, name, heartbeat);
            children.add(a);
            return a;
        } catch (JMSException e) {
            throw new BusException("cannot start agent " + name + ": " + rootMessage(e), e);
        }
    }

    /**
     * An agent that takes no method request until {@link Agent#serveRequests()}: requests sent
     * while it was down (persistent one-way reports among them) wait for the objects they name.
     */
    public Agent agentServingLater(AgentName name, Duration heartbeat) {
        try {
            Agent a = new Agent(this, name, heartbeat, false);
            children.add(a);
            return a;
        } catch (JMSException e) {
            throw new BusException("cannot start agent " + name + ": " + rootMessage(e), e);
        }
    }

    /** A console: calls, queries and subscriptions towards other agents. */
    public Console console() {
        try {
            Console c = new Console(this);
            children.add(c);
            return c;
        } catch (JMSException e) {
            throw new BusException("cannot start a console: " + rootMessage(e), e);
        }
    }

    public String url() {
        return url;
    }

    Connection connection() {
        return connection;
    }

    Outbox outbox() {
        return outbox;
    }

    ScheduledExecutorService timer() {
        return timer;
    }

    void whenRestored(Runnable r) {
        onRestored.add(r);
    }

    @Override
    public void close() {
        for (AutoCloseable c : children) {
            try {
                c.close();
            } catch (Exception e) {
                // closing is best effort: the connection is going away anyway
            }
        }
        outbox.close();
        timer.shutdownNow();
        try {
            connection.close();
        } catch (JMSException e) {
            // the broker may already be gone
        }
    }

    /** Qpid JMS tells us when failover has reconnected; consoles then renew their reply queues. */
    private final class Restorer implements JmsConnectionListener {
        @Override
        public void onConnectionEstablished(URI remoteURI) {
        }

        @Override
        public void onConnectionFailure(Throwable error) {
        }

        @Override
        public void onConnectionInterrupted(URI remoteURI) {
        }

        @Override
        public void onConnectionRestored(URI remoteURI) {
            timer.execute(() -> onRestored.forEach(Runnable::run));
        }

        @Override
        public void onInboundMessage(JmsInboundMessageDispatch envelope) {
        }

        @Override
        public void onSessionClosed(jakarta.jms.Session session, Throwable cause) {
        }

        @Override
        public void onConsumerClosed(jakarta.jms.MessageConsumer consumer, Throwable cause) {
        }

        @Override
        public void onProducerClosed(jakarta.jms.MessageProducer producer, Throwable cause) {
        }
    }

    static void await(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
