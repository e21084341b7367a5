package org.harrier.protocol.negotiator;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code negotiator.SetPriorityFactor}: set the priority factor of {@code name} (at least 1). The negotiator
 * decides which values it takes (docs/protocols.md "Fair share, limits and preemption").
 */
public record SetPriorityFactor(String name, double priorityFactor) implements Request<Done> {
    private static final Arg<String> NAME = Arg.sstr("Name");
    private static final Arg<Double> PRIORITY_FACTOR = Arg.real("PriorityFactor");

    public static final Method<SetPriorityFactor, Done> METHOD = Method.<SetPriorityFactor, Done>of("negotiator", "SetPriorityFactor")
            .inputs(NAME, PRIORITY_FACTOR)
            .request(a -> new SetPriorityFactor(a.get(NAME), a.get(PRIORITY_FACTOR)),
                    q -> MethodArguments.writer().put(NAME, q.name()).put(PRIORITY_FACTOR, q.priorityFactor()))
            .done();

    public SetPriorityFactor {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public Method<SetPriorityFactor, Done> method() {
        return METHOD;
    }
}
