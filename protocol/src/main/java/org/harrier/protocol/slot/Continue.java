package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Continue}: let a suspended job {@code id}'s process tree run again (SIGCONT). */
public record Continue(String claimId, String id) implements Request<Done> {
    public static final Method<Continue, Done> METHOD = Method.<Continue, Done>of("slot", "Continue")
            .inputs(Claim.CLAIM_ID, Activate.ID)
            .request(a -> new Continue(a.get(Claim.CLAIM_ID), a.get(Activate.ID)),
                    q -> MethodArguments.writer().put(Claim.CLAIM_ID, q.claimId()).put(Activate.ID, q.id()))
            .done();

    public Continue {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
    }

    @Override
    public Method<Continue, Done> method() {
        return METHOD;
    }
}
