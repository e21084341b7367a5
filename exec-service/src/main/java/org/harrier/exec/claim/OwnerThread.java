package org.harrier.exec.claim;

import java.time.Clock;
import java.util.ArrayList;
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
 * <p>A burst is one piece of work the owner thread runs ({@link #call}, or a task given to
 * {@link #executor}). Every {@link Effect.Publish} of a burst is applied once, at the burst's end
 * or at {@link #publishPending} before then: a job's exit and the start of the job queued behind
 * it are two transitions in one burst, and the slot ads were rebuilt for each (benchmarks/README.md,
 * "Where one job's CPU goes"). The change is still published in the burst it happened in, and a
 * call's answer is sent after it.
 *
 * <p>Threads: {@link #table}, {@link #commit}, {@link #publishPending} and the two fields behind
 * the burst ({@code inBurst}, {@code publishDue}) on the owner thread only; {@link #call} and
 * {@link #executor} from any. Always ask {@link #table} afresh for a transition: a table kept
 * across a commit is an old one.
 */
public final class OwnerThread {
    private final Consumer<List<Effect>> apply;
    private final Clock clock;
    private final Executor executor;
    private ClaimTable table;
    private boolean inBurst;
    private boolean publishDue;

    /**
     * {@code apply}: does effects in order (the startd's publish, kill, cancel and report);
     * {@code executor}: the owner thread, which runs one task at a time.
     */
    public OwnerThread(ClaimTable table, Consumer<List<Effect>> apply, Clock clock, Executor executor) {
        this.table = Objects.requireNonNull(table, "table");
        this.apply = Objects.requireNonNull(apply, "apply");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(executor, "executor");
        this.executor = task -> executor.execute(() -> burst(task));
    }

    public ClaimTable table() {
        return table;
    }

    /**
     * Takes {@code t}'s table, applies its effects (a Publish at the burst's end, once), then
     * answers its value (or throws its refusal).
     */
    public <T> T commit(ClaimTransition<T> t) {
        table = t.table();
        List<Effect> effects = t.effects();
        if (inBurst && effects.contains(Effect.PUBLISH)) {
            publishDue = true;
            effects = new ArrayList<>(effects);
            effects.removeIf(e -> e instanceof Effect.Publish);
        }
        if (!effects.isEmpty()) {
            apply.accept(effects);
        }
        if (t.refusal() != null) {
            throw t.refusal();
        }
        return t.value();
    }

    /**
     * Publishes now what the burst changed so far, if anything: before the startd says anything
     * that follows the change (a job's exit report names the slot it left, the owner policy's
     * measurements refresh the slot objects), so that nobody hears of it before the slot ads do.
     */
    public void publishPending() {
        if (publishDue) {
            publishDue = false;
            apply.accept(List.of(Effect.PUBLISH));
        }
    }

    private void burst(Runnable task) {
        boolean outer = !inBurst;
        inBurst = true;
        try {
            task.run();
        } finally {
            if (outer) {
                inBurst = false;
                publishPending();
            }
        }
    }

    /**
     * Runs {@code work} on the owner thread; the future completes there with its answer or its
     * exception once what the work changed is published, or at once with
     * {@link StartdFailure.Failed} when the startd is shut down. Any thread.
     */
    public <T> CompletableFuture<T> call(Supplier<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                T answer = null;
                RuntimeException failure = null;
                try {
                    answer = work.get();
                } catch (RuntimeException e) {
                    failure = e; // a refusal may still have changed the slot (a preemption under way)
                }
                try {
                    publishPending();
                } finally {
                    if (failure == null) {
                        f.complete(answer);
                    } else {
                        f.completeExceptionally(failure);
                    }
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

    /** Runs each task on the owner thread as a burst of its own. */
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
