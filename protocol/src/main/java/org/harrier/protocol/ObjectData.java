package org.harrier.protocol;

import java.util.Map;
import java.util.Objects;

/**
 * A managed object as a console sees it: its id, the agent hosting it, its property values and
 * QMF's timestamps (nanoseconds since the epoch; {@code deleteTs} 0 while it exists).
 */
public record ObjectData(ObjectId id, AgentName agent, Map<String, Object> values,
                         long createTs, long updateTs, long deleteTs) {
    public ObjectData {
        Objects.requireNonNull(id, "id");
        values = values == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    }

    public boolean deleted() {
        return deleteTs != 0;
    }

    /** The value of property {@code name}, or null. */
    public Object get(String name) {
        return values.get(name);
    }
}
