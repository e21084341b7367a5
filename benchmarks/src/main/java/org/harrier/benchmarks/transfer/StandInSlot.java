package org.harrier.benchmarks.transfer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.harrier.bus.ManagedObject;
import org.harrier.bus.MethodTable;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.slot.Activate;
import org.harrier.protocol.slot.Alive;
import org.harrier.protocol.slot.ClaimSlot;
import org.harrier.protocol.slot.ContinueClaim;
import org.harrier.protocol.slot.Deactivate;
import org.harrier.protocol.slot.MatchNotice;
import org.harrier.protocol.slot.ReleaseClaim;
import org.harrier.protocol.slot.SuspendClaim;
import org.harrier.protocol.slot.Vacate;

/**
 * A startd's slot that grants every claim and "starts" every job without running anything, so
 * the scheduler holds a claim with a Running job whose files the benchmark then moves itself,
 * with the starter's {@code SandboxTransfer}: only the transfer is measured. Every other slot
 * method is accepted and does nothing.
 */
public final class StandInSlot implements ManagedObject {
    public static final String CLAIM = "bench-claim";

    private final ObjectId id;
    private final MethodTable methods;

    public StandInSlot(String name) {
        this.id = ObjectId.grid("slot", name);
        this.methods = new MethodTable("slot")
                .on(ClaimSlot.METHOD, (r, c) -> CompletableFuture.completedFuture(new ClaimSlot.Granted(CLAIM, id.key())))
                .on(Activate.METHOD, (r, c) -> CompletableFuture.completedFuture(new Activate.Started(true, id.key())))
                .on(Deactivate.METHOD, (r, c) -> done())
                .on(SuspendClaim.METHOD, (r, c) -> done())
                .on(ContinueClaim.METHOD, (r, c) -> done())
                .on(ReleaseClaim.METHOD, (r, c) -> done())
                .on(Alive.METHOD, (r, c) -> done())
                .on(Vacate.METHOD, (r, c) -> CompletableFuture.completedFuture(new Vacate.Vacated(List.of())))
                .on(MatchNotice.METHOD, (r, c) -> CompletableFuture.completedFuture(new MatchNotice.Taken(true)));
    }

    private static CompletableFuture<Done> done() {
        return CompletableFuture.completedFuture(Done.DONE);
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
    public MethodTable methods() {
        return methods;
    }
}
