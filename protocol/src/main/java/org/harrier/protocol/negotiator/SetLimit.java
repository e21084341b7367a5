package org.harrier.protocol.negotiator;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code negotiator.SetLimit}: set concurrency limit {@code name} to {@code max} units (at least 0) until the negotiator restarts or it is set again. The negotiator
 * decides which values it takes (docs/protocols.md "Fair share, limits and preemption").
 */
public record SetLimit(String name, double max) implements Request<Done> {
    private static final Arg<String> NAME = Arg.sstr("Name");
    private static final Arg<Double> MAX = Arg.real("Max");

    public static final Method<SetLimit, Done> METHOD = Method.<SetLimit, Done>of("negotiator", "SetLimit")
            .inputs(NAME, MAX)
            .request(a -> new SetLimit(a.get(NAME), a.get(MAX)),
                    q -> MethodArguments.writer().put(NAME, q.name()).put(MAX, q.max()))
            .done();

    public SetLimit {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public Method<SetLimit, Done> method() {
        return METHOD;
    }
}
