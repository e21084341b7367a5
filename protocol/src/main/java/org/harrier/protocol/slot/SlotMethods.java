package org.harrier.protocol.slot;

import java.util.List;
import org.harrier.protocol.method.Method;

/** Every method of the {@code slot} class that has a record, for the schema check. */
public final class SlotMethods {
    public static final List<Method<?, ?>> ALL = List.of(
            Claim.METHOD, Activate.METHOD, Deactivate.METHOD, Suspend.METHOD, Continue.METHOD, Release.METHOD,
            Alive.METHOD, Vacate.METHOD, Match.METHOD);

    private SlotMethods() {
    }
}
