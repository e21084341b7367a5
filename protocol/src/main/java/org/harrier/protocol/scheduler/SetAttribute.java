package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.SetAttribute} (alias SetJobAttribute): set attribute {@code name} of the jobs
 * to {@code value}, ClassAd text; the scheduler validates the value and refuses protected names.
 */
public record SetAttribute(Jobs jobs, String name, String value) implements Request<Jobs.Acted> {
    private static final Arg<String> NAME = Arg.sstr("Name");
    private static final Arg<String> VALUE = Arg.lstr("Value");

    public static final Method<SetAttribute, Jobs.Acted> METHOD = Method.<SetAttribute, Jobs.Acted>of("scheduler", "SetAttribute")
            .inputs(Jobs.ID, Jobs.CONSTRAINT, NAME, VALUE)
            .outputs(Jobs.IDS)
            .request(a -> new SetAttribute(Jobs.read(a, "SetAttribute"), a.get(NAME), a.get(VALUE)),
                    q -> q.jobs().write().put(NAME, q.name()).put(VALUE, q.value()))
            .answer(Jobs.Acted::read, Jobs.Acted::write)
            .build();

    public SetAttribute {
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    @Override
    public Method<SetAttribute, Jobs.Acted> method() {
        return METHOD;
    }
}
