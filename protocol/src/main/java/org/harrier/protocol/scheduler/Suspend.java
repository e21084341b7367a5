package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Method;

/** {@code scheduler.Suspend}: suspend running jobs (their process trees are frozen). */
public record Suspend(Jobs jobs, String reason) implements Jobs.Control {
    public static final Method<Suspend, Jobs.Acted> METHOD = Jobs.control("Suspend", Suspend::new);

    public Suspend {
        java.util.Objects.requireNonNull(jobs, "jobs");
    }

    @Override
    public Method<Suspend, Jobs.Acted> method() {
        return METHOD;
    }
}
