package org.harrier.collector.bus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;

/**
 * Objects the collector's peers host in these tests, on their own agents on the real bus: a
 * daemon ad with fixed values (a slot, a submitter), and a scheduler that answers GetRequests
 * with what the test gives it and records every Matched.
 */
final class Daemon {
    private Daemon() {
    }

    /** A daemon ad: {@code values} as published. */
    record Ad(ObjectId id, Map<String, Object> values) implements ManagedObject {
        Ad {
            values = Map.copyOf(values);
        }

        static Ad slot(String name, Map<String, Object> attributes) {
            Map<String, Object> v = new LinkedHashMap<>(attributes);
            v.put("Name", name);
            return new Ad(ObjectId.grid("slot", name), v);
        }
    }

    /** A scheduler object answering the negotiator's two methods. */
    static final class Scheduler implements ManagedObject {
        private final ObjectId id;
        private final List<Object> requests;
        final List<List<?>> matched = new CopyOnWriteArrayList<>();

        Scheduler(String name, List<Object> requests) {
            this.id = ObjectId.grid("scheduler", name);
            this.requests = List.copyOf(requests);
        }

        @Override
        public ObjectId id() {
            return id;
        }

        @Override
        public Map<String, Object> values() {
            return Map.of("Name", id.key(), "TotalIdleJobs", (long) requests.size());
        }

        @Override
        public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
            return switch (method) {
                case "GetRequests" -> CompletableFuture.completedFuture(Map.of("Requests", requests));
                case "Matched" -> {
                    matched.add((List<?>) arguments.get("Matches"));
                    yield CompletableFuture.completedFuture(Map.of());
                }
                default -> CompletableFuture.failedFuture(new QmfException(QmfException.NOT_IMPLEMENTED, method));
            };
        }
    }
}
