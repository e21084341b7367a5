package org.harrier.exec.bus;

import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;

/**
 * A stand-in scheduler object a test hosts on its own agent: it accepts JobStarted, JobExited
 * and JobUsage (schema-checked by the real agent) and records them in arrival order.
 */
final class RecordingScheduler implements ManagedObject {
    record Call(String method, Map<String, Object> arguments) {
    }

    private final ObjectId id;
    final BlockingQueue<Call> calls = new LinkedBlockingQueue<>();

    RecordingScheduler(String name) {
        this.id = ObjectId.grid("scheduler", name);
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return Map.of("Name", id.key());
    }

    @Override
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
        if (method.equals("JobStarted") || method.equals("JobExited") || method.equals("JobUsage")) {
            calls.add(new Call(method, arguments));
            return CompletableFuture.completedFuture(Map.of());
        }
        return ManagedObject.super.invoke(method, arguments, caller);
    }

    Call next() throws InterruptedException {
        Call c = calls.poll(20, TimeUnit.SECONDS);
        if (c == null) {
            throw new AssertionError("no report within 20 s");
        }
        return c;
    }
}
