package org.harrier.collector.negotiation;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Invariants of planning with groups and limits over random pools: a group that does not take
 * surplus never ends a cycle holding more than its quota (unless it already did), nor does any
 * group above it; no concurrency limit is ever exceeded by the cycle's matches. Fixed seeds.
 */
class QuotaAndLimitProperties {
    private static final long SEED = 0x9007a5L;
    private static final String[] SUBMITTERS = {"alice", "bob", "group_a.carol", "group_a.dave", "group_b.erin",
            "group_a.sub.frank"};
    private static final List<String> GROUPS = List.of("group_a", "group_b", "group_a.sub");

    record Pool(int free, Map<String, Integer> running, List<ResourceRequest> requests, GroupQuotas groups,
                ConcurrencyLimits limits, Map<String, Double> limitsHeld) {
    }

    private static Gen<Pool> pools() {
        return rs -> {
            int free = Generate.range(0, 30).generate(rs);
            Map<String, Integer> running = new HashMap<>();
            for (String s : SUBMITTERS) {
                running.put(s, Generate.range(0, 4).generate(rs));
            }
            List<ResourceRequest> requests = new ArrayList<>();
            int n = Generate.range(0, 8).generate(rs);
            String[] limitNames = {"", "lic", "lic:2", "db", "lic,db:3"};
            for (int i = 0; i < n; i++) {
                String s = SUBMITTERS[Generate.range(0, SUBMITTERS.length - 1).generate(rs)];
                String limits = limitNames[Generate.range(0, limitNames.length - 1).generate(rs)];
                String owner = s.contains(".") ? s.substring(s.lastIndexOf('.') + 1) : s;
                String ad = "Requirements = true" + (s.contains(".") ? "; AccountingGroup = \"" + s + "\"" : "")
                        + (limits.isEmpty() ? "" : "; ConcurrencyLimits = \"" + limits + "\"");
                requests.add(Pools.request(owner, Generate.range(1, 12).generate(rs), ad));
            }
            Map<String, Double> statics = new HashMap<>();
            Map<String, Double> dynamics = new HashMap<>();
            Map<String, Boolean> surplus = new HashMap<>();
            for (String g : GROUPS) {
                if (Generate.booleans().generate(rs)) {
                    dynamics.put(g, Generate.range(0, 100).generate(rs) / 100.0);
                } else {
                    statics.put(g, (double) Generate.range(0, 20).generate(rs));
                }
                surplus.put(g, Generate.booleans().generate(rs));
            }
            GroupQuotas groups = new GroupQuotas(GROUPS, statics, dynamics, surplus, false);
            ConcurrencyLimits limits = new ConcurrencyLimits(
                    Map.of("lic", (double) Generate.range(0, 6).generate(rs), "db", (double) Generate.range(0, 9).generate(rs)),
                    ConcurrencyLimits.HTCONDOR_DEFAULT);
            Map<String, Double> held = Map.of("lic", (double) Generate.range(0, 2).generate(rs));
            return new Pool(free, running, requests, groups, limits, held);
        };
    }

    private static List<SlotOffer> slots(Pool pool) {
        List<SlotOffer> slots = new ArrayList<>();
        for (int i = 0; i < pool.free(); i++) {
            slots.add(Pools.staticSlot("free" + i, ""));
        }
        pool.running().forEach((s, n) -> {
            for (int i = 0; i < n; i++) {
                slots.add(Pools.staticSlot(s + "-" + i, "State = \"Claimed\"; RemoteUser = \"" + s + "\""));
            }
        });
        return slots;
    }

    @Test
    void quotasAndConcurrencyLimitsAreNeverExceeded() {
        qt().withFixedSeed(SEED).withExamples(1_500).forAll(pools()).checkAssert(pool -> {
            List<SlotOffer> slots = slots(pool);
            NegotiationPolicy policy = NegotiationPolicy.DEFAULT.withGroups(pool.groups()).withLimits(pool.limits())
                    .withLimitsHeld(pool.limitsHeld());
            MatchPlan plan = MatchPlanner.plan(new NegotiationSnapshot(pool.requests(), slots, Pools.NOW, policy));

            double pie = slots.size();
            Map<String, Double> quotas = pool.groups().quotas(pie);
            Map<String, Double> before = new HashMap<>();
            Map<String, Double> after = new HashMap<>();
            pool.running().forEach((s, n) -> charge(pool.groups(), before, s, n));
            pool.running().forEach((s, n) -> charge(pool.groups(), after, s, n));
            Map<String, Double> units = new HashMap<>(pool.limitsHeld());
            for (PlannedMatch m : plan.matches()) {
                charge(pool.groups(), after, Negotiation.submitterOf(m.request()), 1);
                m.request().concurrencyLimits()
                        .forEach((name, n) -> units.merge(name, n, Double::sum));
            }
            for (String g : GROUPS) {
                if (!pool.groups().acceptsSurplus(g)) {
                    double held = after.getOrDefault(g, 0.0);
                    double quota = quotas.get(g);
                    assertTrue(held <= quota + 1e-9 || held == before.getOrDefault(g, 0.0),
                            g + " holds " + held + " of quota " + quota + " (before " + before.get(g) + ")");
                }
            }
            units.forEach((name, used) -> {
                if (used > pool.limitsHeld().getOrDefault(name, 0.0)) {
                    assertTrue(used <= pool.limits().maxOf(name) + 1e-9, name + " at " + used + " of " + pool.limits().maxOf(name));
                }
            });
        });
    }

    /** Adds {@code n} to {@code submitter}'s group and every group above it. */
    private static void charge(GroupQuotas groups, Map<String, Double> held, String submitter, double n) {
        for (String g = groups.groupOf(submitter); g != null && !g.equals(GroupQuotas.NONE_GROUP); g = groups.parentOf(g)) {
            held.merge(g, n, Double::sum);
        }
    }
}
