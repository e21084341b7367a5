package org.harrier.protocol.scheduler;

import org.harrier.protocol.method.Method;

/** {@code scheduler.Remove}: remove jobs; running ones are killed, removed jobs move to history. */
public record Remove(Jobs jobs, String reason) implements Jobs.Control {
    public static final Method<Remove, Jobs.Acted> METHOD = Jobs.control("Remove", Remove::new);

    public Remove {
        java.util.Objects.requireNonNull(jobs, "jobs");
    }

    @Override
    public Method<Remove, Jobs.Acted> method() {
        return METHOD;
    }
}
