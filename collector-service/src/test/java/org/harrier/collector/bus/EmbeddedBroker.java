package org.harrier.collector.bus;

import java.net.ServerSocket;
import java.nio.file.Path;

import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

/**
 * A real embedded Artemis broker with AMQP on a free loopback port and DESIGN.md section 3's
 * address families. To be replaced by org.harrier.broker.GridBroker once that is on main.
 */
final class EmbeddedBroker implements AutoCloseable {
    private final EmbeddedActiveMQ broker;
    private final int port;

    EmbeddedBroker(Path dir) throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Configuration cfg = new ConfigurationImpl().setName("collector-test")
                .setPersistenceEnabled(true).setJournalType(JournalType.NIO)
                .setJournalDirectory(dir.resolve("journal").toString())
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large").toString())
                .setSecurityEnabled(false)
                .addAcceptorConfiguration("amqp", "tcp://127.0.0.1:" + port + "?protocols=AMQP");
        for (String multicast : new String[] {"qmf.grid.ind.#", "qmf.grid.console.#"}) {
            cfg.addAddressSetting(multicast, new AddressSettings()
                    .setDefaultAddressRoutingType(RoutingType.MULTICAST).setDefaultQueueRoutingType(RoutingType.MULTICAST));
        }
        cfg.addAddressSetting("qmf.grid.agent.#", new AddressSettings()
                .setDefaultAddressRoutingType(RoutingType.ANYCAST).setDefaultQueueRoutingType(RoutingType.ANYCAST)
                .setAutoDeleteQueues(false));
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
