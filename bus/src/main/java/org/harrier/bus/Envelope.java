package org.harrier.bus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One QMF message to send (bus/README.md, "Messages"): where to, its QMF application properties and
 * its body. Built by agents and consoles on any thread; turned into a JMS message only on the
 * outbox thread, which owns the sending session.
 */
record Envelope(
        String address,
        boolean topic,
        String subject,
        String method,
        String opcode,
        String agent,
        String content,
        boolean partial,
        String correlationId,
        Object replyTo,
        Object body,
        boolean persistent,
        long ttlMillis,
        Map<String, String> properties) {

    Envelope {
        Objects.requireNonNull(address, "address");
        properties = Map.copyOf(properties);
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(opcode, "opcode");
        Objects.requireNonNull(body, "body");
    }

    static Builder to(String address, boolean topic) {
        return new Builder(address, topic);
    }

    /** Collects the optional parts of an envelope. */
    static final class Builder {
        private final String address;
        private final boolean topic;
        private String subject;
        private String method = "request";
        private String opcode;
        private String agent;
        private String content;
        private boolean partial;
        private String correlationId;
        private Object replyTo;
        private boolean persistent;
        private long ttlMillis;
        private final Map<String, String> properties = new LinkedHashMap<>();

        private Builder(String address, boolean topic) {
            this.address = address;
            this.topic = topic;
        }

        Builder subject(String s) { this.subject = s; return this; }
        Builder method(String m) { this.method = m; return this; }
        Builder opcode(String o) { this.opcode = o; return this; }
        Builder agent(String a) { this.agent = a; return this; }
        Builder content(String c) { this.content = c; return this; }
        Builder partial(boolean p) { this.partial = p; return this; }
        Builder correlationId(String c) { this.correlationId = c; return this; }
        Builder replyTo(Object r) { this.replyTo = r; return this; }
        Builder persistent(boolean p) { this.persistent = p; return this; }
        Builder ttl(long millis) { this.ttlMillis = millis; return this; }

        /** A further string application property; a null value leaves it out. */
        Builder property(String name, String value) {
            if (value != null) {
                properties.put(name, value);
            }
            return this;
        }

        Envelope body(Object body) {
            return new Envelope(address, topic, subject, method, opcode, agent, content, partial, correlationId,
                    replyTo, body, persistent, ttlMillis, properties);
        }
    }
}
