package org.harrier.bus;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.io.Serializable;
import java.time.Duration;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.qpid.jms.JmsConnectionFactory;

/**
 * A foreign AMQP 1.0 client, for tests that send what the bus's own Console never would (a
 * method request whose body is not a map) and read the answer. It lives here and reaches other
 * modules' tests through harrier-bus's test-jar, because only the bus imports the AMQP client
 * (bus/README.md).
 *
 * <p>One connection and one session; the test's thread owns both (a JMS session is
 * single-threaded).
 */
public final class RawAmqp implements AutoCloseable {
    private final Connection connection;
    private final Session session;

    private RawAmqp(Connection connection) throws JMSException {
        this.connection = connection;
        this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    /** Connects to {@code url}, whose user info (amqp://user:password@host:port) names who logs in. */
    public static RawAmqp connect(String url) throws JMSException {
        BrokerUrl parsed = BrokerUrl.parse(url);
        // QMF's application property names (qmf.opcode, x-amqp-0-10.app-id) are not Java identifiers.
        Connection connection = new JmsConnectionFactory(parsed.jmsUri()).createConnection(parsed.user(), parsed.password());
        try {
            connection.start();
            return new RawAmqp(connection);
        } catch (JMSException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * Sends {@code body} with string application {@code properties} and {@code correlationId} to
     * the queue {@code address}, reply-to a temporary queue of this client's, and waits up to
     * {@code deadline} for the reply. A String goes as an AMQP string value; anything else as the
     * AMQP value it maps to (a list, a map), as the bus sends its own bodies. Returns null if no
     * reply arrived in time.
     */
    public Reply request(String address, Serializable body, Map<String, String> properties, String correlationId,
            Duration deadline) throws JMSException {
        TemporaryQueue replies = session.createTemporaryQueue();
        try (MessageConsumer in = session.createConsumer(replies)) {
            Message request = message(body);
            for (Map.Entry<String, String> property : properties.entrySet()) {
                request.setStringProperty(property.getKey(), property.getValue());
            }
            request.setJMSReplyTo(replies);
            request.setJMSCorrelationID(correlationId);
            session.createProducer(session.createQueue(address)).send(request);
            Message reply = in.receive(deadline.toMillis());
            return reply == null ? null : Reply.of(reply);
        } finally {
            replies.delete();
        }
    }

    private Message message(Serializable body) throws JMSException {
        if (body instanceof String text) {
            return session.createTextMessage(text);
        }
        ObjectMessage message = session.createObjectMessage();
        message.setBooleanProperty("JMS_AMQP_TYPED_ENCODING", true);
        message.setObject(body);
        return message;
    }

    @Override
    public void close() throws JMSException {
        connection.close();
    }

    /**
     * A reply as it arrived: its correlation id, its application properties and its body (a
     * String for an AMQP string value, else the value itself: a Map for QMF's bodies).
     */
    public record Reply(String correlationId, Map<String, Object> properties, Object body) {
        public Reply {
            properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        }

        static Reply of(Message message) throws JMSException {
            Map<String, Object> properties = new LinkedHashMap<>();
            Enumeration<?> names = message.getPropertyNames();
            while (names.hasMoreElements()) {
                String name = (String) names.nextElement();
                properties.put(name, message.getObjectProperty(name));
            }
            Object body;
            if (message instanceof TextMessage text) {
                body = text.getText();
            } else if (message instanceof ObjectMessage value) {
                body = value.getObject();
            } else {
                throw new IllegalStateException("a reply of type " + message.getClass().getSimpleName()
                        + ": RawAmqp reads AMQP string values and typed values only");
            }
            return new Reply(message.getJMSCorrelationID(), properties, body);
        }
    }
}
