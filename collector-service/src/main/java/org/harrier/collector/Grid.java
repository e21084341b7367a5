package org.harrier.collector;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

import org.harrier.protocol.AgentName;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;

/**
 * What the central manager needs from the rest of the grid, so the domain code never sees the
 * bus (docs/architecture.md): the two scheduler methods of docs/protocols.md "Negotiation", and a way to
 * publish its own objects. The bus package implements it; every call may come from the central
 * manager's thread and must not block it.
 */
public interface Grid {
    /** {@code GetRequests()} on {@code scheduler} at {@code agent}: completes with the {@code Requests} list, or exceptionally. */
    CompletionStage<List<?>> getRequests(AgentName agent, ObjectId scheduler);

    /** {@code Matched(Matches)} on {@code scheduler} at {@code agent}: completes when acknowledged, or exceptionally. */
    CompletionStage<?> matched(AgentName agent, ObjectId scheduler, List<Map<String, Object>> matches);

    /**
     * {@code Match(Scheduler, RequestId)} on {@code slot} at startd {@code agent}: the match notice of
     * NEGOTIATOR_INFORM_STARTD (docs/protocols.md "Match notices"), one way and best effort: the
     * stage completes when the startd answered, or exceptionally, and nothing waits for it.
     */
    CompletionStage<?> informStartd(AgentName agent, ObjectId slot, Map<String, Object> notice);

    /** Publishes {@code object}'s values now (a data indication). */
    void publish(ManagedObject object);
}
