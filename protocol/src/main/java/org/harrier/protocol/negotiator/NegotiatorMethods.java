package org.harrier.protocol.negotiator;

import java.util.List;
import org.harrier.protocol.method.Method;

/** Every method of the {@code negotiator} class that has a record, for the schema check. */
public final class NegotiatorMethods {
    public static final List<Method<?, ?>> ALL = List.of(Reschedule.METHOD, GetLimits.METHOD, SetLimit.METHOD,
            GetStats.METHOD, GetPriorities.METHOD, SetPriority.METHOD, SetPriorityFactor.METHOD, SetUsage.METHOD);

    private NegotiatorMethods() {
    }
}
