package org.harrier.broker;

import java.util.Map;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQExceptionType;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerPlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.apache.activemq.artemis.protocol.amqp.broker.AMQPLargeMessage;
import org.apache.activemq.artemis.protocol.amqp.broker.AMQPMessage;
import org.apache.activemq.artemis.protocol.amqp.util.NettyReadable;
import org.apache.activemq.artemis.utils.ByteUtil;
import org.apache.qpid.proton.codec.ReadableBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker refuses a message that is larger than {@code max-message-size} or whose AMQP values
 * nest deeper than {@code max-nesting}, before it reaches any queue, so no agent or console ever
 * receives one. Qpid JMS decodes a whole message, body included, on its connection's thread, and
 * a map nested ten thousand deep overflowed that thread's stack: the receiving service lost its
 * connection, reconnected, and got the same message again. Refused here, the sender's transfer
 * gets AMQP's rejected outcome (condition {@code failed}, the reason as its description);
 * its connection, and everyone else's, stays up.
 *
 * <p>Declared in {@code broker.xml}'s {@code <broker-plugins>}, where both properties may be set
 * (a size in Artemis's units: {@code 16MiB}); Artemis instantiates it while reading the file, for
 * an embedded {@link GridBroker} and a stock instance alike. Defaults: 16 MiB, which holds a
 * file transfer's largest chunk (ReadFile/WriteFile, at most 4 MiB) with room to spare, and 64
 * levels, where a QMF request is about 6 deep (its section, the body map, the arguments, an ad,
 * a typed value) and HTCondor ads are flat.
 *
 * <p>Thread safety: the limits are set once by {@link #init} before the broker starts; after
 * that, {@link #beforeSend} runs on any session's thread and only reads them.
 */
public final class MessageLimits implements ActiveMQServerPlugin {
    public static final String MAX_MESSAGE_SIZE = "max-message-size";
    public static final String MAX_NESTING = "max-nesting";
    public static final long DEFAULT_MAX_MESSAGE_SIZE = 16L << 20;
    public static final int DEFAULT_MAX_NESTING = 64;
    private static final Logger LOG = LoggerFactory.getLogger(MessageLimits.class);

    private volatile long maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
    private volatile int maxNesting = DEFAULT_MAX_NESTING;

    /** For Artemis, which creates broker.xml's plugins by class name and then calls {@link #init}. */
    public MessageLimits() {
    }

    /**
     * Reads {@code max-message-size} and {@code max-nesting}, each optional;
     * IllegalArgumentException names a bad one (Artemis then refuses the whole file).
     */
    @Override
    public void init(Map<String, String> properties) {
        for (String key : properties.keySet()) {
            if (!key.equals(MAX_MESSAGE_SIZE) && !key.equals(MAX_NESTING)) {
                throw new IllegalArgumentException("MessageLimits has no property '" + key + "'; it takes "
                        + MAX_MESSAGE_SIZE + " and " + MAX_NESTING);
            }
        }
        String size = properties.get(MAX_MESSAGE_SIZE);
        if (size != null) {
            long bytes;
            try {
                bytes = ByteUtil.convertTextBytes(size.trim());
            } catch (IllegalArgumentException e) {
                bytes = -1;
            }
            if (bytes < 1024) {
                throw new IllegalArgumentException(MAX_MESSAGE_SIZE + " must be a size of at least 1KiB (e.g. 16MiB), got '" + size + "'");
            }
            maxMessageSize = bytes;
        }
        String nesting = properties.get(MAX_NESTING);
        if (nesting != null) {
            int levels;
            try {
                levels = Integer.parseInt(nesting.trim());
            } catch (NumberFormatException e) {
                levels = 0;
            }
            if (levels < 8 || levels > 1000) {
                throw new IllegalArgumentException(MAX_NESTING + " must be a whole number from 8 to 1000, got '" + nesting + "'");
            }
            maxNesting = levels;
        }
    }

    public long maxMessageSize() {
        return maxMessageSize;
    }

    public int maxNesting() {
        return maxNesting;
    }

    @Override
    public void beforeSend(ServerSession session, Transaction tx, Message message, boolean direct, boolean noAutoCreateQueue)
            throws ActiveMQException {
        String refusal = refusal(message);
        if (refusal != null) {
            LOG.warn("refused a message to {} from {} (user {}): {}", message.getAddress(),
                    session.getRemotingConnection().getRemoteAddress(), session.getValidatedUser(), refusal);
            throw new Refused("the broker refused this message: " + refusal);
        }
    }

    /** Why {@code message} may not be delivered; null when it may. */
    private String refusal(Message message) {
        long size = message.getWholeMessageSize();
        if (size > maxMessageSize) {
            return "it is " + size + " bytes, over the broker's limit of " + maxMessageSize + " (" + MAX_MESSAGE_SIZE + ")";
        }
        if (!(message instanceof AMQPMessage amqp)) {
            return null;
        }
        ReadableBuffer encoded = encoded(amqp);
        try {
            int depth = EncodedNesting.depth(encoded, maxNesting);
            return depth > maxNesting ? "its AMQP values nest more than " + maxNesting + " levels deep ("
                    + MAX_NESTING + ")" : null;
        } catch (EncodedNesting.Malformed e) {
            return "it is not well-formed AMQP: " + e.getMessage();
        } finally {
            release(amqp, encoded);
        }
    }

    /**
     * The message as the broker would send it on. A large message lives in a file: read whole
     * (its size is already within the limit). A standard one is its received bytes, shared, unless
     * it carries delivery annotations: then Artemis makes a pooled copy without them (they were
     * decoded on arrival already), which {@link #release} gives back.
     */
    private static ReadableBuffer encoded(AMQPMessage amqp) {
        if (amqp instanceof AMQPLargeMessage large) {
            return large.getData();
        }
        return amqp.getSendBuffer(1, null);
    }

    private static void release(AMQPMessage amqp, ReadableBuffer encoded) {
        if (!(amqp instanceof AMQPLargeMessage) && amqp.getDeliveryAnnotations() != null
                && encoded instanceof NettyReadable copy) {
            copy.getByteBuf().release();
        }
    }

    /**
     * Artemis answers any exception from a plugin but "address full" with AMQP's rejected outcome
     * and condition {@code failed} (a security exception would read as
     * {@code amqp:unauthorized-access}, address full as a transient {@code resource-limit-exceeded}
     * that may stop the sender's credit). It logs the exception with its stack at WARN; a refusal
     * has no stack worth printing.
     */
    static final class Refused extends ActiveMQException {
        Refused(String message) {
            super(ActiveMQExceptionType.INTERCEPTOR_REJECTED_PACKET, message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
