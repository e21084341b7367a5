package org.harrier.broker;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import org.apache.qpid.jms.JmsConnectionFactory;

/** Test clients: Qpid JMS over AMQP 1.0, set up as Harrier's bus sets it up (bus/README.md). */
final class Amqp {
    /** How long a test waits for a message that should arrive; a deadline, not an expected delay. */
    static final long DEADLINE_MS = 10_000;

    private Amqp() {
    }

    /** Connects as the broker's owner, an administrator. */
    static Connection connect(GridBroker broker) throws JMSException {
        return connect(broker.url(), GridBroker.owner(), broker.security().password(GridBroker.owner()));
    }

    /** Connects with no credentials, which a broker with security on refuses. */
    static Connection connect(String url) throws JMSException {
        return connect(url, null, null);
    }

    static Connection connect(String url, String user, String password) throws JMSException {
        // QMF's application property names (qmf.opcode, x-amqp-0-10.app-id) are not Java identifiers.
        JmsConnectionFactory factory = new JmsConnectionFactory(url + "?jms.validatePropertyNames=false");
        Connection connection = user == null ? factory.createConnection() : factory.createConnection(user, password);
        connection.start();
        return connection;
    }
}
