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
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embedded brokers started, stopped and refused, as a client sees them over Qpid JMS: the port
 * it reports accepts connections, a persistent message survives a restart, two brokers in one
 * JVM keep their queues apart, and a refused second broker leaves the first serving.
 * broker-config's GridBrokerTest has the cases that need no client.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GridBrokerClientTest {
    @TempDir
    Path data;

    @Test
    void portZeroListensOnAFreePortAndReportsIt() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(data).withPort(0))) {
            assertAll(() -> assertTrue(broker.isRunning()),
                    () -> assertTrue(broker.port() > 0, "port " + broker.port()),
                    () -> assertEquals("amqp://127.0.0.1:" + broker.port(), broker.url()));
            try (Connection connection = Amqp.connect(broker)) {
                assertNotNull(connection.getClientID());
            }
        }
    }

    @Test
    void persistentMessageSurvivesAStopAndStartOnTheSameDataDirectory() throws Exception {
        String agent = "qmf.grid.agent.harrier.scheduler.restart_host";
        GridBroker first = GridBroker.start(BrokerSettings.personal(data).withPort(0));
        try (Connection connection = Amqp.connect(first)) {
            Session session = connection.createSession();
            session.createProducer(session.createQueue(agent)).send(session.createTextMessage("JobExited 1.0"));
        }
        first.stop();
        assertFalse(first.isRunning());

        try (GridBroker second = GridBroker.start(BrokerSettings.personal(data).withPort(0));
                Connection connection = Amqp.connect(second)) {
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
                Connection toA = Amqp.connect(a);
                Connection toB = Amqp.connect(b)) {
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
            try (Connection connection = Amqp.connect(first)) {
                assertNotNull(connection.getClientID());
            }
        }
    }
}
