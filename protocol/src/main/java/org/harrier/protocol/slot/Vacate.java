package org.harrier.protocol.slot;

import java.util.List;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code slot.Vacate}: with {@code claimId} and {@code id}, evict that job (the scheduler's
 * VacateJob); with neither ({@link #SLOT}), condor_vacate of the slot: its job, or every job of
 * the startd on the partitionable slot.
 */
public record Vacate(String claimId, String id) implements Request<Vacate.Vacated> {
    /** condor_vacate of the whole slot. */
    public static final Vacate SLOT = new Vacate(null, null);

    private static final Arg<String> CLAIM_ID = ClaimSlot.CLAIM_ID.optional();
    private static final Arg<String> ID = Activate.ID.optional();
    private static final Arg<List<String>> IDS = Arg.strings("Ids");

    public static final Method<Vacate, Vacated> METHOD = Method.<Vacate, Vacated>of("slot", "Vacate")
            .inputs(CLAIM_ID, ID)
            .outputs(IDS)
            .request(a -> new Vacate(a.get(CLAIM_ID), a.get(ID)),
                    q -> MethodArguments.writer().put(CLAIM_ID, q.claimId()).put(ID, q.id()))
            // An answer without Ids vacated nothing a caller can name.
            .answer(a -> new Vacated(a.has(IDS) ? a.get(IDS) : List.of()), r -> MethodArguments.writer().put(IDS, r.ids()))
            .build();

    public Vacate {
        if ((claimId == null) != (id == null)) {
            throw new IllegalArgumentException("Vacate takes ClaimId and Id together (one job), or neither (the whole slot)");
        }
    }

    /** Whether this is condor_vacate of the slot rather than one job's eviction. */
    public boolean wholeSlot() {
        return claimId == null;
    }

    /** The jobs vacated, as {@code cluster.proc} strings. */
    public record Vacated(List<String> ids) {
        public Vacated {
            ids = List.copyOf(ids);
        }
    }

    @Override
    public Method<Vacate, Vacated> method() {
        return METHOD;
    }
}
