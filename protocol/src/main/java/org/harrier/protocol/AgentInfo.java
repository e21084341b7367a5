package org.harrier.protocol;

import java.util.Map;
import java.util.Objects;

/**
 * What a console knows of an agent from its locate response or heartbeats: its name, the epoch
 * it is in (a restart starts a new one, so cached object ids may be stale) and its heartbeat
 * interval, plus the agent's other attributes.
 */
public record AgentInfo(AgentName name, long epoch, int heartbeatIntervalSeconds, Map<String, Object> attributes) {
    public AgentInfo {
        Objects.requireNonNull(name, "name");
        attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
    }
}
