package org.harrier.scheduler;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

import org.harrier.protocol.Completions;

/**
 * How the schedd's public methods reach its owner thread: a task runs there, and its answer
 * waits until every queue change made so far is durable, so an answer never acknowledges a
 * change a crash could take back. Shared by {@link Schedd} and {@link ClaimReports}.
 *
 * <p>Thread-safe: it holds no state of its own; the tasks run on {@code owner}.
 */
final class OwnerCalls {
    private final Executor owner;
    private final QueueKeeper keeper;

    OwnerCalls(Executor owner, QueueKeeper keeper) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.keeper = Objects.requireNonNull(keeper, "keeper");
    }

    /**
     * Runs {@code task} on the owner thread; its future completes once the queue changes made
     * so far are durable (at once when there were none).
     */
    <T> CompletableFuture<T> run(Supplier<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            owner.execute(() -> {
                T value;
                try {
                    value = task.get();
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                    return;
                }
                keeper.synced().whenComplete((v, failed) -> {
                    if (failed == null) {
                        result.complete(value);
                    } else {
                        result.completeExceptionally(unwritten(failed));
                    }
                });
            });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new ScheddFailure.Unavailable("the scheduler is shutting down"));
        }
        return result;
    }

    /**
     * For calls whose work goes on after the owner task (a kill through the claim, a startd's
     * answer): runs {@code task} on the owner thread, waits for the future it returns, then for
     * the journal, so the answer still comes only once every change it made is on disk.
     */
    <T> CompletableFuture<T> inSteps(Supplier<CompletableFuture<T>> task) {
        return this.<CompletableFuture<T>>run(task).thenCompose(f -> f)
                .thenCompose(value -> keeper.synced().handle((v, failed) -> {
                    if (failed != null) {
                        throw unwritten(failed);
                    }
                    return value;
                }));
    }

    private static ScheddFailure.Unavailable unwritten(Throwable failed) {
        return new ScheddFailure.Unavailable("the scheduler could not write its job queue: " + Completions.message(failed));
    }
}
