package org.harrier.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.remoting.impl.netty.NettyAcceptor;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ActiveMQServers;
import org.apache.activemq.artemis.spi.core.remoting.Acceptor;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.ActiveMQSecurityManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Artemis broker running in this JVM, configured by the canonical {@code broker.xml} with one
 * broker's {@link BrokerSettings}. Clients connect over AMQP at {@link #url()}.
 *
 * <p>Thread safety: immutable apart from the Artemis server's own state; {@link #stop()} may be
 * called from any thread (a shutdown hook included) and more than once.
 */
public final class GridBroker implements AutoCloseable {
    static {
        quietArtemisLogging();
    }

    private static final Logger LOG = LoggerFactory.getLogger(GridBroker.class);
    private static final String ACCEPTOR = "amqp";
    private static final long ACTIVATION_TIMEOUT_SECONDS = 30;
    private static final Duration CLIENT_DRAIN = Duration.ofMillis(500);

    private final BrokerSettings settings;
    private final ActiveMQServer server;
    private final int port;
    private final DataDirectoryLock lock;
    private final CompletableFuture<String> failed = new CompletableFuture<>();

    private GridBroker(BrokerSettings settings, ActiveMQServer server, int port, DataDirectoryLock lock) {
        this.settings = settings;
        this.server = server;
        this.port = port;
        this.lock = lock;
    }

