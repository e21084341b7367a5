package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * broker.xml's security-settings with security on: the shipped roles file, users as the users
 * file allows them (plain text, and for the service the hash and SCRAM keys harrier user add
 * writes), and what each role may do per address family.
 * Besides the shipped users (admin; harrier, a service with every daemon role; alice, a console)
 * the test adds one service user per daemon role, sched (schedd) and exec (startd), to check
 * that each daemon's agent queues and the slot ads are that daemon's alone.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BrokerSecurityTest {
    private static final String AGENT = "qmf.grid.agent.harrier.scheduler.secure_host";
    private static final String STARTD_AGENT = "qmf.grid.agent.harrier.startd.secure_host";
    private static final String COLLECTOR_AGENT = "qmf.grid.agent.harrier.collector.secure_host";
    private static final Map<String, String> PASSWORDS = Map.of("admin", "admin-pw", "harrier", "service-pw", "alice", "alice-pw",
            "sched", "sched-pw", "exec", "exec-pw");

    @TempDir
    static Path dir;
    static GridBroker broker;

    @BeforeAll
    static void startSecuredBroker() throws Exception {
        Path security = Files.createDirectories(dir.resolve("etc"));
        Properties roles = new Properties();
        try (InputStream shipped = BrokerSecurityTest.class.getResourceAsStream("/" + PropertiesFileLogin.ROLES)) {
            roles.load(shipped);
        }
        roles.merge("service", "sched,exec", (a, b) -> a + "," + b);
        roles.merge("schedd", "sched", (a, b) -> a + "," + b);
        roles.merge("startd", "exec", (a, b) -> a + "," + b);
        try (OutputStream out = Files.newOutputStream(security.resolve(PropertiesFileLogin.ROLES))) {
            roles.store(out, "the shipped roles, and one service user per daemon role");
        }
        StringBuilder users = new StringBuilder("admin = " + PASSWORDS.get("admin") + "\nalice = " + PASSWORDS.get("alice")
                + "\nsched = " + PASSWORDS.get("sched") + "\nexec = " + PASSWORDS.get("exec") + "\n");
        StoredPasswords.entries("harrier", PASSWORDS.get("harrier")).forEach((key, value) -> users.append(key).append(" = ").append(value).append('\n'));
        Files.writeString(security.resolve(PropertiesFileLogin.USERS), users);
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("data")).withPort(0).withSecurity(security));
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    private static Connection as(String user) throws Exception {
        return Amqp.connect(broker.url(), user, PASSWORDS.get(user));
    }

    @ParameterizedTest(name = "{0}:{1}")
    @CsvSource({
        "nobody,",
        "alice,wrong-password",
        "harrier,service-pw-but-not-hashed-right",
    })
    void unknownUsersAndWrongPasswordsCannotConnect(String user, String password) {
        assertThrows(JMSSecurityException.class, () -> Amqp.connect(broker.url(), user, password).close());
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({
        "alice,   send a request to an agent,           allowed",
        "alice,   consume an agent's requests,          refused",
        "alice,   broadcast to every agent,             allowed",
        "alice,   listen to broadcasts,                 refused",
        "alice,   publish an indication,                refused",
        "alice,   watch indications,                    allowed",
        "harrier, send a request to an agent,           allowed",
        "harrier, consume an agent's requests,          allowed",
        "harrier, broadcast to every agent,             allowed",
        "harrier, listen to broadcasts,                 allowed",
        "harrier, publish an indication,                allowed",
        "harrier, watch indications,                    allowed",
        "harrier, read the dead letter queue,           refused",
        "admin,   consume an agent's requests,          allowed",
        "admin,   publish an indication,                allowed",
        "admin,   read the dead letter queue,           allowed",
        "alice,   consume a startd's requests,          refused",
        "alice,   consume the collector's requests,     refused",
        "harrier, consume a startd's requests,          allowed",
        "harrier, consume the collector's requests,     allowed",
        "sched,   consume an agent's requests,          allowed",
        "sched,   consume a startd's requests,          refused",
        "sched,   consume the collector's requests,     refused",
        "sched,   send a request to a startd,           allowed",
        "sched,   publish an indication,                refused",
        "sched,   publish a scheduler ad,               allowed",
        "sched,   publish a job ad,                     allowed",
        "exec,    publish a job ad,                     refused",
        "alice,   publish a job ad,                     refused",
        "alice,   watch job ads,                        allowed",
        "exec,    consume a startd's requests,          allowed",
        "exec,    consume an agent's requests,          refused",
        "exec,    publish an indication,                allowed",
        "exec,    send a request to an agent,           allowed",
        "alice,   send a request to a startd,           allowed",
        "alice,   watch slot ads,                       allowed",
        "admin,   consume a startd's requests,          allowed",
        "admin,   consume the collector's requests,     allowed",
    })
    void eachRoleMayDoWhatItsAddressFamiliesAllow(String user, String action, String verdict) throws Exception {
        try (Connection connection = as(user)) {
            Session session = connection.createSession();
            Attempt attempt = switch (action) {
                case "send a request to an agent" -> () -> session.createProducer(session.createQueue(AGENT)).send(session.createTextMessage("r"));
                case "consume an agent's requests" -> () -> session.createConsumer(session.createQueue(AGENT)).close();
                case "send a request to a startd" -> () -> session.createProducer(session.createQueue(STARTD_AGENT)).send(session.createTextMessage("r"));
                case "consume a startd's requests" -> () -> session.createConsumer(session.createQueue(STARTD_AGENT)).close();
                case "consume the collector's requests" -> () -> session.createConsumer(session.createQueue(COLLECTOR_AGENT)).close();
                case "publish a scheduler ad" -> () -> session.createProducer(session.createTopic("qmf.grid.ind.data.mrg_grid.scheduler.harrier.scheduler.h")).send(session.createTextMessage("ad"));
                case "publish a job ad" -> () -> session.createProducer(session.createTopic("qmf.grid.ind.data.mrg_grid.job.harrier.scheduler.h")).send(session.createTextMessage("ad"));
                case "watch job ads" -> () -> session.createConsumer(session.createTopic("qmf.grid.ind.data.mrg_grid.job.#")).close();
                case "watch slot ads" -> () -> session.createConsumer(session.createTopic("qmf.grid.ind.data.mrg_grid.slot.#")).close();
                case "broadcast to every agent" -> () -> session.createProducer(session.createTopic("qmf.grid.console.locate")).send(session.createTextMessage("l"));
                case "listen to broadcasts" -> () -> session.createConsumer(session.createTopic("qmf.grid.console.#")).close();
                case "publish an indication" -> () -> session.createProducer(session.createTopic("qmf.grid.ind.data.mrg_grid.slot.harrier.startd.h")).send(session.createTextMessage("ad"));
                case "watch indications" -> () -> session.createConsumer(session.createTopic("qmf.grid.ind.#")).close();
                case "read the dead letter queue" -> () -> session.createConsumer(session.createQueue("DLQ")).close();
                default -> throw new IllegalArgumentException("no such action in this table: " + action);
            };
            if (verdict.equals("allowed")) {
                attempt.run();
            } else {
                // Qpid JMS reports a refused subscription as a plain JMSException: check the reason.
                JMSException refused = assertThrows(JMSException.class, attempt::run);
                assertTrue(refused.getMessage().contains("not authorized"), refused.getMessage());
            }
        }
    }

    @Test
    void aConsoleCallsAServiceAndGetsTheReplyOnItsTemporaryQueue() throws Exception {
        try (Connection console = as("alice"); Connection service = as("harrier")) {
            Session consoleSession = console.createSession();
            TemporaryQueue replies = consoleSession.createTemporaryQueue();
            MessageConsumer replyConsumer = consoleSession.createConsumer(replies);
            MessageConsumer watcher = consoleSession.createConsumer(consoleSession.createTopic("qmf.grid.ind.#"));
            Message request = consoleSession.createTextMessage("_method_request");
            request.setJMSReplyTo(replies);
            consoleSession.createProducer(consoleSession.createQueue("qmf.grid.agent.harrier.scheduler.call_host")).send(request);

            Session serviceSession = service.createSession();
            Message received = serviceSession.createConsumer(serviceSession.createQueue("qmf.grid.agent.harrier.scheduler.call_host"))
                    .receive(Amqp.DEADLINE_MS);
            assertNotNull(received, "the service got no request");
            String replyTo = ((Queue) received.getJMSReplyTo()).getQueueName();
            serviceSession.createProducer(null).send(serviceSession.createQueue(replyTo), serviceSession.createTextMessage("_method_response"));
            serviceSession.createProducer(serviceSession.createTopic("qmf.grid.ind.data.mrg_grid.job.harrier.scheduler.call_host"))
                    .send(serviceSession.createTextMessage("_data_indication"));

            Message reply = replyConsumer.receive(Amqp.DEADLINE_MS);
            Message indication = watcher.receive(Amqp.DEADLINE_MS);
            assertAll(() -> assertNotNull(reply, "no reply on the console's temporary queue"),
                    () -> assertNotNull(indication, "the console saw no indication"));
            assertEquals("_method_response", ((jakarta.jms.TextMessage) reply).getText());
        }
    }

    @FunctionalInterface
    private interface Attempt {
        void run() throws Exception;
    }
}
