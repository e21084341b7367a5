package org.harrier.protocol.collector;

import java.util.List;
import org.harrier.protocol.method.Method;

/** Every method of the {@code collector} class that has a record, for the schema check. */
public final class CollectorMethods {
    public static final List<Method<?, ?>> ALL = List.of(Query.METHOD);

    private CollectorMethods() {
    }
}
