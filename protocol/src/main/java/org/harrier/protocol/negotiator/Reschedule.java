package org.harrier.protocol.negotiator;

import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/** {@code negotiator.Reschedule}: start a negotiation cycle soon (condor_reschedule). */
public record Reschedule() implements Request<Done> {
    public static final Method<Reschedule, Done> METHOD = Method.<Reschedule, Done>of("negotiator", "Reschedule")
            .request(a -> new Reschedule(), q -> MethodArguments.writer())
            .done();

    @Override
    public Method<Reschedule, Done> method() {
        return METHOD;
    }
}
