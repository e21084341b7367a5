package org.harrier.exec.bus;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.harrier.bus.Console;
import org.harrier.exec.run.transfer.SchedulerCalls;
import org.harrier.exec.run.transfer.SchedulerFailure;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Request;

/**
 * The starter's calls on its scheduler (file transfer, checkpoints over the bus) through a
 * console: each method record goes to the scheduler object of the claim's scheduler agent, and
 * whatever the call fails with reaches the caller as a {@link SchedulerFailure}
 * ({@link SchedulerFailures}). Any thread; the futures complete on the console's reply thread.
 */
final class BusSchedulerCalls implements SchedulerCalls {
    private final Console console;

    BusSchedulerCalls(Console console) {
        this.console = console;
    }

    /** A scheduler agent {@code harrier:scheduler:<name>} hosts one {@code scheduler} object keyed by that same name (docs/protocols.md, Agents). */
    static ObjectId schedulerObject(AgentName scheduler) {
        return ObjectId.grid("scheduler", scheduler.instance());
    }

    @Override
    public <R> CompletableFuture<R> call(String scheduler, Request<R> request, Duration timeout) {
        AgentName agent;
        try {
            agent = AgentName.parse(scheduler);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(new SchedulerFailure.Unavailable(e.getMessage()));
        }
        CompletableFuture<R> answer = new CompletableFuture<>();
        console.call(agent, schedulerObject(agent), request, timeout).whenComplete((r, failure) -> {
            if (failure == null) {
                answer.complete(r);
            } else {
                answer.completeExceptionally(SchedulerFailures.fromBus(failure));
            }
        });
        return answer;
    }
}
