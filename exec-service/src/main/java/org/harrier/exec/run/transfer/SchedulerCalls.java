package org.harrier.exec.run.transfer;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.harrier.protocol.method.Request;

/**
 * The bus as a transfer sees it: one method record called on the {@code scheduler} object of
 * agent {@code scheduler} (its agent name, as a claim records it), completing with the method's
 * answer or failing with a {@link SchedulerFailure}. The exec service's bus package implements
 * it with its console; nothing here imports the bus.
 */
public interface SchedulerCalls {
    <R> CompletableFuture<R> call(String scheduler, Request<R> request, Duration timeout);
}
