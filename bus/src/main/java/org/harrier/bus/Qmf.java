package org.harrier.bus;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.UUID;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;

/**
 * The QMFv2 vocabulary (opcodes, property names, addresses) and the shapes of its map bodies
 * (the QMFv2 specification's message formats; bus/README.md, "Messages").
 */
final class Qmf {
    static final String APP_ID_PROPERTY = "x-amqp-0-10.app-id";
    static final String APP_ID = "qmf2";
    static final String OPCODE = "qmf.opcode";
    /**
     * Set by the broker on requests to agents and on daemon ads: the authenticated sender and its
     * roles (broker-config's ValidatedUserStamp). A console sends its requests already carrying
     * what the broker last stamped on them ({@link #CALLER_USER}), which spares the broker
     * re-encoding a request it would stamp the same; any other value it overwrites.
     */
    static final String VALIDATED_USER = "_AMQ_VALIDATED_USER";
    static final String VALIDATED_ROLES = "_HARRIER_VALIDATED_ROLES";
    /**
     * On an agent's reply: the caller and roles the broker stamped on the request answered. Only
     * a hint for the caller's next requests (the broker checks those anyway), never a credential.
     */
    static final String CALLER_USER = "_HARRIER_CALLER_USER";
    static final String CALLER_ROLES = "_HARRIER_CALLER_ROLES";
    static final String METHOD = "method";
    static final String AGENT = "qmf.agent";
    static final String CONTENT = "qmf.content";
    static final String PARTIAL = "partial";
    /**
     * Harrier's extension to a {@code _query_request}: the list of property names each object in
     * the answer is to carry (its {@code _values}); the rest are left out before encoding, which
     * is most of an answer's cost. QMFv2 has no projection; other agents ignore the key.
     */
    static final String PROJECTION = "_harrier_projection";
    /**
     * Harrier's other extension to a {@code _query_request}: ClassAd expression text that each
     * object of the (named) class must satisfy, evaluated by the service that keeps the objects
     * ({@link ObjectSource#selecting}) before it builds their property maps; the {@code _where}
     * applies as well.
     */
    static final String CONSTRAINT = "_harrier_constraint";
    /**
     * Harrier's third: a positive whole number, the most objects the answer holds; the agent stops
     * looking once it has them, and the page that ends the answer is not partial (condor_q -limit).
     */
    static final String LIMIT = "_harrier_limit";

    static final String AGENT_LOCATE_REQUEST = "_agent_locate_request";
    static final String AGENT_LOCATE_RESPONSE = "_agent_locate_response";
    static final String HEARTBEAT = "_agent_heartbeat_indication";
    static final String QUERY_REQUEST = "_query_request";
    static final String QUERY_RESPONSE = "_query_response";
    static final String METHOD_REQUEST = "_method_request";
    static final String METHOD_RESPONSE = "_method_response";
    static final String EXCEPTION = "_exception";
    static final String DATA_INDICATION = "_data_indication";

    static final String LOCATE_ADDRESS = "qmf." + AgentName.DOMAIN + ".console.locate";
    static final String CONSOLE_BROADCASTS = "qmf." + AgentName.DOMAIN + ".console.#";
    static final String HEARTBEATS = "qmf." + AgentName.DOMAIN + ".ind.heartbeat.#";

    private Qmf() {
    }

    static String heartbeatAddress(AgentName agent) {
        return "qmf." + AgentName.DOMAIN + ".ind.heartbeat." + agent.addressPart();
    }

    static String dataAddress(String packageName, String className, AgentName agent) {
        return "qmf." + AgentName.DOMAIN + ".ind.data." + AgentName.keyify(packageName) + "."
                + AgentName.keyify(className) + "." + agent.addressPart();
    }

    /** Data indications of one class from every agent. */
    static String dataFamily(String packageName, String className) {
        return "qmf." + AgentName.DOMAIN + ".ind.data." + AgentName.keyify(packageName) + "."
                + AgentName.keyify(className) + ".#";
    }

