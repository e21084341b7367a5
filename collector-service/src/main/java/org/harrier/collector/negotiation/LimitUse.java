package org.harrier.collector.negotiation;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Concurrency limit units in use during one plan: what running claims hold (their slot ads'
 * ConcurrencyLimits) plus what this plan's matches take. Belongs to one plan.
 */
final class LimitUse {
    private final ConcurrencyLimits limits;
    private final Map<String, Double> used = new HashMap<>();

    LimitUse(ConcurrencyLimits limits, Map<String, Double> held) {
        this.limits = limits;
        used.putAll(held);
    }

    /** Counts what a running claim holds; an unreadable ConcurrencyLimits counts nothing. */
    void holding(String text) {
        try {
            ConcurrencyLimits.parse(text).forEach((name, amount) -> used.merge(name, amount, Double::sum));
        } catch (IllegalArgumentException ignored) {
            // The job was admitted with it; a slot ad that garbles it cannot be charged.
        }
    }

    /** The first limit {@code wants} would exceed, or null if every one has room. */
    String exceeded(Map<String, Double> wants) {
        for (Map.Entry<String, Double> e : wants.entrySet()) {
            if (used.getOrDefault(e.getKey(), 0.0) + e.getValue() > limits.maxOf(e.getKey()) + 1e-9) {
                return e.getKey();
            }
        }
        return null;
    }

    void take(Map<String, Double> wants) {
        wants.forEach((name, amount) -> used.merge(name, amount, Double::sum));
    }

    /** Units in use per limit name, sorted. */
    Map<String, Double> inUse() {
        return new TreeMap<>(used);
    }
}
