package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Method;

/** {@code scheduler.Hold}: hold jobs (HoldReasonCode 1: by a user); running ones are stopped. */
public record Hold(Jobs jobs, String reason) implements Jobs.Control {
    public static final Method<Hold, Jobs.Acted> METHOD = Jobs.control("Hold", Hold::new);

    public Hold {
        java.util.Objects.requireNonNull(jobs, "jobs");
    }

    @Override
    public Method<Hold, Jobs.Acted> method() {
        return METHOD;
    }
}
