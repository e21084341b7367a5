package org.harrier.protocol.negotiator;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code negotiator.SetUsage}: set the accumulated usage of {@code name}, in weighted slot-hours (at least 0). The negotiator
 * decides which values it takes (docs/protocols.md "Fair share, limits and preemption").
 */
public record SetUsage(String name, double usage) implements Request<Done> {
    private static final Arg<String> NAME = Arg.sstr("Name");
    private static final Arg<Double> USAGE = Arg.real("Usage");

    public static final Method<SetUsage, Done> METHOD = Method.<SetUsage, Done>of("negotiator", "SetUsage")
            .inputs(NAME, USAGE)
            .request(a -> new SetUsage(a.get(NAME), a.get(USAGE)),
                    q -> MethodArguments.writer().put(NAME, q.name()).put(USAGE, q.usage()))
            .done();

    public SetUsage {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public Method<SetUsage, Done> method() {
        return METHOD;
    }
}
