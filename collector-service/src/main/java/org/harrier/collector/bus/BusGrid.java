package org.harrier.collector.bus;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.harrier.collector.Grid;
import org.harrier.protocol.AgentName;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.bus.Agent;
import org.harrier.bus.Console;

/**
 * The central manager's {@link Grid} on the bus: scheduler methods and the startds' match
 * notices through the console (each call bounded by the call timeout), publication through the agent.
 */
final class BusGrid implements Grid {
    private final Console console;
    private final Agent agent;
    private final Duration timeout;

    BusGrid(Console console, Agent agent, Duration timeout) {
        this.console = console;
        this.agent = agent;
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<List<?>> getRequests(AgentName scheduler, ObjectId object) {
        return console.invoke(scheduler, object, "GetRequests", Map.of(), timeout).thenCompose(out -> {
            if (out.get("Requests") instanceof List<?> requests) {
                return CompletableFuture.completedFuture(requests);
            }
            return CompletableFuture.failedFuture(new QmfException(QmfException.EXCEPTION,
                    scheduler + " answered GetRequests without a Requests list"));
        });
    }

    @Override
    public CompletionStage<?> matched(AgentName scheduler, ObjectId object, List<Map<String, Object>> matches) {
        return console.invoke(scheduler, object, "Matched", Map.of("Matches", matches), timeout);
    }

    @Override
    public CompletionStage<?> informStartd(AgentName startd, ObjectId slot, Map<String, Object> notice) {
        return console.invoke(startd, slot, "Match", notice, timeout);
    }

    @Override
    public void publish(ManagedObject object) {
        agent.changed(object);
    }
}
