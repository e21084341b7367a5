package org.harrier.exec.bus;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;

import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

/**
 * A real embedded Artemis broker, AMQP on a free loopback port, configured with the address
 * families of DESIGN.md §3 (as mgmt-schema's tests do). To be replaced by
 * org.harrier.broker.GridBroker once broker-config lands on main.
 */
final class EmbeddedBroker implements AutoCloseable {
    private final int port;
    private final EmbeddedActiveMQ broker;

    EmbeddedBroker(Path dir) throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Configuration cfg = new ConfigurationImpl().setName("exec-test-broker")
                .setPersistenceEnabled(true).setJournalType(JournalType.NIO)
                .setJournalDirectory(dir.resolve("journal").toString())
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large").toString())
                .setSecurityEnabled(false)
                .addAcceptorConfiguration("amqp", "tcp://127.0.0.1:" + port + "?protocols=AMQP");
        multicast(cfg, "qmf.grid.ind.#");
        multicast(cfg, "qmf.grid.console.#");
        cfg.addAddressSetting("qmf.grid.agent.#", new AddressSettings()
                .setDefaultAddressRoutingType(RoutingType.ANYCAST).setDefaultQueueRoutingType(RoutingType.ANYCAST)
                .setAutoDeleteQueues(false));
        broker = new EmbeddedActiveMQ().setConfiguration(cfg);
        broker.start();
    }

    private static void multicast(Configuration cfg, String match) {
        cfg.addAddressSetting(match, new AddressSettings()
                .setDefaultAddressRoutingType(RoutingType.MULTICAST).setDefaultQueueRoutingType(RoutingType.MULTICAST));
    }

    String url() {
        return "amqp://127.0.0.1:" + port;
    }

    @Override
    public void close() throws Exception {
        broker.stop();
    }

    static int unused() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
