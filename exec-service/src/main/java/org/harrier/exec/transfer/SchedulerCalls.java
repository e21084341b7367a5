package org.harrier.exec.transfer;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The bus as a transfer sees it: one method call on the {@code scheduler} object of agent
 * {@code scheduler} (its agent name, as a claim records it), completing with the output
 * arguments or failing with the method's QmfException. The exec service's bus package
 * implements it with its console; nothing here imports the bus.
 */
@FunctionalInterface
public interface SchedulerCalls {
    CompletableFuture<Map<String, Object>> call(String scheduler, String method, Map<String, Object> arguments,
            Duration timeout);
}
