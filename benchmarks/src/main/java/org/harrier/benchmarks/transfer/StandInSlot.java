package org.harrier.benchmarks.transfer;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;

/**
 * A startd's slot that grants every claim and "starts" every job without running anything, so
 * the scheduler holds a claim with a Running job whose files the benchmark then moves itself,
 * with the starter's {@code SandboxTransfer}: only the transfer is measured.
 */
public final class StandInSlot implements ManagedObject {
    public static final String CLAIM = "bench-claim";

    private final ObjectId id;

    public StandInSlot(String name) {
        this.id = ObjectId.grid("slot", name);
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
        return CompletableFuture.completedFuture(switch (method) {
            case "Claim" -> Map.of("ClaimId", CLAIM, "Slot", id.key());
            case "Activate" -> Map.of("Started", true, "RemoteHost", id.key());
            default -> Map.of();
        });
    }
}
