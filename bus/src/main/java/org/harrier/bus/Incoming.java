package org.harrier.bus;

import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import org.apache.qpid.jms.provider.amqp.message.AmqpValueBodies;

/**
 * A received QMF message, read once into plain values. Anything malformed (not an object
 * message, a body that is not a map or list, missing properties) is reported through
 * {@link #problem()} rather than thrown, so the receiver can answer with an {@code _exception}
 * and keep serving (docs/architecture.md, "Failures and bad input").
 */
record Incoming(String opcode, String method, String agent, boolean partial, String correlationId,
                String replyTo, String userId, String roles, Object body, String problem) {

    static Incoming of(Message m) {
        String opcode = null;
        String method = null;
        String agent = null;
        boolean partial = false;
        String correlationId = null;
        String replyTo = null;
        String userId = null;
        String roles = null;
        try {
            opcode = m.getStringProperty(Qmf.OPCODE);
            method = m.getStringProperty(Qmf.METHOD);
            agent = m.getStringProperty(Qmf.AGENT);
            partial = m.propertyExists(Qmf.PARTIAL);
            correlationId = m.getJMSCorrelationID();
            replyTo = address(m.getJMSReplyTo());
            // Stamped by the broker (broker-config's ValidatedUserStamp) on requests to agents and on
            // daemon ads (slot, scheduler, submitter indications), never the client's word; on any
            // other message these may be a client's and mean nothing.
            userId = m.getStringProperty(Qmf.VALIDATED_USER);
            roles = m.getStringProperty(Qmf.VALIDATED_ROLES);
        } catch (JMSException | RuntimeException e) {
            return new Incoming(opcode, method, agent, partial, correlationId, replyTo, userId, roles, null,
                    "unreadable message properties: " + e.getMessage());
        }
        if (opcode == null) {
            return new Incoming(null, method, agent, partial, correlationId, replyTo, userId, roles, null,
                    "message has no qmf.opcode property");
        }
        if (!(m instanceof ObjectMessage om)) {
            return new Incoming(opcode, method, agent, partial, correlationId, replyTo, userId, roles, null,
                    "message body must be an AMQP map or list (amqp-value), got " + m.getClass().getSimpleName());
        }
        Object body;
        try {
            body = Qmf.plain(AmqpValueBodies.get(om));
        } catch (JMSException | RuntimeException e) {
            return new Incoming(opcode, method, agent, partial, correlationId, replyTo, userId, roles, null,
                    "message body cannot be read: " + e.getMessage());
        }
        return new Incoming(opcode, method, agent, partial, correlationId, replyTo, userId, roles, body, null);
    }

    private static String address(Destination d) throws JMSException {
        if (d instanceof Queue q) {
            return q.getQueueName();
        }
        if (d instanceof Topic t) {
            return t.getTopicName();
        }
        return null;
    }

    boolean ok() {
        return problem == null;
    }

    /** The caller's broker roles; empty when the broker stamped none. */
    java.util.Set<String> roleSet() {
        if (roles == null || roles.isEmpty()) {
            return java.util.Set.of();
        }
        return java.util.Set.copyOf(java.util.Arrays.asList(roles.split(",")));
    }
}
