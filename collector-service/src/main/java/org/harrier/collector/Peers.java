package org.harrier.collector;

import java.util.Objects;

/**
 * The central manager's ports to the rest of the grid, one per peer it calls and one for what
 * it publishes, so the domain code never sees the bus (docs/architecture.md).
 */
public record Peers(Schedulers schedulers, StartdNotices startds, NegotiatorEvents events) {
    public Peers {
        Objects.requireNonNull(schedulers, "the negotiator needs its schedulers");
        Objects.requireNonNull(startds, "the negotiator needs its startds (for match notices)");
        Objects.requireNonNull(events, "the negotiator needs somewhere to publish its cycles");
    }
}
