package org.harrier.collector.negotiation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Condor paper's Up-Down algorithm (Mutka and Livny): every submitter has a schedule index
 * that rises while it holds remote capacity and falls while it is denied some; capacity goes to
 * the lowest index first, as much as it wants. So a light user, whose index is low, is served
 * ahead of a heavy one, and a heavy user still gets steady access whenever the light ones are
 * satisfied. The index is kept by the accountant ({@code Accountant}); here it is the priority.
 */
final class UpDown implements SharePolicy {
    static final UpDown INSTANCE = new UpDown();

    private UpDown() {
    }

    @Override
    public String name() {
        return "up-down";
    }

    @Override
    public Map<String, Double> shares(List<Hungry> hungry, double pie) {
        Map<String, Double> out = new LinkedHashMap<>();
        hungry.forEach(h -> out.put(h.submitter(), Double.POSITIVE_INFINITY));
        return out;
    }
}
