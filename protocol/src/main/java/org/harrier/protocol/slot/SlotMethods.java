package org.harrier.protocol.slot;

import java.util.List;
import org.harrier.protocol.method.Method;

/** Every method of the {@code slot} class that has a record, for the schema check. */
public final class SlotMethods {
    public static final List<Method<?, ?>> ALL = List.of(
            ClaimSlot.METHOD, Activate.METHOD, Deactivate.METHOD, SuspendClaim.METHOD, ContinueClaim.METHOD, ReleaseClaim.METHOD,
            Alive.METHOD, Vacate.METHOD, MatchNotice.METHOD);

    private SlotMethods() {
    }
}
