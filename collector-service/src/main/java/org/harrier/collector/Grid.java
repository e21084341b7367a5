package org.harrier.collector;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

import org.harrier.mgmt.AgentName;
import org.harrier.mgmt.ManagedObject;

/**
 * What the central manager needs from the rest of the grid, so the domain code never sees the
 * bus (STYLE.md 5): the two scheduler methods of docs/protocols.md "Negotiation", and a way to
 * publish its own objects. The bus package implements it; every call may come from the central
 * manager's thread and must not block it.
 */
public interface Grid {
    /** {@code scheduler.GetRequests()}: completes with the {@code Requests} list, or exceptionally. */
    CompletionStage<List<?>> getRequests(AgentName scheduler);

    /** {@code scheduler.Matched(Matches)}: completes when the scheduler has acknowledged, or exceptionally. */
    CompletionStage<?> matched(AgentName scheduler, List<Map<String, Object>> matches);

    /** Publishes {@code object}'s values now (a data indication). */
    void publish(ManagedObject object);
}
