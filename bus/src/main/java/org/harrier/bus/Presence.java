package org.harrier.bus;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.Predicate;

/**
 * How an agent makes itself known (QMFv2 agent discovery): its attributes, sent in heartbeats and
 * in answer to a console's locate request that they satisfy. Immutable; called on the bus timer
 * (heartbeats) and the agent's request thread (locates).
 */
final class Presence {
    private final Bus bus;
    private final AgentName name;
    private final Duration heartbeat;
    private final long epoch;
    private final Replies replies;

    Presence(Bus bus, AgentName name, Duration heartbeat, long epoch, Replies replies) {
        this.bus = bus;
        this.name = name;
        this.heartbeat = heartbeat;
        this.epoch = epoch;
        this.replies = replies;
    }

    private Map<String, Object> attributes() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("_vendor", name.vendor());
        v.put("_product", name.product());
        v.put("_instance", name.instance());
        v.put("_name", name.name());
        v.put("_timestamp", System.currentTimeMillis() * 1_000_000L);
        v.put("_heartbeat_interval", Math.max(1, heartbeat.toSeconds()));
        v.put("_epoch", epoch);
        v.put("_schema_updated", epoch * 1_000_000L);
        return v;
    }

    void sendHeartbeat() {
        bus.outbox().send(Envelope.to(Qmf.heartbeatAddress(name), true)
                .subject("agent.ind.heartbeat." + name.addressPart())
                .method("indication").opcode(Qmf.HEARTBEAT).agent(name.name())
                .ttl(2 * Math.max(1, heartbeat.toMillis()))
                .body(Map.of("_values", attributes())));
    }

    void locate(Incoming in) {
        if (in.replyTo() == null) {
            return;
        }
        Map<String, Object> attrs = attributes();
        Object where = in.body() instanceof List<?> l && !l.isEmpty() ? l : null;
        if (where != null) {
            try {
                if (!Predicate.fromWire(where).test(attrs)) {
                    return;
                }
            } catch (IllegalArgumentException e) {
                return; // a locate with a predicate we cannot read is not meant for us
            }
        }
        replies.send(in, "indication", Qmf.AGENT_LOCATE_RESPONSE, null, false, Map.of("_values", attrs));
    }
}
