package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;
import org.apache.qpid.proton.amqp.messaging.ApplicationProperties;
import org.apache.qpid.proton.amqp.messaging.Properties;
import org.apache.qpid.proton.amqp.messaging.Rejected;
import org.apache.qpid.proton.amqp.transport.DeliveryState;
import org.apache.qpid.proton.message.Message;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.ManagedObject;
import org.harrier.bus.RawAmqp;
import org.harrier.bus.RequestContext;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker's MessageLimits as a sender and an agent see them (broker-config/README.md,
 * "Limits"): a request nesting maps 10,000 deep, or of 20 MiB, is rejected to its sender before
 * it reaches the agent's queue; the sender's connection, and the agent's, stay up; the same
 * connection's next, ordinary request is answered.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileMessagesTest {
    private static final AgentName AGENT = AgentName.harrier("scheduler", "hostile");
    private static final Duration WAIT = Duration.ofMillis(Amqp.DEADLINE_MS);
    private static final String SENDER = "alice";
    private static final String PASSWORD = "alice-pw";

    @TempDir
    Path data;
    GridBroker broker;
    Bus agentSide;
    Submissions object;

    /**
     * A broker per test, so the connections a test sees are its agent's and its client's alone.
     * The agent is the grid's service user; the hostile sender a console user, alice.
     */
    @BeforeEach
    void startBrokerAndAgent() {
        broker = GridBroker.start(BrokerSettings.personal(data).withPort(0));
        broker.security().addUser(SENDER, List.of(SecurityDirectory.Role.CONSOLE), PASSWORD);
        agentSide = Bus.connect(broker.clientUrl(SecurityDirectory.SERVICE_USER));
        Agent agent = agentSide.agent(AGENT, Duration.ofSeconds(5));
        object = new Submissions();
        agent.add(object);
    }

    @AfterEach
    void stop() {
        agentSide.close();
        broker.close();
    }

    @Test
    void aRequestNestingMapsTenThousandDeepIsRejectedAndTheSameConnectionIsAnsweredNext() throws Exception {
        try (RawTransfers raw = RawTransfers.connect(broker.url(), SENDER, PASSWORD)) {
            Set<Object> connections = connectionIds();
            DeliveryState outcome = raw.send(AGENT.requestAddress(), deepRequest(raw.replyAddress(), 10_000));

            assertTrue(outcome instanceof Rejected, "outcome " + outcome);
            String refusal = ((Rejected) outcome).getError().getDescription();
            assertAll(() -> assertEquals("failed", ((Rejected) outcome).getError().getCondition().toString()),
                    () -> assertEquals("the broker refused this message: its AMQP values nest more than 64 levels"
                            + " deep (max-nesting)", refusal),
                    () -> assertTrue(raw.isOpen(), "the sender's connection was closed"));

            raw.send(AGENT.requestAddress(), request(raw.replyAddress(), "after-deep"));
            Message reply = raw.receive();
            assertAll(() -> assertEquals("after-deep", reply.getCorrelationId()),
                    () -> assertEquals("_method_response", reply.getApplicationProperties().getValue().get("qmf.opcode")),
                    () -> assertEquals(Map.of("Id", "1.0"), ((Map<?, ?>) ((AmqpValue) reply.getBody()).getValue()).get("_arguments")),
                    () -> assertEquals(connections, connectionIds(), "the agent's and the sender's connections stayed up"));
        }
        assertEquals(1, object.count.get(), "the agent saw only the ordinary request");
    }

    @Test
    void aTwentyMebibyteRequestIsRejectedAndTheSameConnectionIsAnsweredNext() throws Exception {
        try (RawAmqp raw = RawAmqp.connect(broker.url().replace("amqp://", "amqp://" + SENDER + ":" + PASSWORD + "@"))) {
            Set<Object> connections = connectionIds();
            JMSException refused = assertThrows(JMSException.class, () -> raw.request(AGENT.requestAddress(),
                    new byte[20 << 20], qmfRequest(), "big", WAIT));
            assertTrue(refused.getMessage().contains("the broker refused this message: it is 2097"), refused.getMessage());
            assertTrue(refused.getMessage().contains("over the broker's limit of 16777216 (max-message-size)"), refused.getMessage());

            RawAmqp.Reply reply = raw.request(AGENT.requestAddress(), body(), qmfRequest(), "after-big", WAIT);
            assertNotNull(reply, "no answer to the ordinary request after the refused one");
            assertEquals(Map.of("Id", "1.0"), ((Map<?, ?>) reply.body()).get("_arguments"));
            assertEquals(connections, connectionIds(), "the agent's and the sender's connections stayed up");
        }
        assertAll(() -> assertEquals(1, object.count.get(), "the agent saw only the ordinary request"),
                () -> assertEquals(0L, broker.artemis().locateQueue(AGENT.requestAddress()).getMessageCount(),
                        "nothing is left waiting in the agent's queue"),
                () -> assertEquals(List.of(), filesIn(data.resolve("large-messages")), "the refused message's file is gone"));
    }

    private static List<Path> filesIn(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    private Set<Object> connectionIds() {
        return broker.artemis().getRemotingService().getConnections().stream().map(RemotingConnection::getID)
                .collect(Collectors.toSet());
    }

    private static Map<String, String> qmfRequest() {
        return Map.of("x-amqp-0-10.app-id", "qmf2", "qmf.opcode", "_method_request");
    }

    private LinkedHashMap<String, Object> body() {
        LinkedHashMap<String, Object> body = new LinkedHashMap<>();
        body.put("_object_id", new LinkedHashMap<>(Map.of("_object_name", object.id().objectName())));
        body.put("_method_name", "Submit");
        body.put("_arguments", new LinkedHashMap<>(Map.of("Ad", new LinkedHashMap<>(Map.of("Cmd", "/bin/true")))));
        return body;
    }

    /** An ordinary Submit, encoded by proton-j. */
    private byte[] request(String replyTo, String correlationId) {
        Message m = headers(replyTo, correlationId);
        m.setBody(new AmqpValue(body()));
        return encode(m);
    }

    /**
     * A Submit whose Ad is a map nested {@code depth} deep, written by hand after headers that
     * proton-j encodes: its recursive encoder would overflow this thread's stack on the body.
     */
    private byte[] deepRequest(String replyTo, int depth) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(encode(headers(replyTo, "deep")));
        out.writeBytes(new byte[] {0x00, 0x53, 0x77});
        out.writeBytes(map(str("_object_id"), map(str("_object_name"), str(object.id().objectName())),
                str("_method_name"), str("Submit"), str("_arguments"), map(str("Ad"), nestedMaps(depth))));
        return out.toByteArray();
    }

    private static Message headers(String replyTo, String correlationId) {
        Message m = Message.Factory.create();
        Properties properties = new Properties();
        properties.setReplyTo(replyTo);
        properties.setCorrelationId(correlationId);
        m.setProperties(properties);
        m.setApplicationProperties(new ApplicationProperties(new LinkedHashMap<>(qmfRequest())));
        return m;
    }

    private static byte[] encode(Message m) {
        byte[] buffer = new byte[1 << 16];
        int length = m.encode(buffer, 0, buffer.length);
        return java.util.Arrays.copyOf(buffer, length);
    }

    /** A map32 of the given encoded keys and values. */
    private static byte[] map(byte[]... items) {
        int length = 0;
        for (byte[] item : items) {
            length += item.length;
        }
        ByteBuffer b = ByteBuffer.allocate(1 + 4 + 4 + length).put((byte) 0xd1).putInt(4 + length).putInt(items.length);
        for (byte[] item : items) {
            b.put(item);
        }
        return b.array();
    }

    private static byte[] str(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(2 + utf8.length).put((byte) 0xa1).put((byte) utf8.length).put(utf8).array();
    }

    /** {@code maps} maps, each but the innermost (empty) holding the next under key "a", front to back. */
    private static byte[] nestedMaps(int maps) {
        int inner = 3;
        int wrapper = 1 + 4 + 4 + 3;
        ByteBuffer b = ByteBuffer.allocate((maps - 1) * wrapper + inner);
        for (int level = maps; level >= 2; level--) {
            b.put((byte) 0xd1).putInt(4 + 3 + (level - 2) * wrapper + inner).putInt(2);
            b.put((byte) 0xa1).put((byte) 1).put((byte) 'a');
        }
        return b.put((byte) 0xc1).put((byte) 1).put((byte) 0).array();
    }

    /** A scheduler object whose Submit answers "1.N" for its Nth submission and counts them. */
    static final class Submissions implements ManagedObject {
        final AtomicInteger count = new AtomicInteger();
        private final ObjectId id = ObjectId.grid("scheduler", "hostile");

        @Override
        public ObjectId id() {
            return id;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", "hostile");
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
            return CompletableFuture.completedFuture(Map.of("Id", "1." + count.getAndIncrement()));
        }
    }
}
