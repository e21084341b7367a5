package org.harrier.collector.bus;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.harrier.bus.Console;
import org.harrier.bus.QmfException;
import org.harrier.collector.Schedulers;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.Completions;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.scheduler.GetRequests;
import org.harrier.protocol.scheduler.Matched;

/** The negotiator's {@link Schedulers} on the bus: the scheduler's method records through the console, each call bounded by the call timeout. */
final class BusSchedulers implements Schedulers {
    private final Console console;
    private final Duration timeout;

    BusSchedulers(Console console, Duration timeout) {
        this.console = console;
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<GetRequests.Requests> getRequests(AgentName scheduler, ObjectId object) {
        return console.call(scheduler, object, new GetRequests(), timeout).exceptionallyCompose(e -> {
            Throwable cause = Completions.cause(e);
            return CompletableFuture.failedFuture(cause instanceof QmfException q && q.code() == QmfException.UNKNOWN_OBJECT
                    ? new Schedulers.Gone(q.getMessage()) : e);
        });
    }

    @Override
    public CompletionStage<?> matched(AgentName scheduler, ObjectId object, Matched matches) {
        return console.call(scheduler, object, matches, timeout);
    }
}
