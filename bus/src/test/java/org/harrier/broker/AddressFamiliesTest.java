package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The address families of broker-config/README.md on a real embedded broker, used as Harrier's bus
 * uses them: Qpid JMS, queues for one agent's requests, wildcard topics for indications,
 * temporary queues for replies.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AddressFamiliesTest {
    @TempDir
    static Path data;
    static GridBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = GridBroker.start(BrokerSettings.personal(data).withPort(0));
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void requestSentBeforeTheAgentExistsWaitsForIt() throws Exception {
        String agent = "qmf.grid.agent.harrier.scheduler.early_host";
        try (Connection console = Amqp.connect(broker)) {
            Session session = console.createSession();
            session.createProducer(session.createQueue(agent)).send(session.createTextMessage("locate me"));
        }
        try (Connection agentSide = Amqp.connect(broker)) {
            Session session = agentSide.createSession();
            Message request = session.createConsumer(session.createQueue(agent)).receive(Amqp.DEADLINE_MS);
            assertNotNull(request, "the request sent before the agent attached was lost");
            assertEquals("locate me", ((TextMessage) request).getText());
        }
    }

    @Test
    void requestSentWhileTheAgentRestartsWaitsForIt() throws Exception {
        String agent = "qmf.grid.agent.harrier.startd.restarting_host";
        // The console's sender stays attached throughout, as the bus's does: it attached (and
        // auto-created the queue) once, so a queue deleted behind its back would not come back,
        // and its requests would be dropped as unroutable.
        try (Connection console = Amqp.connect(broker)) {
            Session consoleSession = console.createSession();
            MessageProducer requests = consoleSession.createProducer(consoleSession.createQueue(agent));
            try (Connection before = Amqp.connect(broker)) {
                Session session = before.createSession();
                MessageConsumer consumer = session.createConsumer(session.createQueue(agent));
                requests.send(consoleSession.createTextMessage("first"));
                assertNotNull(consumer.receive(Amqp.DEADLINE_MS));
            }
            // Artemis reaps auto-deletable queues on a timer (address-queue-scan-period, 30 s), so
            // check the flag the reaper reads rather than wait for it.
            assertFalse(broker.artemis().locateQueue(agent).isAutoDelete(), "the agent's queue would be reaped");
            requests.send(consoleSession.createTextMessage("while away"));
        }
        try (Connection after = Amqp.connect(broker)) {
            Session session = after.createSession();
            Message request = session.createConsumer(session.createQueue(agent)).receive(Amqp.DEADLINE_MS);
            assertNotNull(request, "the request sent while the agent was away was lost");
            assertEquals("while away", ((TextMessage) request).getText());
        }
    }

    @ParameterizedTest(name = "{0} receives {1}")
    @CsvSource({
        "qmf.grid.ind.#,                      qmf.grid.ind.data.a.b",
        "qmf.grid.ind.#,                      qmf.grid.ind.heartbeat.harrier.scheduler.host1",
        "qmf.grid.ind.heartbeat.#,            qmf.grid.ind.heartbeat.harrier.startd.host1",
        "qmf.grid.ind.data.*.job.#,           qmf.grid.ind.data.mrg_grid.job.harrier.scheduler.host1",
        "qmf.grid.ind.event.#,                qmf.grid.ind.event.mrg_grid.jobExited.info.harrier.scheduler.host1",
        "qmf.grid.console.#,                  qmf.grid.console.locate",
    })
    void wildcardSubscriptionReceivesOnlyMatchingPublications(String subscription, String address) throws Exception {
        try (Connection connection = Amqp.connect(broker)) {
            Session session = connection.createSession();
            MessageConsumer watcher = session.createConsumer(session.createTopic(subscription));
            // Sent first on a non-matching address: if the subscription matched too much, this
            // would arrive before the matching one.
            session.createProducer(session.createTopic("qmf.grid.elsewhere." + address))
                    .send(session.createTextMessage("not for you"));
            session.createProducer(session.createTopic(address)).send(session.createTextMessage(address));
            Message received = watcher.receive(Amqp.DEADLINE_MS);
            assertNotNull(received, subscription + " did not receive from " + address);
            assertEquals(address, ((TextMessage) received).getText());
        }
    }

    @Test
    void everySubscriberOfABroadcastGetsItsOwnCopy() throws Exception {
        try (Connection connection = Amqp.connect(broker)) {
            Session session = connection.createSession();
            MessageConsumer agentA = session.createConsumer(session.createTopic("qmf.grid.console.#"));
            MessageConsumer agentB = session.createConsumer(session.createTopic("qmf.grid.console.#"));
            session.createProducer(session.createTopic("qmf.grid.console.locate")).send(session.createTextMessage("who is there"));
            assertAll(() -> assertNotNull(agentA.receive(Amqp.DEADLINE_MS), "first agent"),
                    () -> assertNotNull(agentB.receive(Amqp.DEADLINE_MS), "second agent"));
        }
    }

    @Test
    void agentRepliesReachTheCallersTemporaryQueue() throws Exception {
        String agent = "qmf.grid.agent.harrier.collector.reply_host";
        try (Connection console = Amqp.connect(broker); Connection agentSide = Amqp.connect(broker)) {
            Session consoleSession = console.createSession();
            TemporaryQueue replies = consoleSession.createTemporaryQueue();
            MessageConsumer replyConsumer = consoleSession.createConsumer(replies);
            Message request = consoleSession.createTextMessage("_method_request");
            request.setJMSReplyTo(replies);
            request.setJMSCorrelationID("call-1");
            request.setStringProperty("qmf.opcode", "_method_request");
            request.setStringProperty("x-amqp-0-10.app-id", "qmf2");
            consoleSession.createProducer(consoleSession.createQueue(agent)).send(request);

            Session agentSession = agentSide.createSession();
            Message received = agentSession.createConsumer(agentSession.createQueue(agent)).receive(Amqp.DEADLINE_MS);
            assertNotNull(received, "the agent got no request");
            // As the bus's agents do (bus/README.md, "Addresses"): reply to a queue of
            // the reply-to's name, never to the destination type Qpid JMS would guess.
            String replyTo = ((jakarta.jms.Queue) received.getJMSReplyTo()).getQueueName();
            Message reply = agentSession.createTextMessage("_method_response");
            reply.setJMSCorrelationID(received.getJMSCorrelationID());
            reply.setStringProperty("qmf.opcode", "_method_response");
            MessageProducer anonymous = agentSession.createProducer(null);
            anonymous.send(agentSession.createQueue(replyTo), reply);

            Message answer = replyConsumer.receive(Amqp.DEADLINE_MS);
            assertNotNull(answer, "no reply on the temporary queue");
            assertAll(() -> assertEquals("call-1", answer.getJMSCorrelationID()),
                    () -> assertEquals("_method_response", answer.getStringProperty("qmf.opcode")),
                    () -> assertEquals("_method_request", received.getStringProperty("qmf.opcode")),
                    () -> assertEquals("qmf2", received.getStringProperty("x-amqp-0-10.app-id")));
        }
    }
}
