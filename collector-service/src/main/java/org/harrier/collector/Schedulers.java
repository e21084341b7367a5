package org.harrier.collector;

import java.util.concurrent.CompletionStage;

import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.scheduler.GetRequests;
import org.harrier.protocol.scheduler.Matched;

/**
 * The schedulers as the negotiator calls them: the two methods of docs/protocols.md
 * "Negotiation". The bus package implements it, so the domain code never sees the bus
 * (docs/architecture.md); every call may come from the central manager's thread and must not
 * block it.
 */
public interface Schedulers {
    /** The scheduler's agent answered but serves no scheduler object: it is stopping (or starting). */
    final class Gone extends RuntimeException {
        public Gone(String message) {
            super(message);
        }
    }

    /**
     * {@code GetRequests()} on {@code scheduler} at {@code agent}: completes with its answer, or
     * exceptionally ({@link Gone} when the agent no longer serves the object).
     */
    CompletionStage<GetRequests.Requests> getRequests(AgentName agent, ObjectId scheduler);

    /** {@code Matched(Matches)} on {@code scheduler} at {@code agent}: completes when acknowledged, or exceptionally. */
    CompletionStage<?> matched(AgentName agent, ObjectId scheduler, Matched matches);
}
