package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Method;

/** {@code scheduler.Continue}: continue suspended jobs. */
public record Continue(Jobs jobs, String reason) implements Jobs.Control {
    public static final Method<Continue, Jobs.Acted> METHOD = Jobs.control("Continue", Continue::new);

    public Continue {
        java.util.Objects.requireNonNull(jobs, "jobs");
    }

    @Override
    public Method<Continue, Jobs.Acted> method() {
        return METHOD;
    }
}
