package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.harrier.collector.negotiation.MatchPlan;
import org.harrier.collector.negotiation.MatchPlanner;
import org.harrier.collector.negotiation.NegotiationSnapshot;
import org.harrier.rules.Resources;
import org.harrier.collector.negotiation.ResourceRequest;
import org.harrier.collector.negotiation.SlotOffer;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;

/** Holds keep a cycle's matches out of the next cycle until the startd re-advertises the slot. */
class MatchHoldsTest {
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

    private final AdStore store = new AdStore(Duration.ofSeconds(15));
    private final MatchHolds holds = new MatchHolds();

    private Map<AdKey, Long> revisions() {
        Map<AdKey, Long> r = new java.util.HashMap<>();
        store.ads(AdType.SLOT).forEach(s -> r.put(s.key(), s.revision()));
        return r;
    }

    private MatchPlan planOneCycle(long jobs, long cpusEach) {
        ResourceRequest request = new ResourceRequest(DataIndication.SCHEDD, 1L, "alice", jobs,
                ClassAd.parse("[Requirements = true; RequestCpus = " + cpusEach + "; RequestMemory = 1024; RequestDisk = 1000]"));
        Map<AdKey, Long> revisions = revisions();
        MatchPlan plan = MatchPlanner.plan(new NegotiationSnapshot(List.of(request), holds.offers(store.ads(AdType.SLOT)), T0));
        holds.hold(plan.matches(), revisions);
        return plan;
    }

    private void partitionable(long cpus) {
        store.apply(DataIndication.slot("slot1@a").with("SlotType", "Partitionable").with("Cpus", cpus)
                .with("Memory", 8192L).with("Disk", 100_000L).withExpr("Requirements", "true").data(), T0);
    }

    @Test
    void heldCoresOfAPartitionableSlotAreNotOfferedAgain() {
        partitionable(4);
        assertEquals(3, planOneCycle(3, 1).matches().size());

        List<SlotOffer> offers = holds.offers(store.ads(AdType.SLOT));
        assertEquals(new Resources(1, 8192 - 3 * 1024, 100_000 - 3 * 1000), Resources.advertisedBy(offers.get(0).ad()));
        assertEquals(1, planOneCycle(3, 1).matches().size());
        assertEquals(0, planOneCycle(3, 1).matches().size());
    }

    @Test
    void aWholeSlotIsLeftOutWhileHeld() {
        store.apply(DataIndication.slot("slot1@a").with("SlotType", "Static").withExpr("Requirements", "true").data(), T0);
        planOneCycle(1, 1);

        assertEquals(List.of(), holds.offers(store.ads(AdType.SLOT)));
    }

    @Test
    void aNewVersionOfTheAdEndsTheHold() {
        partitionable(4);
        planOneCycle(4, 1);

        partitionable(2);

        assertEquals(new Resources(2, 8192, 100_000), Resources.advertisedBy(holds.offers(store.ads(AdType.SLOT)).get(0).ad()));
        assertEquals(0, holds.size(), "the stale hold is gone");
    }

    @Test
    void aNewVersionThatOnlyShowsTheSlotMatchedKeepsTheHold() {
        partitionable(4);
        planOneCycle(3, 1);

        store.apply(DataIndication.slot("slot1@a").with("SlotType", "Partitionable").with("Cpus", 4L).with("State", "Matched")
                .with("Memory", 8192L).with("Disk", 100_000L).withExpr("Requirements", "true").data(), T0);

        assertEquals(new Resources(1, 8192 - 3 * 1024, 100_000 - 3 * 1000),
                Resources.advertisedBy(holds.offers(store.ads(AdType.SLOT)).get(0).ad()), "the notice's echo is not the claim");
        partitionable(1);
        assertEquals(new Resources(1, 8192, 100_000), Resources.advertisedBy(holds.offers(store.ads(AdType.SLOT)).get(0).ad()));
        assertEquals(0, holds.size(), "the claims' version ends the hold");
    }

    @Test
    void aReleasedMatchGivesItsCoresBack() {
        partitionable(4);
        Map<AdKey, Long> revisions = revisions();
        MatchPlan plan = planOneCycle(2, 2);

        holds.release(plan.matches().subList(0, 1), revisions);

        assertEquals(new Resources(2, 8192 - 1024, 100_000 - 1000), Resources.advertisedBy(holds.offers(store.ads(AdType.SLOT)).get(0).ad()));
    }

    @Test
    void holdsOnAdsThatWentAwayAreForgotten() {
        partitionable(4);
        planOneCycle(1, 1);
        store.apply(DataIndication.slot("slot1@a").deleted().data(), T0);

        holds.offers(store.ads(AdType.SLOT));

        assertEquals(0, holds.size());
    }
}
