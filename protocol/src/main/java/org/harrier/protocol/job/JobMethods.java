package org.harrier.protocol.job;

import java.util.List;
import org.harrier.protocol.method.Method;

/** Every method of the {@code job} class that has a record, for the schema check. */
public final class JobMethods {
    public static final List<Method<?, ?>> ALL = List.of(
            GetTypedAd.METHOD);

    private JobMethods() {
    }
}
