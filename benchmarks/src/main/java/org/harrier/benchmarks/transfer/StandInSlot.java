package org.harrier.benchmarks.transfer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.harrier.bus.ManagedObject;
import org.harrier.bus.MethodTable;
import org.harrier.bus.QmfException;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.slot.Activate;
import org.harrier.protocol.slot.Alive;
import org.harrier.protocol.slot.Claim;
import org.harrier.protocol.slot.Continue;
import org.harrier.protocol.slot.Deactivate;
import org.harrier.protocol.slot.Match;
import org.harrier.protocol.slot.Release;
import org.harrier.protocol.slot.Suspend;
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
        this.methods = new MethodTable("slot", QmfException::unexpected)
                .on(Claim.METHOD, (r, c) -> CompletableFuture.completedFuture(new Claim.Granted(CLAIM, id.key())))
                .on(Activate.METHOD, (r, c) -> CompletableFuture.completedFuture(new Activate.Started(true, id.key())))
                .on(Deactivate.METHOD, (r, c) -> done())
                .on(Suspend.METHOD, (r, c) -> done())
                .on(Continue.METHOD, (r, c) -> done())
                .on(Release.METHOD, (r, c) -> done())
                .on(Alive.METHOD, (r, c) -> done())
                .on(Vacate.METHOD, (r, c) -> CompletableFuture.completedFuture(new Vacate.Vacated(List.of())))
                .on(Match.METHOD, (r, c) -> CompletableFuture.completedFuture(new Match.Taken(true)));
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
