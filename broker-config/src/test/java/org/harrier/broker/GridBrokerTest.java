package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Starting, stopping and restarting embedded brokers, and what they refuse. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GridBrokerTest {
    @TempDir
    Path data;

    @Test
    void portZeroListensOnAFreePortAndReportsIt() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(data).withPort(0))) {
            assertAll(() -> assertTrue(broker.isRunning()),
                    () -> assertTrue(broker.port() > 0, "port " + broker.port()),
                    () -> assertEquals("amqp://127.0.0.1:" + broker.port(), broker.url()));
            try (Connection connection = Amqp.connect(broker.url())) {
                assertNotNull(connection.getClientID());
            }
        }
    }

    @Test
    void everythingTheBrokerStoresIsUnderTheDataDirectory() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(data).withPort(0))) {
            var configuration = broker.artemis().getConfiguration();
            // Paging and large-message directories appear only when first needed.
            assertAll(() -> assertTrue(Files.list(data.resolve("journal")).findAny().isPresent(), "journal files"),
                    () -> assertTrue(Files.list(data.resolve("bindings")).findAny().isPresent(), "bindings files"),
                    () -> assertEquals(data.resolve("paging").toFile(), configuration.getPagingLocation()),
                    () -> assertEquals(data.resolve("large-messages").toFile(), configuration.getLargeMessagesLocation()));
        }
    }

    @Test
    void persistentMessageSurvivesAStopAndStartOnTheSameDataDirectory() throws Exception {
        String agent = "qmf.grid.agent.harrier.scheduler.restart_host";
        GridBroker first = GridBroker.start(BrokerSettings.personal(data).withPort(0));
        try (Connection connection = Amqp.connect(first.url())) {
            Session session = connection.createSession();
            session.createProducer(session.createQueue(agent)).send(session.createTextMessage("JobExited 1.0"));
        }
        first.stop();
        assertFalse(first.isRunning());

        try (GridBroker second = GridBroker.start(BrokerSettings.personal(data).withPort(0));
                Connection connection = Amqp.connect(second.url())) {
            Session session = connection.createSession();
            Message message = session.createConsumer(session.createQueue(agent)).receive(Amqp.DEADLINE_MS);
            assertNotNull(message, "the persistent message did not survive the restart");
            assertEquals("JobExited 1.0", ((TextMessage) message).getText());
        }
    }

    @Test
    void twoBrokersOnPortZeroInOneJvmAreIndependent() throws Exception {
        String agent = "qmf.grid.agent.harrier.scheduler.same_name";
        try (GridBroker a = GridBroker.start(BrokerSettings.personal(data.resolve("a")).withPort(0));
                GridBroker b = GridBroker.start(BrokerSettings.personal(data.resolve("b")).withPort(0));
                Connection toA = Amqp.connect(a.url());
                Connection toB = Amqp.connect(b.url())) {
            assertNotEquals(a.port(), b.port());
            Session sessionA = toA.createSession();
            Session sessionB = toB.createSession();
            sessionA.createProducer(sessionA.createQueue(agent)).send(sessionA.createTextMessage("for a"));
            sessionB.createProducer(sessionB.createQueue(agent)).send(sessionB.createTextMessage("for b"));
            Message onA = sessionA.createConsumer(sessionA.createQueue(agent)).receive(Amqp.DEADLINE_MS);
            Message onB = sessionB.createConsumer(sessionB.createQueue(agent)).receive(Amqp.DEADLINE_MS);
            assertAll(() -> assertEquals("for a", ((TextMessage) onA).getText()),
                    () -> assertEquals("for b", ((TextMessage) onB).getText()),
                    () -> assertEquals(1L, a.artemis().locateQueue(agent).getMessagesAdded()),
                    () -> assertEquals(1L, b.artemis().locateQueue(agent).getMessagesAdded()));
        }
    }

    @Test
    void aSecondBrokerOnTheSameDataDirectoryIsRefusedAndTheFirstKeepsRunning() throws Exception {
        try (GridBroker first = GridBroker.start(BrokerSettings.personal(data).withPort(0))) {
            BrokerException refused = assertThrows(BrokerException.class,
                    () -> GridBroker.start(BrokerSettings.personal(data).withPort(0)));
            assertAll(() -> assertEquals("data directory " + data.toAbsolutePath().normalize()
                            + " is in use by another broker", refused.getMessage()),
                    () -> assertTrue(first.isRunning()));
            try (Connection connection = Amqp.connect(first.url())) {
                assertNotNull(connection.getClientID());
            }
        }
    }

    @Test
    void aTakenPortIsRefusedInOneSentence() {
        try (GridBroker first = GridBroker.start(BrokerSettings.personal(data.resolve("a")).withPort(0))) {
            BrokerException refused = assertThrows(BrokerException.class,
                    () -> GridBroker.start(BrokerSettings.personal(data.resolve("b")).withPort(first.port())));
            assertAll(() -> assertTrue(refused.getMessage().startsWith("cannot listen for AMQP on 127.0.0.1:" + first.port()),
                            refused.getMessage()),
                    () -> assertTrue(first.isRunning()));
        }
        // The refused broker released the data directory it had locked.
        try (GridBroker again = GridBroker.start(BrokerSettings.personal(data.resolve("b")).withPort(0))) {
            assertTrue(again.isRunning());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "192.0.2.1,            cannot listen for AMQP on 192.0.2.1:0: ",
        "no-such-host.invalid, cannot listen for AMQP on no-such-host.invalid:0: ",
    })
    void aHostThatIsNotThisMachinesIsRefusedInOneSentence(String host, String expectedStart) {
        Path brokerData = data.resolve("broker");
        BrokerException refused = assertThrows(BrokerException.class,
                () -> GridBroker.start(BrokerSettings.personal(brokerData).withHost(host).withPort(0)));
        assertAll(() -> assertTrue(refused.getMessage().startsWith(expectedStart), refused.getMessage()),
                () -> assertFalse(Files.exists(brokerData), "a refused broker created its data directory"));
    }

    @Test
    void stopIsIdempotentAndReleasesTheDataDirectory() {
        GridBroker broker = GridBroker.start(BrokerSettings.personal(data).withPort(0));
        broker.stop();
        broker.close();
        assertFalse(broker.isRunning());
        try (GridBroker next = GridBroker.start(BrokerSettings.personal(data).withPort(0))) {
            assertTrue(next.isRunning());
        }
    }

    @Test
    void securityWithoutItsFilesIsRefusedBeforeAnythingStarts() {
        Path empty = data.resolve("no-security-files");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> GridBroker.start(BrokerSettings.personal(data.resolve("broker")).withPort(0).withSecurity(empty)));
        assertAll(() -> assertTrue(refused.getMessage().contains("artemis-users.properties"), refused.getMessage()),
                () -> assertFalse(Files.exists(data.resolve("broker")), "a refused broker created its data directory"));
    }

    @Test
    void urlNamesAHostClientsCanReach() {
        assertAll(() -> assertEquals("amqp://127.0.0.1:5672", urlFor("0.0.0.0", 5672)),
                () -> assertEquals("amqp://[::1]:5672", urlFor("::1", 5672)),
                () -> assertEquals("amqp://localhost:5672", urlFor("localhost", 5672)));
    }

    private String urlFor(String host, int port) {
        BrokerSettings settings = BrokerSettings.personal(data).withHost(host).withPort(port);
        return GridBroker.url(settings, port);
    }
}
