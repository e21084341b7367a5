package org.harrier.mgmt.bus;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;

import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

/** A real embedded Artemis broker with AMQP on a free loopback port, persistent in a directory. */
final class TestBroker implements AutoCloseable {
    private final Path dir;
    private final int port;
    private EmbeddedActiveMQ broker;

    TestBroker(Path dir) throws Exception {
        this(dir, freePort());
    }

    TestBroker(Path dir, int port) throws Exception {
        this.dir = dir;
        this.port = port;
        start();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    void start() throws Exception {
        Configuration cfg = new ConfigurationImpl().setName("test-broker")
                .setPersistenceEnabled(true).setJournalType(JournalType.NIO)
                .setJournalDirectory(dir.resolve("journal").toString())
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large").toString())
                .setSecurityEnabled(false)
                .addAcceptorConfiguration("amqp", "tcp://127.0.0.1:" + port + "?protocols=AMQP");
        cfg.addAddressSetting("qmf.grid.ind.#", new AddressSettings()
                .setDefaultAddressRoutingType(RoutingType.MULTICAST).setDefaultQueueRoutingType(RoutingType.MULTICAST));
        cfg.addAddressSetting("qmf.grid.console.#", new AddressSettings()
                .setDefaultAddressRoutingType(RoutingType.MULTICAST).setDefaultQueueRoutingType(RoutingType.MULTICAST));
        cfg.addAddressSetting("qmf.grid.agent.#", new AddressSettings()
                .setDefaultAddressRoutingType(RoutingType.ANYCAST).setDefaultQueueRoutingType(RoutingType.ANYCAST)
                .setAutoDeleteQueues(false));
        broker = new EmbeddedActiveMQ().setConfiguration(cfg);
        broker.start();
    }

    void stop() throws Exception {
        broker.stop();
    }

    String url() {
        return "amqp://127.0.0.1:" + port;
    }

    @Override
    public void close() throws Exception {
        stop();
    }
}
