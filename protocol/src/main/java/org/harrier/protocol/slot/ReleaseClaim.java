package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Release}: give the claim's resources back to the partitionable slot. */
public record ReleaseClaim(String claimId) implements Request<Done> {
    public static final Method<ReleaseClaim, Done> METHOD = Method.<ReleaseClaim, Done>of("slot", "Release")
            .inputs(ClaimSlot.CLAIM_ID)
            .request(a -> new ReleaseClaim(a.get(ClaimSlot.CLAIM_ID)), q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()))
            .done();

    public ReleaseClaim {
        Objects.requireNonNull(claimId, "claimId");
    }

    @Override
    public Method<ReleaseClaim, Done> method() {
        return METHOD;
    }
}
