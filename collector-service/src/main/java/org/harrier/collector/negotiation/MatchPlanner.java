package org.harrier.collector.negotiation;

/**
 * The negotiator's decision as a pure function (docs/architecture.md): requests, slot ads and the
 * policy in, a {@link MatchPlan} out, nothing else read or written. How it decides is
 * {@link Negotiation}'s comment.
 */
public final class MatchPlanner {
    private MatchPlanner() {
    }

    public static MatchPlan plan(NegotiationSnapshot snapshot) {
        return Negotiation.plan(snapshot);
    }
}
