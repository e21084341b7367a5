package org.harrier.protocol.slot;

import java.util.Objects;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code slot.Release}: give the claim's resources back to the partitionable slot. */
public record Release(String claimId) implements Request<Done> {
    public static final Method<Release, Done> METHOD = Method.<Release, Done>of("slot", "Release")
            .inputs(Claim.CLAIM_ID)
            .request(a -> new Release(a.get(Claim.CLAIM_ID)), q -> MethodArguments.writer().put(Claim.CLAIM_ID, q.claimId()))
            .done();

    public Release {
        Objects.requireNonNull(claimId, "claimId");
    }

    @Override
    public Method<Release, Done> method() {
        return METHOD;
    }
}
