package org.harrier.bus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.ObjectId;

/**
 * A test object of class scheduler: Submit echoes a derived id, GetAd fails in the ways a
 * service can (a QmfException, an unexpected exception), and its values change on demand.
 */
final class Calculator implements ManagedObject {
    private final ObjectId id;
    private final AtomicLong submitted = new AtomicLong();
    private volatile Map<String, Object> values;

    private final boolean keepsEveryChange;

    Calculator(String name) {
        this(name, "scheduler", false);
    }

    Calculator(String name, String className, boolean keepsEveryChange) {
        this.id = ObjectId.grid(className, name);
        this.values = Map.of("Name", name, "JobsSubmitted", 0L);
        this.keepsEveryChange = keepsEveryChange;
    }

    @Override
    public boolean keepsEveryChange() {
        return keepsEveryChange;
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return values;
    }

    void set(String property, Object value) {
        Map<String, Object> v = new LinkedHashMap<>(values);
        v.put(property, value);
        values = Map.copyOf(v);
    }

    @Override
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
        switch (method) {
            case "Submit": {
                @SuppressWarnings("unchecked")
                ClassAd ad = AdMaps.toAd((Map<String, Object>) arguments.get("Ad"));
                long n = submitted.incrementAndGet();
                set("JobsSubmitted", n);
                return CompletableFuture.completedFuture(Map.of("Id", ad.evaluate("Cluster").unparse() + "." + (n - 1)));
            }
            case "GetAd": {
                if ("boom".equals(arguments.get("Id"))) {
                    throw new IllegalStateException("boom");
                }
                return CompletableFuture.failedFuture(new QmfException(QmfException.UNKNOWN_OBJECT, "no job " + arguments.get("Id")));
            }
            case "WriteFile": {
                // Echoes the binary back reversed, as ReadFile's Data: both directions of an AMQP binary.
                byte[] data = (byte[]) arguments.get("Data");
                byte[] back = new byte[data.length];
                for (int i = 0; i < data.length; i++) {
                    back[i] = data[data.length - 1 - i];
                }
                set("LastData", back);
                return CompletableFuture.completedFuture(Map.of());
            }
            case "ReadFile":
                return CompletableFuture.completedFuture(Map.of("Data", values.get("LastData")));
            case "Hold":
                // Completes later, on another thread, as a service's owner thread would.
                return CompletableFuture.supplyAsync(() -> Map.of());
            default:
                return ManagedObject.super.invoke(method, arguments, caller);
        }
    }
}
