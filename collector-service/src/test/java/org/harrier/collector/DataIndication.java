package org.harrier.collector;

import java.util.LinkedHashMap;
import java.util.Map;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;

/** Data indications as a console hands them to the collector: fluent fixtures for tests. */
final class DataIndication {
    static final AgentName STARTD = AgentName.harrier("startd", "exec1");
    static final AgentName SCHEDD = AgentName.harrier("scheduler", "submit1");

    private final String className;
    private final String key;
    private AgentName agent;
    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, Object> descriptors = new LinkedHashMap<>();
    private boolean deleted;

    private DataIndication(String className, String key, AgentName agent) {
        this.className = className;
        this.key = key;
        this.agent = agent;
        values.put("Name", key);
    }

    static DataIndication slot(String name) {
        return new DataIndication("slot", name, STARTD).with("State", "Unclaimed");
    }

    static DataIndication submitter(String name) {
        return new DataIndication("submitter", name, SCHEDD);
    }

    static DataIndication scheduler(String name) {
        return new DataIndication("scheduler", name, SCHEDD);
    }

    static DataIndication of(String className, String key) {
        return new DataIndication(className, key, STARTD);
    }

    DataIndication with(String attribute, Object value) {
        values.put(attribute, value);
        return this;
    }

    /** An attribute whose value is ClassAd expression text (listed in !!descriptors). */
    DataIndication withExpr(String attribute, String text) {
        values.put(attribute, text);
        descriptors.put(attribute, "com.redhat.grid.Expression");
        return this;
    }

    DataIndication from(AgentName publisher) {
        this.agent = publisher;
        return this;
    }

    DataIndication deleted() {
        this.deleted = true;
        return this;
    }

    ObjectData data() {
        Map<String, Object> v = new LinkedHashMap<>(values);
        if (!descriptors.isEmpty()) {
            v.put("!!descriptors", Map.copyOf(descriptors));
        }
        return new ObjectData(ObjectId.grid(className, key), agent, v, 1, 2, deleted ? 3 : 0);
    }
}
