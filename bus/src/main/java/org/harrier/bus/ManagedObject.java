package org.harrier.bus;

import org.harrier.protocol.ObjectId;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An object an agent hosts. The agent reads {@link #values()} on its own threads (to publish
 * and to answer queries), so implementations return an immutable snapshot of current state,
 * e.g. by converting an immutable ClassAd held in a volatile field.
 */
public interface ManagedObject {
    ObjectId id();

    /** The object's property values now; never null; safe to call from any thread. */
    Map<String, Object> values();

    /**
     * Of {@code values} (this object's, as {@link #values()} gave them), those a query that asks
     * for only the properties {@code names} (lower-cased) answers with. The default keeps the
     * properties named; an object whose properties are expressions over one another (a job's
     * ad) keeps what those need as well, so the asker can still evaluate them.
     */
    default Map<String, Object> projected(Map<String, Object> values, java.util.Set<String> names) {
        Map<String, Object> kept = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            if (names.contains(e.getKey().toLowerCase(java.util.Locale.ROOT))) {
                kept.put(e.getKey(), e.getValue());
            }
        }
        return kept;
    }

    /**
     * The object's values as they are now, for publication. The default makes the map at once;
     * an object whose state is an immutable value may return a supplier that holds that value
     * and makes the map later, on the thread that sends it, so publishing many objects costs
     * the caller next to nothing. Suppliers of equal state should be equal.
     */
    default Supplier<Map<String, Object>> snapshot() {
        Map<String, Object> now = values();
        return () -> now;
    }

    /**
     * When the object came to be, in nanoseconds since the epoch ({@code _create_ts}); 0, the
     * default, means when the agent began hosting it. An object its service keeps itself
     * ({@code ObjectSource}) is not held by the agent, so it says.
     */
    default long createdNanos() {
        return 0;
    }

    /**
     * Whether a console must see every published change of this object (a job: each is a status
     * change) or only its latest state (daemon ads and statistics, the default). The agent gathers
     * the changes of a busy second into few messages and, for the latter, drops superseded ones.
     */
    default boolean keepsEveryChange() {
        return false;
    }

    /**
     * The object's methods, each with its handler; the default has none. The agent calls
     * {@link #invoke}, whose default serves this table.
     */
    default MethodTable methods() {
        return null;
    }

    /**
     * Invokes {@code method} (the schema's name, aliases already resolved) with input arguments
     * already checked against the schema. Completes with the output arguments, or exceptionally
     * with a {@link QmfException} (any other exception becomes code 7). Called on the agent's
     * dispatch thread; a service that serialises work on its own thread completes the stage there.
     * The default serves {@link #methods()}.
     */
    default CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext context) {
        MethodTable table = methods();
        if (table == null) {
            return CompletableFuture.failedFuture(new QmfException(QmfException.NOT_IMPLEMENTED,
                    id().className() + " does not implement " + method));
        }
        return table.invoke(method, arguments, context);
    }
}
