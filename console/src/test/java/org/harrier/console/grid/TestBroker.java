package org.harrier.console.grid;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

/** A real embedded Artemis broker with AMQP on a free loopback port and the grid's address families. */
final class TestBroker implements AutoCloseable {
    private final int port;
    private final EmbeddedActiveMQ broker;

    TestBroker(Path dir) throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Configuration cfg = new ConfigurationImpl().setName("console-test-broker")
                .setPersistenceEnabled(true).setJournalType(JournalType.NIO)
                .setJournalDirectory(dir.resolve("journal").toString())
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large").toString())
                .setSecurityEnabled(false)
                .addAcceptorConfiguration("amqp", "tcp://127.0.0.1:" + port + "?protocols=AMQP");
        for (String family : new String[] {"qmf.grid.ind.#", "qmf.grid.console.#"}) {
            cfg.addAddressSetting(family, new AddressSettings().setDefaultAddressRoutingType(RoutingType.MULTICAST)
                    .setDefaultQueueRoutingType(RoutingType.MULTICAST));
        }
        cfg.addAddressSetting("qmf.grid.agent.#", new AddressSettings().setDefaultAddressRoutingType(RoutingType.ANYCAST)
                .setDefaultQueueRoutingType(RoutingType.ANYCAST).setAutoDeleteQueues(false));
        broker = new EmbeddedActiveMQ().setConfiguration(cfg);
        broker.start();
    }

    String url() {
        return "amqp://127.0.0.1:" + port;
    }

    @Override
    public void close() throws Exception {
        broker.stop();
    }
}
