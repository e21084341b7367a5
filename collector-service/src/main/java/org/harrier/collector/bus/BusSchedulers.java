package org.harrier.collector.bus;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

import org.harrier.bus.Console;
import org.harrier.collector.Schedulers;
import org.harrier.protocol.AgentName;
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
        return console.call(scheduler, object, new GetRequests(), timeout);
    }

    @Override
    public CompletionStage<?> matched(AgentName scheduler, ObjectId object, Matched matches) {
        return console.call(scheduler, object, matches, timeout);
    }
}
