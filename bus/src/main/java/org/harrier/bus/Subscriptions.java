package org.harrier.bus;

import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.harrier.protocol.AgentInfo;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A console's topic subscriptions (data indications, heartbeats): each on a session of its
 * own, its listener called on that session's delivery thread. A malformed message or a
 * failing listener is logged and the subscription goes on.
 */
final class Subscriptions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Console.class);

    private final Bus bus;
    private final List<AutoCloseable> open = Collections.synchronizedList(new ArrayList<>());

    Subscriptions(Bus bus) {
        this.bus = bus;
    }

    /**
     * Every object of a data indication of {@code className}, with who published it: the user
     * and roles the broker stamped on the message (as for a request; no reply address).
     */
    AutoCloseable data(String className, BiConsumer<ObjectData, RequestContext> listener) {
        return listen(Qmf.dataFamily(Schema.GRID_PACKAGE, className), in -> {
            if (in.body() instanceof List<?> items) {
                AgentName from = in.agent() == null ? null : Console.safeAgent(in.agent());
                RequestContext publisher = new RequestContext(in.userId(), in.roleSet(), null);
                for (Object item : items) {
                    ObjectData d = Decoding.data(item, from);
                    if (d != null) {
                        listener.accept(d, publisher);
                    }
                }
            }
        });
    }

    /** Calls {@code listener} with every agent heartbeat. */
    AutoCloseable heartbeats(Consumer<AgentInfo> listener) {
        return listen(Qmf.HEARTBEATS, in -> {
            if (in.body() instanceof Map<?, ?> m && m.get("_values") instanceof Map<?, ?> v) {
                @SuppressWarnings("unchecked")
                AgentInfo info = Decoding.agent((Map<String, Object>) v);
                if (info != null) {
                    listener.accept(info);
                }
            }
        });
    }

    private AutoCloseable listen(String topic, Consumer<Incoming> handler) {
        try {
            Session s = bus.connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer c = s.createConsumer(s.createTopic(topic));
            c.setMessageListener(m -> {
                Incoming in = Incoming.of(m);
                if (!in.ok()) {
                    LOG.debug("ignored a malformed message on {}: {}", topic, in.problem());
                    return;
                }
                try {
                    handler.accept(in);
                } catch (RuntimeException e) {
                    LOG.warn("a listener on {} failed: {}", topic, e.toString());
                }
            });
            AutoCloseable closer = () -> {
                c.close(); // before the session: see closeReplies
                s.close();
            };
            open.add(closer);
            return closer;
        } catch (JMSException e) {
            throw new BusException("cannot subscribe to " + topic + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        for (AutoCloseable s : List.copyOf(open)) {
            try {
                s.close();
            } catch (Exception e) {
                // best effort
            }
        }
    }
}
