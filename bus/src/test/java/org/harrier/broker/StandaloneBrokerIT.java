package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged standalone broker in its own process. The durability claim (docs/architecture.md, "The bus":
 * an acknowledged durable send is on disk) is tested here for real: acknowledged messages, then
 * kill -9, then a new process on the same data directory.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class StandaloneBrokerIT {
    private static final String AGENT = "qmf.grid.agent.harrier.scheduler.standalone_host";
    private static final int MESSAGES = 200;

    @TempDir
    Path data;

    @Test
    void acknowledgedDurableMessagesSurviveKillMinus9() throws Exception {
        try (BrokerProcess first = BrokerProcess.launch("--data", data.toString(), "--port", "0")) {
            try (Connection connection = asOwner(first.awaitUrl())) {
                Session session = connection.createSession();
                MessageProducer producer = session.createProducer(session.createQueue(AGENT));
                // Qpid JMS sends persistent messages synchronously: send() returns once the broker
                // has acknowledged, which (journal-sync-non-transactional) is after the fsync.
                for (int i = 0; i < MESSAGES; i++) {
                    producer.send(session.createTextMessage("JobExited " + i));
                }
            }
            first.killHard();
        }
        try (BrokerProcess second = BrokerProcess.launch("--data", data.toString(), "--port", "0");
                Connection connection = asOwner(second.awaitUrl())) {
            Session session = connection.createSession();
            MessageConsumer consumer = session.createConsumer(session.createQueue(AGENT));
            List<String> received = new ArrayList<>();
            for (int i = 0; i < MESSAGES; i++) {
                Message message = consumer.receive(Amqp.DEADLINE_MS);
                assertNotNull(message, "after kill -9, only " + received.size() + " of " + MESSAGES + " messages were left");
                received.add(((TextMessage) message).getText());
            }
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < MESSAGES; i++) {
                expected.add("JobExited " + i);
            }
            assertEquals(expected, received);
            second.terminate();
        }
    }

    @Test
    void sigtermStopsTheBrokerCleanlyAndItsDataIsReusable() throws Exception {
        try (BrokerProcess first = BrokerProcess.launch("--data", data.toString(), "--port", "0")) {
            try (Connection connection = asOwner(first.awaitUrl())) {
                Session session = connection.createSession();
                session.createProducer(session.createQueue(AGENT)).send(session.createTextMessage("before SIGTERM"));
            }
            int status = first.terminate();
            // Artemis's INFO banners and audit lines stay out of the operator's terminal.
            assertAll(() -> assertEquals(143, status, "exit status after SIGTERM"),
                    () -> assertEquals(List.of("harrier-broker: users and roles in " + data.resolve("security")
                            + " (harrier user add; a new directory's administrator is " + GridBroker.owner() + ")",
                            "harrier-broker: logins by SCRAM-SHA-512, SCRAM-SHA-256, PLAIN, no TLS",
                            "harrier-broker: stopped"), first.errorLines()));
        }
        try (BrokerProcess second = BrokerProcess.launch("--data", data.toString(), "--port", "0");
                Connection connection = asOwner(second.awaitUrl())) {
            Session session = connection.createSession();
            Message message = session.createConsumer(session.createQueue(AGENT)).receive(Amqp.DEADLINE_MS);
            assertNotNull(message, "the message sent before SIGTERM is gone");
            assertEquals("before SIGTERM", ((TextMessage) message).getText());
            second.terminate();
        }
    }

    @Test
    void aSecondProcessOnTheSameDataDirectoryExitsWithOneLine() throws Exception {
        try (BrokerProcess first = BrokerProcess.launch("--data", data.toString(), "--port", "0")) {
            first.awaitUrl();
            try (BrokerProcess second = BrokerProcess.launch("--data", data.toString(), "--port", "0")) {
                int status = second.awaitExit();
                assertAll(() -> assertEquals(1, status),
                        () -> assertEquals(List.of("harrier-broker: data directory " + data.toAbsolutePath().normalize()
                                + " is in use by another broker"), second.errorLines()));
            }
            first.terminate();
        }
    }

    @Test
    void badArgumentsExitWithStatus2AndTheReason() throws Exception {
        try (BrokerProcess broker = BrokerProcess.launch("--data", data.toString(), "--port", "many")) {
            int status = broker.awaitExit();
            assertAll(() -> assertEquals(2, status),
                    () -> assertEquals(List.of("harrier-broker: --port must be a number, got \"many\"", GridBrokerMain.USAGE),
                            broker.errorLines()));
        }
    }

    /** The standalone broker made its users in DATA/security on first start, its owner an administrator. */
    private Connection asOwner(String url) throws Exception {
        return Amqp.connect(url, GridBroker.owner(), SecurityDirectory.at(data.resolve("security")).password(GridBroker.owner()));
    }
}
