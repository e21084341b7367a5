package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Continue}: let a suspended job {@code id}'s process tree run again (SIGCONT). */
public record ContinueClaim(String claimId, String id) implements Request<Done> {
    public static final Method<ContinueClaim, Done> METHOD = Method.<ContinueClaim, Done>of("slot", "Continue")
            .inputs(ClaimSlot.CLAIM_ID, Activate.ID)
            .request(a -> new ContinueClaim(a.get(ClaimSlot.CLAIM_ID), a.get(Activate.ID)),
                    q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()).put(Activate.ID, q.id()))
            .done();

    public ContinueClaim {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
    }

    @Override
    public Method<ContinueClaim, Done> method() {
        return METHOD;
    }
}
