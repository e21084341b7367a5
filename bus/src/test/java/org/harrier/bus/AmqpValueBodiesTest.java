package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.provider.amqp.message.AmqpValueBodies;
import org.apache.qpid.proton.amqp.Binary;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bus sets and reads message bodies without Qpid JMS's snapshot copies; what travels must be
 * exactly what {@code setObject} and {@code getObject} make and read, for every way the bus
 * sends (persistent with a completion listener, non-persistent and so copied by Qpid JMS after
 * encoding), through a real broker.
 */
@Timeout(60)
class AmqpValueBodiesTest {
    @TempDir
    Path dir;
    private GridBroker broker;
    private Connection connection;
    private Session session;
    private Queue queue;

    @BeforeEach
    void start() throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
        BrokerUrl url = BrokerUrl.parse(broker.clientUrl());
        connection = new JmsConnectionFactory(url.jmsUri()).createConnection(url.user(), url.password());
        connection.start();
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        queue = session.createTemporaryQueue();
    }

    @AfterEach
    void stop() throws Exception {
        connection.close();
        broker.close();
    }

    private static LinkedHashMap<String, Object> qmfLikeBody() {
        LinkedHashMap<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", "/bin/true");
        ad.put("ClusterId", 12L);
        ad.put("Rank", 0.5);
        ad.put("Exclusive", true);
        ad.put("Data", new Binary(new byte[] {1, 2, 3}));
        ad.put("Args", new ArrayList<>(List.of("a", "b", 3L)));
        LinkedHashMap<String, Object> body = new LinkedHashMap<>();
        body.put("_method_name", "Activate");
        body.put("_arguments", new LinkedHashMap<>(Map.of("Job", ad, "Id", "12.0")));
        return body;
    }

    private ObjectMessage typed() throws JMSException {
        ObjectMessage m = session.createObjectMessage();
        m.setBooleanProperty("JMS_AMQP_TYPED_ENCODING", true);
        return m;
    }

    private Object receivedWithGetObject() throws JMSException {
        try (MessageConsumer in = session.createConsumer(queue)) {
            Message m = in.receive(10_000);
            return ((ObjectMessage) m).getObject();
        }
    }

    @Test
    void aBodySetDirectlyArrivesAsSetObjectWouldHaveSentItPersistentOrNot() throws Exception {
        MessageProducer out = session.createProducer(queue);
        for (int mode : new int[] {DeliveryMode.NON_PERSISTENT, DeliveryMode.PERSISTENT}) {
            ObjectMessage direct = typed();
            AmqpValueBodies.set(direct, qmfLikeBody());
            out.send(direct, mode, Message.DEFAULT_PRIORITY, 0);
            ObjectMessage usual = typed();
            usual.setObject(qmfLikeBody());
            out.send(usual, mode, Message.DEFAULT_PRIORITY, 0);

            Object first = receivedWithGetObject();
            Object second = receivedWithGetObject();
            assertEquals(second, first, "delivery mode " + mode);
            @SuppressWarnings("unchecked")
            Map<String, Object> job = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) first)
                    .get("_arguments")).get("Job");
            assertEquals(12L, job.get("ClusterId"));
            assertArrayEquals(new byte[] {1, 2, 3}, ((Binary) job.get("Data")).getArray());
        }
    }

    @Test
    void aBodyReadDirectlyIsWhatGetObjectReads() throws Exception {
        MessageProducer out = session.createProducer(queue);
        ObjectMessage usual = typed();
        usual.setObject(qmfLikeBody());
        out.send(usual);
        try (MessageConsumer in = session.createConsumer(queue)) {
            ObjectMessage m = (ObjectMessage) in.receive(10_000);
            Serializable direct = AmqpValueBodies.get(m);
            assertEquals(m.getObject(), direct);
            assertEquals("Activate", ((Map<?, ?>) direct).get("_method_name"));
        }
    }

    @Test
    void aValueAmqpCannotEncodeFailsTheSendAndNothingArrives() throws Exception {
        MessageProducer out = session.createProducer(queue);
        ObjectMessage direct = typed();
        LinkedHashMap<String, Object> body = qmfLikeBody();
        body.put("Thread", new Object[] {Thread.currentThread()});
        AmqpValueBodies.set(direct, body);
        assertThrows(RuntimeException.class, () -> out.send(direct));
        try (MessageConsumer in = session.createConsumer(queue)) {
            assertEquals(null, in.receive(300));
        }
    }
}
