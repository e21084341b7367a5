package org.harrier.bus;

import java.util.LinkedHashMap;
import java.util.Map;

import org.harrier.protocol.AgentInfo;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/**
 * Reads QMF body maps into Harrier's types. Whatever arrives may be malformed (another agent,
 * another version, a hostile client): anything unreadable gives null, never an exception.
 */
final class Decoding {
    private Decoding() {
    }

    /** A DATA map as ObjectData; {@code from} is the agent named by the message, used if the map names none. */
    static ObjectData data(Object item, AgentName from) {
        if (!(item instanceof Map<?, ?> m) || !(m.get("_object_id") instanceof Map<?, ?> oid)
                || !(oid.get("_object_name") instanceof String name)) {
            return null;
        }
        ObjectId id;
        try {
            id = ObjectId.parse(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
        AgentName agent = from;
        if (oid.get("_agent_name") instanceof String an) {
            try {
                agent = AgentName.parse(an);
            } catch (IllegalArgumentException e) {
                // keep the message's agent
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        if (m.get("_values") instanceof Map<?, ?> v) {
            v.forEach((k, val) -> values.put(String.valueOf(k), val));
        }
        return new ObjectData(id, agent, values, number(m.get("_create_ts")), number(m.get("_update_ts")),
                number(m.get("_delete_ts")));
    }

    static AgentInfo agent(Map<String, Object> attrs) {
        if (!(attrs.get("_name") instanceof String name)) {
            return null;
        }
        try {
            return new AgentInfo(AgentName.parse(name), number(attrs.get("_epoch")),
                    (int) number(attrs.get("_heartbeat_interval")), attrs);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static QmfException exception(Object body) {
        if (body instanceof Map<?, ?> m && m.get("_values") instanceof Map<?, ?> v) {
            int code = (int) number(v.get("error_code"));
            Object text = v.get("error_text");
            return new QmfException(code == 0 ? QmfException.EXCEPTION : code, text == null ? "(no text)" : text.toString());
        }
        return new QmfException(QmfException.EXCEPTION, "the agent answered with an unreadable exception");
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : 0L;
    }
}