    static Map<String, Object> objectId(ObjectId id, AgentName agent, long epoch) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("_object_name", id.objectName());
        m.put("_agent_name", agent.name());
        m.put("_agent_epoch", epoch);
        return m;
    }

    static Map<String, Object> schemaId(String packageName, String className, UUID hash) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("_package_name", packageName);
        m.put("_class_name", className);
        m.put("_type", "_data");
        m.put("_hash", hash);
        return m;
    }

    static Map<String, Object> exception(int code, String text) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("error_code", (long) code);
        values.put("error_text", text);
        return Map.of("_values", values);
    }

    /**
     * {@code value} as Qpid JMS encodes it as AMQP maps and lists (ObjectMessage with
     * JMS_AMQP_TYPED_ENCODING), and Serializable: each {@link Supplier} replaced by what it makes,
     * each {@code byte[]} by a proton Binary, every map key a String; a map or list that holds
     * nothing to replace is used as it is, any other is copied as LinkedHashMap and ArrayList.
     * Not copying is safe because nothing sent is changed afterwards: a snapshot's map is made
     * for the send that asks for it (ManagedObject.snapshot), other bodies are made for their
     * message, and the copy was made on the outbox thread anyway, never when the body was given.
     */
    static Serializable wire(Object value) {
        return (Serializable) new Copy().of(value);
    }

    /**
     * A data indication's snapshots, each made wire-ready as {@link #wire} makes it, cut into
     * pages of at most {@code budget} ({@link WireSize}) past each page's first: the sizes are
     * summed by the walk that makes each snapshot ready, so nothing is walked a second time to
     * measure it.
     */
    static List<List<?>> wirePages(List<?> snapshots, long budget) {
        Copy copy = new Copy();
        List<Object> ready = new ArrayList<>(snapshots.size());
        long[] sizes = new long[snapshots.size()];
        for (int i = 0; i < sizes.length; i++) {
            copy.size = 0;
            ready.add(copy.of(snapshots.get(i)));
            sizes[i] = copy.size;
        }
        return WireSize.pages(ready, sizes, budget);
    }

    /** {@link #wire}'s walk, summing the {@link WireSize} of what it makes as it goes. */
    private static final class Copy {
        long size;

        Object of(Object value) {
            if (value instanceof Supplier<?> later) {
                return of(later.get()); // an object's snapshot, made into its map only now (ManagedObject.snapshot)
            }
            if (value instanceof Map<?, ?> || value instanceof List<?>) {
                long ready = WireSize.ofWireReady(value);
                if (ready >= 0) {
                    size += ready;
                    return value;
                }
            }
            if (value instanceof Map<?, ?> m) {
                size += WireSize.CONTAINER;
                LinkedHashMap<String, Object> out = new LinkedHashMap<>();
                m.forEach((k, v) -> {
                    String key = String.valueOf(k);
                    size += WireSize.of(key);
                    out.put(key, of(v));
                });
                return out;
            }
            if (value instanceof List<?> l) {
                size += WireSize.CONTAINER;
                ArrayList<Object> out = new ArrayList<>(l.size());
                l.forEach(v -> out.add(of(v)));
                return out;
            }
            if (value instanceof byte[] bytes) {
                // Qpid JMS encodes an AMQP binary only from proton's Binary (a byte[] it takes for an array).
                size += WireSize.of(bytes);
                return new org.apache.qpid.proton.amqp.Binary(bytes);
            }
            size += WireSize.of(value);
            return value;
        }
    }

    /**
     * A received body with every AMQP binary as a {@code byte[]} (the type QmfType.BINARY and the
     * rest of Harrier use; proton's Binary stays inside the bus). The same maps when there is none.
     */
    static Object plain(Object value) {
        if (value instanceof org.apache.qpid.proton.amqp.Binary b) {
            byte[] a = b.getArray();
            return b.getArrayOffset() == 0 && b.getLength() == a.length ? a
                    : java.util.Arrays.copyOfRange(a, b.getArrayOffset(), b.getArrayOffset() + b.getLength());
        }
        if (value instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Object v = e.getValue();
                if (v instanceof Map<?, ?> || v instanceof List<?> || v instanceof org.apache.qpid.proton.amqp.Binary) {
                    @SuppressWarnings("unchecked")
                    Map.Entry<Object, Object> entry = (Map.Entry<Object, Object>) e;
                    entry.setValue(plain(v));
                }
            }
            return m;
        }
        if (value instanceof List<?> l) {
            @SuppressWarnings("unchecked")
            List<Object> list = (List<Object>) l;
            list.replaceAll(Qmf::plain);
            return list;
        }
        return value;
    }
}
