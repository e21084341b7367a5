package org.harrier.protocol.negotiator;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code negotiator.SetPriority}: set the real priority of submitter or group {@code name} (at least 0.5, HTCondor's best priority). The negotiator
 * decides which values it takes (docs/protocols.md "Fair share, limits and preemption").
 */
public record SetPriority(String name, double priority) implements Request<Done> {
    private static final Arg<String> NAME = Arg.sstr("Name");
    private static final Arg<Double> PRIORITY = Arg.real("Priority");

    public static final Method<SetPriority, Done> METHOD = Method.<SetPriority, Done>of("negotiator", "SetPriority")
            .inputs(NAME, PRIORITY)
            .request(a -> new SetPriority(a.get(NAME), a.get(PRIORITY)),
                    q -> MethodArguments.writer().put(NAME, q.name()).put(PRIORITY, q.priority()))
            .done();

    public SetPriority {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public Method<SetPriority, Done> method() {
        return METHOD;
    }
}
