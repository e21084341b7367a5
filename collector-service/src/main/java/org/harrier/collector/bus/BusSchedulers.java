package org.harrier.collector.bus;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.harrier.collector.Schedulers;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.bus.Console;

/** The negotiator's {@link Schedulers} on the bus: methods through the console, each call bounded by the call timeout. */
final class BusSchedulers implements Schedulers {
    private final Console console;
    private final Duration timeout;

    BusSchedulers(Console console, Duration timeout) {
        this.console = console;
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
}
