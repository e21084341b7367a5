package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Suspend}: stop job {@code id}'s process tree on claim {@code claimId} (SIGSTOP); the claim and the job stay. */
public record Suspend(String claimId, String id) implements Request<Done> {
    public static final Method<Suspend, Done> METHOD = Method.<Suspend, Done>of("slot", "Suspend")
            .inputs(Claim.CLAIM_ID, Activate.ID)
            .request(a -> new Suspend(a.get(Claim.CLAIM_ID), a.get(Activate.ID)),
                    q -> MethodArguments.writer().put(Claim.CLAIM_ID, q.claimId()).put(Activate.ID, q.id()))
            .done();

    public Suspend {
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(id, "id");
    }

    @Override
    public Method<Suspend, Done> method() {
        return METHOD;
    }
}
