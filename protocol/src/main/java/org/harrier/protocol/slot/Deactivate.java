package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Deactivate}: kill job {@code id}'s process tree on claim {@code claimId}. */
public record Deactivate(String claimId, String id) implements Request<Done> {
    public static final Method<Deactivate, Done> METHOD = Method.<Deactivate, Done>of("slot", "Deactivate")
            .inputs(ClaimSlot.CLAIM_ID, Activate.ID)
            .request(a -> new Deactivate(a.get(ClaimSlot.CLAIM_ID), a.get(Activate.ID)),
                    q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()).put(Activate.ID, q.id()))
            .done();

    public Deactivate {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
    }

    @Override
    public Method<Deactivate, Done> method() {
        return METHOD;
    }
}
