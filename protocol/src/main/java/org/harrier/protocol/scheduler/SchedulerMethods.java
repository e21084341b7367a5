package org.harrier.protocol.scheduler;

import java.util.List;
import org.harrier.protocol.method.Method;

/** Every method of the {@code scheduler} class that has a record, for the schema check. */
public final class SchedulerMethods {
    public static final List<Method<?, ?>> ALL = List.of(
            SubmitCluster.METHOD);

    private SchedulerMethods() {
    }
}
