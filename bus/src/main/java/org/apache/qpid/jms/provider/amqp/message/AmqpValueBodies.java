package org.apache.qpid.jms.provider.amqp.message;

import jakarta.jms.JMSException;
import jakarta.jms.ObjectMessage;
import java.io.Serializable;
import org.apache.qpid.jms.message.JmsObjectMessage;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;
import org.apache.qpid.proton.amqp.messaging.Section;

/**
 * Reads and writes a typed object message's {@code amqp-value} body without Qpid JMS 2.10's
 * snapshot copies, for Harrier's bus (the only code that calls it: {@code org.harrier.bus}).
 *
 * <p>With {@code JMS_AMQP_TYPED_ENCODING}, {@code ObjectMessage.setObject} encodes the value and
 * decodes it again so that the message holds a copy of its own, and the send encodes that copy
 * once more; {@code getObject} on a received message decodes a fresh copy of the body the
 * connection already decoded. A QMF message's body is a private copy from the start (the bus
 * builds a new map tree for every message it sends, and reads each received one once), so the
 * copies buy nothing, and they were half the CPU of the bus's sending thread on a busy grid
 * (benchmarks/README.md, "Where one job's CPU goes"). Here the value is set as the body as it is
 * and read back as it was decoded: one encode per message sent, one decode per message received.
 *
 * <p>It lives in Qpid JMS's package because the facade's body accessors are package-private.
 * Anything that is not a Qpid JMS AMQP object message (another JMS provider) goes through the
 * JMS API as before. What the snapshot also did, failing early on a value AMQP cannot encode,
 * now happens at the send, which fails the same way (the bus reports either as a failed send).
 * A message sent asynchronously is copied by Qpid JMS after its bytes are made; without the
 * snapshot that copy has no body, and nothing reads it (the bytes are what is sent, and what a
 * failover connection sends again).
 */
public final class AmqpValueBodies {
    private AmqpValueBodies() {
    }

    /** Makes {@code value} (a map or list of AMQP-encodable values, never changed after this) the message's body. */
    public static void set(ObjectMessage m, Serializable value) throws JMSException {
        if (m instanceof JmsObjectMessage jms && jms.getFacade() instanceof AmqpJmsObjectMessageFacade facade
                && facade.isAmqpTypedEncoding() && value != null) {
            facade.setBody(new AmqpValue(value));
        } else {
            m.setObject(value);
        }
    }

    /** The message's body as it was decoded: the caller owns it (the message is not read again). */
    public static Serializable get(ObjectMessage m) throws JMSException {
        if (m instanceof JmsObjectMessage jms && jms.getFacade() instanceof AmqpJmsObjectMessageFacade facade
                && facade.isAmqpTypedEncoding()) {
            Section body = facade.getBody();
            if (body instanceof AmqpValue value && value.getValue() instanceof Serializable s) {
                return s;
            }
        }
        return m.getObject();
    }
}
