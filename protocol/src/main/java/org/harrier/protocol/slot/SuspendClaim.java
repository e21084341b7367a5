package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Suspend}: stop job {@code id}'s process tree on claim {@code claimId} (SIGSTOP); the claim and the job stay. */
public record SuspendClaim(String claimId, String id) implements Request<Done> {
    public static final Method<SuspendClaim, Done> METHOD = Method.<SuspendClaim, Done>of("slot", "Suspend")
            .inputs(ClaimSlot.CLAIM_ID, Activate.ID)
            .request(a -> new SuspendClaim(a.get(ClaimSlot.CLAIM_ID), a.get(Activate.ID)),
                    q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()).put(Activate.ID, q.id()))
            .done();

    public SuspendClaim {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
    }

    @Override
    public Method<SuspendClaim, Done> method() {
        return METHOD;
    }
}