    /**
     * Starts a broker and returns once it accepts AMQP connections.
     *
     * @throws IllegalArgumentException security is on but its files are missing
     * @throws BrokerException the port is taken, the data directory is in use by another broker,
     *                         or Artemis failed to start
     */
    public static GridBroker start(BrokerSettings settings) {
        Configuration configuration;
        try {
            configuration = BrokerXml.configuration(settings);
        } catch (Exception e) {
            throw new BrokerException("broker.xml is invalid: " + e.getMessage(), e);
        }
        checkListenable(settings);
        if (settings.securityEnabled()) {
            personalSecurity(settings);
        }
        ActiveMQSecurityManager security = settings.securityEnabled()
                ? PropertiesFileLogin.securityManager(settings.securityDirectory())
                : new ActiveMQJAASSecurityManager();
        DataDirectoryLock lock = DataDirectoryLock.acquire(settings.dataDirectory());
        ActiveMQServer server = null;
        try {
            server = ActiveMQServers.newActiveMQServer(configuration, ManagementFactory.getPlatformMBeanServer(), security);
            server.start();
            if (!server.isActive() && !server.waitForActivation(ACTIVATION_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new BrokerException("the broker failed to start; Artemis logged why above");
            }
            GridBroker broker = new GridBroker(settings, server, listeningPort(server, settings), lock);
            // Artemis stops the server itself after a critical I/O error (a full disk among them);
            // whoever runs the broker hears of it here instead of finding a silent, stopped broker.
            server.registerIOCriticalErrorListener((cause, message, file) -> broker.failed.complete(
                    message + (file == null ? "" : " (" + file + ")") + (cause == null ? "" : ": " + cause.getMessage())));
            LOG.debug("broker started at {} with data in {}", broker.url(), settings.dataDirectory());
            return broker;
        } catch (Exception e) {
            stopQuietly(server);
            lock.close();
            if (e instanceof BrokerException b) {
                throw b;
            }
            throw new BrokerException("the broker failed to start: " + e.getMessage(), e);
        }
    }

    /**
     * A security directory with no users file is a new personal grid's (or a new standalone
     * broker's): it gets its owner and service users, with their passwords beside them.
     */
    private static void personalSecurity(BrokerSettings settings) {
        try {
            SecurityDirectory.personal(settings.securityDirectory(), owner());
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new BrokerException("cannot set up the broker's users in " + settings.securityDirectory() + ": " + e.getMessage(), e);
        }
    }

    /** The account this JVM runs as: the administrator of the broker's personal users. */
    public static String owner() {
        return System.getProperty("user.name");
    }

    /**
     * Artemis reports a taken port or a host that is not this machine's only as an ERROR with a
     * stack trace and a failed start; trying the address first (port 0 included, which checks the
     * host) gives the operator one plain sentence instead. (Another process could take
     * the port in between; the start then fails as Artemis reports it.)
     */
    private static void checkListenable(BrokerSettings settings) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(settings.host(), settings.port()));
        } catch (IOException e) {
            throw new BrokerException("cannot listen for AMQP on " + settings.host() + ":" + settings.port() + ": " + e.getMessage(), e);
        }
    }

    /** Artemis logs a failed bind and carries on without the acceptor; a grid without AMQP is useless. */
    private static int listeningPort(ActiveMQServer server, BrokerSettings settings) {
        Acceptor acceptor = server.getRemotingService().getAcceptor(ACCEPTOR);
        if (acceptor instanceof NettyAcceptor netty && netty.isStarted() && netty.getActualPort() > 0) {
            return netty.getActualPort();
        }
        throw new BrokerException("cannot listen for AMQP on " + settings.host() + ":" + settings.port()
                + " (port in use, or not an address of this host)");
    }

    /** The port clients connect to: the configured one, or the one the system chose for port 0. */
    public int port() {
        return port;
    }

    /**
     * The AMQP URL for clients on this host. A broker bound to every interface is reached here
     * through loopback; remote clients use this host's name with {@link #port()}.
     */
    public String url() {
        return url(settings, port);
    }

    static String url(BrokerSettings settings, int port) {
        String host = settings.host();
        if (host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]")) {
            host = BrokerSettings.LOOPBACK;
        } else if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return "amqp://" + host + ":" + port;
    }

    /**
     * The URL a client in this process connects with as {@code user}, its password (from the
     * broker's security directory) in the URL's user info: for the grid's own services and for
     * tests. Never print it; {@link #url()} is the one to show.
     */
    public String clientUrl(String user) {
        if (!settings.securityEnabled()) {
            return url();
        }
        String password = SecurityDirectory.at(settings.securityDirectory()).password(user);
        return url().replace("amqp://", "amqp://" + user + ":" + password + "@");
    }

    /** {@link #clientUrl(String)} as the broker's owner, an administrator. */
    public String clientUrl() {
        return clientUrl(owner());
    }

    /** The broker's users and roles; null when security is off. */
    public SecurityDirectory security() {
        return settings.securityEnabled() ? SecurityDirectory.at(settings.securityDirectory()) : null;
    }

    public BrokerSettings settings() {
        return settings;
    }

    /** The Artemis server itself, for tests that check broker state the wire cannot show. */
    ActiveMQServer artemis() {
        return server;
    }

    /**
     * Completes with the reason when the broker stopped by itself after a critical I/O error
     * (Artemis stops a broker whose journal cannot be written, e.g. on a full disk).
     */
    public CompletableFuture<String> failure() {
        return failed;
    }

    /** Whether Artemis still counts the server as started (it may be stopping after a failure). */
    boolean artemisStarted() {
        return server.isStarted();
    }

    public boolean isRunning() {
        return server.isStarted() && server.isActive();
    }

    /** Stops the broker, closing every client connection; durable messages stay in the data directory. */
    public void stop() {
        synchronized (server) {
            if (!server.isStarted()) {
                lock.close(); // a broker Artemis stopped after a critical error still holds the directory
                return;
            }
            try {
                awaitClosingClients();
                server.stop();
                LOG.debug("broker at port {} stopped", port);
            } catch (Exception e) {
                throw new BrokerException("the broker failed to stop cleanly: " + e.getMessage(), e);
            } finally {
                lock.close();
            }
        }
    }

    @Override
    public void close() {
        stop();
    }

    /**
     * Lets the work of connections that clients have just closed finish (consumer removal, last
     * acknowledgements, temporary queue deletion run on the server's pool after the connection is
     * gone) before the journal stops; otherwise Artemis logs warnings and errors about work it can
     * no longer do. Waits until no connection is left and the pool has been idle for three checks
     * in a row, at most {@link #CLIENT_DRAIN}: clients still connected are disconnected by the stop.
     */
    private void awaitClosingClients() {
        long deadline = System.nanoTime() + CLIENT_DRAIN.toNanos();
        int quietChecks = 0;
        while (quietChecks < 3 && System.nanoTime() < deadline) {
            boolean quiet = server.getRemotingService().getConnections().isEmpty()
                    && (!(server.getThreadPool() instanceof ThreadPoolExecutor pool)
                        || (pool.getActiveCount() == 0 && pool.getQueue().isEmpty()));
            quietChecks = quiet ? quietChecks + 1 : 0;
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    private static void stopQuietly(ActiveMQServer server) {
        if (server == null) {
            return;
        }
        try {
            server.stop();
        } catch (Exception e) {
            LOG.warn("stopping a broker that failed to start: {}", e.toString());
        }
    }

    /**
     * Artemis logs a dozen INFO lines per start, and its audit loggers, at INFO (the SLF4J simple
     * binding's default), log every connection, message and acknowledgement: noise on a personal
     * grid's terminal and a cost on every message. So, unless the application has configured them,
     * the broker's loggers stay at WARN, and the audit loggers at WARN even when someone turns
     * the broker's INFO back on. Only the simple binding reads these properties; other bindings
     * keep their own configuration (see README.md).
     */
    private static void quietArtemisLogging() {
        String prefix = "org.slf4j.simpleLogger.log.";
        if (System.getProperty(prefix + "org.apache.activemq") == null
                && System.getProperty(prefix + "org.apache.activemq.artemis") == null) {
            System.setProperty(prefix + "org.apache.activemq.artemis", "warn");
        }
        if (System.getProperty(prefix + "org.apache.activemq.audit") == null) {
            System.setProperty(prefix + "org.apache.activemq.audit", "warn");
        }
    }
}
