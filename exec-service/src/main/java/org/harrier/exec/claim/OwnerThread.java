package org.harrier.exec.claim;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.harrier.classad.EvalContext;

/**
 * The startd's owner thread ("harrier-startd") as its parts see it: the one holder of the
 * current {@link ClaimTable}, which {@link #commit} replaces with a transition's table before it
 * applies the transition's effects; the clock; and {@code executor}, which hands work from other
 * threads (a process's exit, a finished transfer, a timer) back to the owner thread.
 *
 * <p>Threads: {@link #table} and {@link #commit} on the owner thread only; {@link #call} from any. Always ask
 * {@link #table} afresh for a transition: a table kept across a commit is an old one.
 */
public final class OwnerThread {
    private final Consumer<List<Effect>> apply;
    private final Clock clock;
    private final Executor executor;
    private ClaimTable table;

    /** {@code apply}: does effects in order (the startd's publish, kill, cancel and report). */
    public OwnerThread(ClaimTable table, Consumer<List<Effect>> apply, Clock clock, Executor executor) {
        this.table = Objects.requireNonNull(table, "table");
        this.apply = Objects.requireNonNull(apply, "apply");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    public ClaimTable table() {
        return table;
    }

    /** Takes {@code t}'s table, applies its effects, then answers its value (or throws its refusal). */
    public <T> T commit(ClaimTransition<T> t) {
        table = t.table();
        apply.accept(t.effects());
        if (t.refusal() != null) {
            throw t.refusal();
        }
        return t.value();
    }

    /**
     * Runs {@code work} on the owner thread; the future completes there with its answer or its
     * exception, or at once with {@link StartdFailure.Failed} when the startd is shut down. Any thread.
     */
    public <T> CompletableFuture<T> call(Supplier<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    f.complete(work.get());
                } catch (RuntimeException e) {
                    f.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            f.completeExceptionally(new StartdFailure.Failed("the startd is shut down"));
        }
        return f;
    }

    public Clock clock() {
        return clock;
    }

    public Executor executor() {
        return executor;
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
