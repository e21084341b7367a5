package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.FileDeploymentManager;
import org.apache.activemq.artemis.core.config.impl.FileConfiguration;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.core.settings.impl.ResourceLimitSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The canonical broker.xml, read both ways: by GridBroker with settings, and by Artemis alone. */
class BrokerXmlTest {
    private static final Map<String, String> VALUES = Map.of("harrier.broker.port", "6000", "harrier.broker.data", "/srv/a&b");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "<p>${harrier.broker.port:5672}</p>       | <p>6000</p>",
        "<p>${harrier.broker.port}</p>            | <p>6000</p>",
        "<p>${ harrier.broker.port : 5672 }</p>   | <p>6000</p>",
        "<d>${harrier.broker.data:data}/j</d>     | <d>/srv/a&amp;b/j</d>",
        "<h>${harrier.broker.host:127.0.0.1}</h>  | <h>${harrier.broker.host:127.0.0.1}</h>",
        "<x>${user.home:/}</x>                    | <x>${user.home:/}</x>",
        "${harrier.broker.port:1}:${harrier.broker.port:2} | 6000:6000",
        "no placeholder                           | no placeholder",
    })
    void fillsOnlyTheBrokersOwnPlaceholdersEscapedForXml(String xml, String expected) {
        assertEquals(expected, BrokerXml.resolve(xml, VALUES));
    }

    @Test
    void aStockArtemisReadingTheFileGetsPersonalGridDefaults() throws Exception {
        Configuration configuration = artemisReadsTheFile();
        Map<String, Object> acceptor = amqpAcceptor(configuration).getParams();
        assertAll(() -> assertEquals("127.0.0.1", acceptor.get("host")),
                () -> assertEquals("5672", String.valueOf(acceptor.get("port"))),
                () -> assertEquals("AMQP", acceptor.get("protocols")),
                () -> assertEquals(new File("data/journal").getAbsoluteFile(), configuration.getJournalLocation().getAbsoluteFile()),
                () -> assertFalse(configuration.isSecurityEnabled()));
    }

    @Test
    void aStockArtemisTakesItsSettingsFromSystemProperties() throws Exception {
        Map<String, String> properties = Map.of("harrier.broker.host", "0.0.0.0", "harrier.broker.port", "15672",
                "harrier.broker.data", "/var/lib/harrier", "harrier.broker.security", "true");
        properties.forEach(System::setProperty);
        try {
            Configuration configuration = artemisReadsTheFile();
            Map<String, Object> acceptor = amqpAcceptor(configuration).getParams();
            assertAll(() -> assertEquals("0.0.0.0", acceptor.get("host")),
                    () -> assertEquals("15672", String.valueOf(acceptor.get("port"))),
                    () -> assertEquals(new File("/var/lib/harrier/bindings"), configuration.getBindingsLocation()),
                    () -> assertTrue(configuration.isSecurityEnabled()));
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
    }

    @Test
    void gridBrokerSettingsOverrideTheDefaults() throws Exception {
        Path data = Path.of("/tmp/harrier-test-data");
        Configuration configuration = BrokerXml.configuration(new BrokerSettings(data, "::1", 0, Path.of("/etc/harrier")));
        Map<String, Object> acceptor = amqpAcceptor(configuration).getParams();
        assertAll(() -> assertEquals("[::1]", acceptor.get("host")),
                () -> assertEquals("0", String.valueOf(acceptor.get("port"))),
                () -> assertEquals(data.resolve("journal").toFile(), configuration.getJournalLocation()),
                () -> assertEquals(data.resolve("bindings").toFile(), configuration.getBindingsLocation()),
                () -> assertEquals(data.resolve("paging").toFile(), configuration.getPagingLocation()),
                () -> assertEquals(data.resolve("large-messages").toFile(), configuration.getLargeMessagesLocation()),
                () -> assertTrue(configuration.isSecurityEnabled()));
    }

    @Test
    void journalIsNioAndSyncsEveryDurableWrite() throws Exception {
        Configuration configuration = BrokerXml.configuration(BrokerSettings.personal(Path.of("/tmp/x")));
        assertAll(() -> assertTrue(configuration.isPersistenceEnabled()),
                () -> assertEquals(JournalType.NIO, configuration.getJournalType()),
                () -> assertTrue(configuration.isJournalDatasync()),
                () -> assertTrue(configuration.isJournalSyncNonTransactional()),
                () -> assertTrue(configuration.isJournalSyncTransactional()),
                () -> assertEquals(500_000, configuration.getJournalBufferTimeout_NIO()));
    }

    /**
     * A 1 MiB file-transfer chunk is an ordinary message, not a large-message file; and every
     * message under the threshold fits one journal record, so Artemis never converts one to a
     * Core large message (which cannot carry QMF's nested maps).
     */
    @Test
    void aTransferChunkIsNoLargeMessageAndEverySmallerMessageFitsAJournalRecord() throws Exception {
        Configuration configuration = BrokerXml.configuration(BrokerSettings.personal(Path.of("/tmp/x")));
        TransportConfiguration amqp = configuration.getAcceptorConfigurations().stream()
                .filter(t -> "amqp".equals(t.getName())).findFirst().orElseThrow();
        // Protocol settings are not Netty's, so Artemis keeps them among the "extra" parameters.
        Map<String, Object> extra = amqp.getExtraParams() == null ? Map.of() : amqp.getExtraParams();
        long threshold = Long.parseLong(String.valueOf(extra.get("amqpMinLargeMessageSize")));
        long chunkWithHeaders = 1024 * 1024 + 16 * 1024;
        assertAll(() -> assertTrue(threshold > chunkWithHeaders, "threshold " + threshold),
                () -> assertTrue(threshold + 64 * 1024 <= configuration.getJournalBufferSize_NIO(),
                        "journal-buffer-size " + configuration.getJournalBufferSize_NIO() + " under " + threshold),
                () -> assertTrue(configuration.getJournalBufferSize_NIO() <= configuration.getJournalFileSize()));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "qmf.grid.agent.#,   ANYCAST",
        "qmf.grid.console.#, MULTICAST",
        "qmf.grid.ind.#,     MULTICAST",
    })
    void eachAddressFamilyHasItsRoutingType(String match, RoutingType routing) throws Exception {
        AddressSettings settings = BrokerXml.configuration(BrokerSettings.personal(Path.of("/tmp/x"))).getAddressSettings().get(match);
        assertAll(() -> assertEquals(routing, settings.getDefaultAddressRoutingType()),
                () -> assertEquals(routing, settings.getDefaultQueueRoutingType()));
    }

    @Test
    void agentQueuesAreNeverAutoDeletedAndTemporaryQueuesHaveNoMetrics() throws Exception {
        Configuration configuration = BrokerXml.configuration(BrokerSettings.personal(Path.of("/tmp/x")));
        assertAll(() -> assertFalse(configuration.getAddressSettings().get("qmf.grid.agent.#").isAutoDeleteQueues()),
                () -> assertFalse(configuration.getAddressSettings().get("qmf.grid.agent.#").isAutoDeleteAddresses()),
                () -> assertEquals("uuid", configuration.getUuidNamespace()),
                () -> assertFalse(configuration.getAddressSettings().get("uuid.#").isEnableMetrics()));
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({
        "qmf.grid.agent.#,   send,    admin service console",
        "qmf.grid.agent.#,   consume, admin service",
        "qmf.grid.console.#, send,    admin service console",
        "qmf.grid.console.#, consume, admin service",
        "qmf.grid.ind.#,     send,    admin service",
        "qmf.grid.ind.#,     consume, admin service console",
        "uuid.#,             send,    admin service console",
        "uuid.#,             consume, admin service console",
        "#,                  manage,  admin",
    })
    void eachFamilyGrantsItsRoles(String match, String permission, String roles) throws Exception {
        Set<Role> granted = BrokerXml.configuration(BrokerSettings.personal(Path.of("/tmp/x"))).getSecurityRoles().get(match);
        Set<String> names = granted.stream().filter(role -> switch (permission) {
            case "send" -> role.isSend();
            case "consume" -> role.isConsume();
            case "manage" -> role.isManage();
            default -> throw new IllegalArgumentException(permission);
        }).map(Role::getName).collect(Collectors.toSet());
        assertEquals(Set.of(roles.split(" ")), names);
    }

    /**
     * Both readings of the file get one MessageLimits with its limits, so an embedded broker and
     * a stock instance refuse the same messages, beside the ValidatedUserStamp (Artemis reads only
     * the first {@code <broker-plugins>}); and the acceptor bounds a frame.
     */
    @Test
    void bothReadingsRefuseOversizedAndDeeplyNestedMessages() throws Exception {
        for (Configuration configuration : List.of(artemisReadsTheFile(), BrokerXml.configuration(BrokerSettings.personal(Path.of("/tmp/x"))))) {
            List<MessageLimits> limits = configuration.getBrokerPlugins().stream()
                    .filter(MessageLimits.class::isInstance).map(MessageLimits.class::cast).toList();
            Object frame = amqpAcceptor(configuration).getExtraParams().get("maxFrameSize");
            long stamps = configuration.getBrokerPlugins().stream().filter(ValidatedUserStamp.class::isInstance).count();
            assertAll(() -> assertEquals(1, limits.size(), "MessageLimits registered once"),
                    () -> assertEquals(1, stamps, "ValidatedUserStamp registered once"),
                    () -> assertEquals(16L << 20, limits.get(0).maxMessageSize()),
                    () -> assertEquals(64, limits.get(0).maxNesting()),
                    () -> assertEquals("131072", String.valueOf(frame)));
        }
    }

    @ParameterizedTest(name = "{0}: {1} sessions, {2} queues")
    @CsvSource({"harrier-service, 10000, 10000", "harrier, 10000, 10000", "alice, 1000, 1000"})
    void theSuggestedUsersHaveGenerousSessionAndQueueCaps(String user, int sessions, int queues) throws Exception {
        ResourceLimitSettings limits = BrokerXml.configuration(BrokerSettings.personal(Path.of("/tmp/x")))
                .getResourceLimitSettings().get(user);
        assertAll(() -> assertEquals(sessions, limits.getMaxSessions()),
                () -> assertEquals(queues, limits.getMaxQueues()));
    }

    /** What a stock Artemis instance does with etc/broker.xml (its FileDeploymentManager), unaided. */
    private static Configuration artemisReadsTheFile() throws Exception {
        FileConfiguration configuration = new FileConfiguration();
        FileDeploymentManager deployment = new FileDeploymentManager(BrokerXml.class.getResource(BrokerXml.RESOURCE).toString());
        deployment.addDeployable(configuration);
        deployment.readConfiguration();
        return configuration;
    }

    private static TransportConfiguration amqpAcceptor(Configuration configuration) {
        return configuration.getAcceptorConfigurations().stream()
                .filter(acceptor -> acceptor.getName().equals("amqp"))
                .findFirst().orElseThrow(() -> new AssertionError("no acceptor named amqp"));
    }
}
