package org.harrier.collector.negotiation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hierarchical accounting groups with quotas, as HTCondor configures them on the central
 * manager (admin manual, "Accounting Groups with Hierarchical Group Quotas"): GROUP_NAMES,
 * GROUP_QUOTA_&lt;g&gt; (static, in weighted slots), GROUP_QUOTA_DYNAMIC_&lt;g&gt; (a fraction of
 * the parent's quota), GROUP_ACCEPT_SURPLUS and GROUP_ACCEPT_SURPLUS_&lt;g&gt;. A dotted name is
 * a subgroup ({@code group_physics.hep}). Names are case-insensitive (kept lower-case). The
 * root is HTCondor's {@code <none>} group: submitters in no configured group.
 */
public record GroupQuotas(List<String> names, Map<String, Double> staticQuota, Map<String, Double> dynamicQuota,
                          Map<String, Boolean> acceptSurplus, boolean defaultAcceptSurplus) {
    public static final String NONE_GROUP = "<none>";
    public static final GroupQuotas NONE = new GroupQuotas(List.of(), Map.of(), Map.of(), Map.of(), false);

    public GroupQuotas {
        names = names.stream().map(n -> n.trim().toLowerCase(Locale.ROOT)).filter(n -> !n.isEmpty()).distinct().toList();
        staticQuota = lowerKeys(staticQuota, "GROUP_QUOTA_", false);
        dynamicQuota = lowerKeys(dynamicQuota, "GROUP_QUOTA_DYNAMIC_", true);
        Map<String, Boolean> surplus = new TreeMap<>();
        acceptSurplus.forEach((k, v) -> surplus.put(k.toLowerCase(Locale.ROOT), v));
        acceptSurplus = Map.copyOf(surplus);
        for (String g : names) {
            if (!g.matches("[a-z0-9_.\\-]+") || g.startsWith(".") || g.endsWith(".")) {
                throw new IllegalArgumentException("GROUP_NAMES: '" + g + "' is not a group name");
            }
        }
    }

    private static Map<String, Double> lowerKeys(Map<String, Double> in, String knob, boolean fraction) {
        Map<String, Double> out = new TreeMap<>();
        in.forEach((k, v) -> {
            if (!(v >= 0) || Double.isInfinite(v) || (fraction && v > 1)) {
                throw new IllegalArgumentException(knob + k + " must be " + (fraction ? "between 0 and 1" : "a number >= 0")
                        + ", got " + v);
            }
            out.put(k.toLowerCase(Locale.ROOT), v);
        });
        return Map.copyOf(out);
    }

    public boolean configured() {
        return !names.isEmpty();
    }

    /** The configured group a submitter negotiates in: the longest group its name starts with, else {@code <none>}. */
    public String groupOf(String submitter) {
        String s = submitter.toLowerCase(Locale.ROOT);
        String best = NONE_GROUP;
        for (String g : names) {
            if (s.startsWith(g + ".") && (best.equals(NONE_GROUP) || g.length() > best.length())) {
                best = g;
            }
        }
        return best;
    }

    /** A group's parent: the longest configured group its name extends, else the root. */
    public String parentOf(String group) {
        if (group.equals(NONE_GROUP)) {
            return null;
        }
        String best = NONE_GROUP;
        for (String g : names) {
            if (group.startsWith(g + ".") && (best.equals(NONE_GROUP) || g.length() > best.length())) {
                best = g;
            }
        }
        return best;
    }

    public boolean acceptsSurplus(String group) {
        if (group.equals(NONE_GROUP) && !configured()) {
            return true;
        }
        return acceptSurplus.getOrDefault(group, defaultAcceptSurplus);
    }

    /**
     * Each group's quota in a pool of {@code pool} weighted slots, top down: a static quota as
     * configured, a dynamic one as a fraction of its parent's; children whose quotas add up to
     * more than their parent's are scaled down in proportion (never up). The root holds the
     * pool; {@code <none>}'s own quota is what its child groups leave of it.
     */
    public Map<String, Double> quotas(double pool) {
        Map<String, List<String>> children = new HashMap<>();
        for (String g : names) {
            children.computeIfAbsent(parentOf(g), k -> new ArrayList<>()).add(g);
        }
        Map<String, Double> out = new TreeMap<>();
        double rootLeft = assign(NONE_GROUP, pool, children, out);
        out.put(NONE_GROUP, rootLeft);
        return out;
    }

    /** Gives {@code parent}'s children their quotas out of {@code quota}; returns what they leave. */
    private double assign(String parent, double quota, Map<String, List<String>> children, Map<String, Double> out) {
        List<String> kids = children.getOrDefault(parent, List.of());
        double[] asked = new double[kids.size()];
        double sum = 0;
        for (int i = 0; i < kids.size(); i++) {
            String g = kids.get(i);
            Double fraction = dynamicQuota.get(g);
            asked[i] = fraction != null ? fraction * quota : staticQuota.getOrDefault(g, 0.0);
            sum += asked[i];
        }
        double scale = sum > quota && sum > 0 ? quota / sum : 1;
        for (int i = 0; i < kids.size(); i++) {
            double q = asked[i] * scale;
            out.put(kids.get(i), q);
            assign(kids.get(i), q, children, out);
        }
        return Math.max(0, quota - sum * scale);
    }
}
