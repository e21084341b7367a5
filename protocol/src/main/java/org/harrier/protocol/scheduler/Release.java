package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Method;

/** {@code scheduler.Release}: release held jobs back to Idle. */
public record Release(Jobs jobs, String reason) implements Jobs.Control {
    public static final Method<Release, Jobs.Acted> METHOD = Jobs.control("Release", Release::new);

    public Release {
        java.util.Objects.requireNonNull(jobs, "jobs");
    }

    @Override
    public Method<Release, Jobs.Acted> method() {
        return METHOD;
    }
}
