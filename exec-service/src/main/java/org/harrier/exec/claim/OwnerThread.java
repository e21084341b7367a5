package org.harrier.exec.claim;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

import org.harrier.classad.EvalContext;

/**
 * What every part of the startd shares on its owner thread ("harrier-startd"): the
 * {@link ClaimTable}, which only that thread touches; {@code apply}, which does the effects the
 * table's transitions return; the clock; and {@code executor}, which hands work from other threads
 * (a process's exit, a finished transfer, a timer) back to the owner thread.
 */
public record OwnerThread(ClaimTable table, Consumer<List<Effect>> apply, Clock clock, Executor executor) {
    public OwnerThread {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(apply, "apply");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(executor, "executor");
    }

    public void apply(List<Effect> effects) {
        apply.accept(effects);
    }

    /** Seconds since the epoch, as claim times and leases count them. */
    public long now() {
        return clock.instant().getEpochSecond();
    }

    /** A context to evaluate ClassAd expressions in at this moment. */
    public EvalContext context() {
        return EvalContext.create(clock, clock.millis());
    }
}
