package org.harrier.collector.negotiation;

import org.harrier.rules.Resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * Invariants of the planner over random pools of partitionable and whole slots and random
 * requests: a partitionable slot is never carved beyond its Cpus, Memory or Disk, a whole slot
 * goes to one job, every idle job is either matched or counted as rejected, and nothing is left
 * idle that would still have fitted somewhere. Fixed seeds, so a failure reproduces.
 */
class CarvingProperties {
    private static final long SEED = 0x5107_ca5eL;
    private static final String[] OWNERS = {"alice", "bob", "carol"};

    record SlotSpec(String name, boolean partitionable, long cpus, long memoryMiB, long diskKiB) {
    }

    record RequestSpec(String owner, long count, long cpus, long memoryMiB, long diskKiB) {
        Resources demand() {
            return new Resources(cpus, memoryMiB, diskKiB);
        }
    }

    record Pool(List<SlotSpec> slots, List<RequestSpec> requests, boolean slotsCheckLimits) {
    }

    private static Gen<Pool> pools() {
        return rs -> {
            List<SlotSpec> slots = new ArrayList<>();
            int n = Generate.range(0, 5).generate(rs);
            for (int i = 0; i < n; i++) {
                slots.add(new SlotSpec("slot" + i, Generate.range(0, 3).generate(rs) > 0,
                        Generate.range(0, 8).generate(rs), Generate.range(0, 16_384).generate(rs),
                        Generate.range(0, 100_000).generate(rs)));
            }
            List<RequestSpec> requests = new ArrayList<>();
            int m = Generate.range(0, 6).generate(rs);
            for (int i = 0; i < m; i++) {
                requests.add(new RequestSpec(OWNERS[Generate.range(0, OWNERS.length - 1).generate(rs)],
                        Generate.range(1, 12).generate(rs), Generate.range(1, 4).generate(rs),
                        Generate.range(1, 6_000).generate(rs), Generate.range(1, 40_000).generate(rs)));
            }
            return new Pool(slots, requests, Generate.booleans().generate(rs));
        };
    }

    private static SlotOffer offer(SlotSpec s, boolean checkLimits) {
        String requirements = checkLimits ? Pools.WITHIN_LIMITS : "Requirements = true";
        if (s.partitionable()) {
            return Pools.partitionable(s.name(), s.cpus(), s.memoryMiB(), s.diskKiB(), requirements);
        }
        return Pools.slot(s.name(), "SlotType = \"Static\"; State = \"Unclaimed\"; Cpus = " + s.cpus() + "; Memory = "
                + s.memoryMiB() + "; Disk = " + s.diskKiB() + "; Requirements = true");
    }

    private static ResourceRequest request(RequestSpec r) {
        return Pools.request(r.owner(), r.count(), "Requirements = true; RequestCpus = " + r.cpus() + "; RequestMemory = "
                + r.memoryMiB() + "; RequestDisk = " + r.diskKiB());
    }

    @Test
    void partitionableSlotsAreNeverOvercommittedAndEveryJobIsAccountedFor() {
        qt().withFixedSeed(SEED).withExamples(2_000).forAll(pools()).checkAssert(pool -> {
            Map<ResourceRequest, RequestSpec> specs = new HashMap<>();
            List<ResourceRequest> requests = new ArrayList<>();
            for (RequestSpec r : pool.requests()) {
                ResourceRequest req = request(r);
                specs.put(req, r);
                requests.add(req);
            }
            Map<String, SlotSpec> slots = new HashMap<>();
            List<SlotOffer> offers = new ArrayList<>();
            for (SlotSpec s : pool.slots()) {
                slots.put(s.name(), s);
                offers.add(offer(s, pool.slotsCheckLimits()));
            }

            MatchPlan plan = Pools.plan(requests, offers);

            Map<String, Resources> used = new HashMap<>();
            Map<ResourceRequest, Long> matched = new HashMap<>();
            for (PlannedMatch m : plan.matches()) {
                SlotSpec slot = slots.get(m.slot().id().key());
                RequestSpec spec = specs.get(m.request());
                matched.merge(m.request(), 1L, Long::sum);
                if (slot.partitionable()) {
                    assertEquals(spec.demand(), m.carved(), "a partitionable slot carves exactly what the job asks");
                    used.merge(slot.name(), m.carved(), Resources::plus);
                } else {
                    assertEquals(Resources.NONE, m.carved());
                    assertFalse(used.containsKey(slot.name()), "a whole slot goes to one job: " + slot.name());
                    used.put(slot.name(), Resources.NONE);
                }
            }
            used.forEach((name, total) -> {
                SlotSpec s = slots.get(name);
                assertTrue(new Resources(s.cpus(), s.memoryMiB(), s.diskKiB()).covers(total),
                        name + " carved " + total + " of " + s);
            });
            for (ResourceRequest r : requests) {
                long unmatched = plan.rejections().stream().filter(x -> x.request() == r).mapToLong(Rejection::unmatched).sum();
                assertEquals(r.count(), matched.getOrDefault(r, 0L) + unmatched, "every job of " + specs.get(r));
            }
            for (Rejection rejected : plan.rejections()) {
                Resources demand = specs.get(rejected.request()).demand();
                for (SlotSpec s : pool.slots()) {
                    Resources total = new Resources(s.cpus(), s.memoryMiB(), s.diskKiB());
                    if (s.partitionable()) {
                        Resources left = total.minus(used.getOrDefault(s.name(), Resources.NONE));
                        assertFalse(left.covers(demand), "request " + specs.get(rejected.request()) + " left idle, fits " + s
                                + " with " + left + " left");
                    } else {
                        assertTrue(used.containsKey(s.name()), "request " + specs.get(rejected.request())
                                + " left idle while " + s + " is free");
                    }
                }
            }
        });
    }
}
