package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Alive}: keep the claim alive (HTCondor's ALIVE): renews its lease. */
public record Alive(String claimId) implements Request<Done> {
    public static final Method<Alive, Done> METHOD = Method.<Alive, Done>of("slot", "Alive")
            .inputs(ClaimSlot.CLAIM_ID)
            .request(a -> new Alive(a.get(ClaimSlot.CLAIM_ID)), q -> MethodArguments.writer().put(ClaimSlot.CLAIM_ID, q.claimId()))
            .done();

    public Alive {
        Objects.requireNonNull(claimId, "claimId");
    }

    @Override
    public Method<Alive, Done> method() {
        return METHOD;
    }
}
