package org.harrier.collector.negotiation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * HTCondor's pie spin (admin manual, "The Layperson's Description of the Pie Spin and Pie
 * Slice"): each hungry submitter's slice of the pie is in proportion to the inverse of its
 * effective priority, so a submitter with priority 5 may hold twice what one with 10 may.
 * A submitter that holds its slice already gets nothing more in this spin; the planner spins
 * again, among those still hungry, with whatever the others left.
 */
final class PieSpin implements SharePolicy {
    static final PieSpin INSTANCE = new PieSpin();

    private PieSpin() {
    }

    @Override
    public String name() {
        return "pie-spin";
    }

    @Override
    public Map<String, Double> shares(List<Hungry> hungry, double pie) {
        double normal = 0;
        for (Hungry h : hungry) {
            normal += 1 / h.priority();
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (Hungry h : hungry) {
            out.put(h.submitter(), pie * (1 / h.priority()) / normal);
        }
        return out;
    }
}
