package org.harrier.collector.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * When the planner lets a job take a slot running another job (admin manual, "Priorities in
 * Negotiation and Preemption"): by the slot's Rank always, by priority only when
 * PREEMPTION_REQUIREMENTS allows and the newcomer's priority is better; never by priority
 * against one's own job; an idle slot first.
 */
class PreemptionTest {
    /** alice runs on the slot; bob asks. Priorities: lower is better. */
    private static MatchPlan bobAsks(String preemptionRequirements, double alicePriority, double bobPriority,
            String slotRank, double currentRank, List<SlotOffer> extra) {
        SlotOffer running = Pools.staticSlot("busy", "State = \"Claimed\"; RemoteUser = \"alice\"; RemoteOwner = \"alice\";"
                + " CurrentRank = " + currentRank + (slotRank.isEmpty() ? "" : "; Rank = " + slotRank));
        NegotiationPolicy policy = NegotiationPolicy.DEFAULT
                .withPriorities(Map.of("alice", alicePriority, "bob", bobPriority))
                .withPreemption(Preemption.of(preemptionRequirements, Preemption.DEFAULT.rank().toString()));
        List<SlotOffer> slots = new java.util.ArrayList<>(extra);
        slots.add(running);
        return MatchPlanner.plan(new NegotiationSnapshot(List.of(Pools.request("bob", 1, "Requirements = true")), slots,
                Pools.NOW, policy));
    }

    @ParameterizedTest(name = "[{index}] PREEMPTION_REQUIREMENTS {0}, alice {1}, bob {2}, slot Rank {3} -> {4}")
    @CsvSource(delimiter = '|', value = {
            "false                                   | 5000 | 500  |                                        | no",
            "true                                    | 5000 | 500  |                                        | yes",
            "true                                    | 500  | 5000 |                                        | no",
            "true                                    | 500  | 500  |                                        | no",
            "RemoteUserPrio > SubmitterUserPrio * 1.2 | 5000 | 500  |                                        | yes",
            "RemoteUserPrio > SubmitterUserPrio * 1.2 | 550  | 500  |                                        | no",
            "false                                   | 500  | 5000 | ifThenElse(TARGET.Owner == \"bob\", 10, 0) | yes",
            "true                                    | 5000 | 500  | ifThenElse(TARGET.Owner == \"bob\", -1, 0) | no",
    })
    void aRunningJobIsPreemptedOnlyWhenTheRulesAllow(String requirements, double alice, double bob, String slotRank,
            String outcome) {
        MatchPlan plan = bobAsks(requirements, alice, bob, slotRank == null ? "" : slotRank, 0, List.of());

        if (outcome.equals("yes")) {
            assertEquals(1, plan.matches().size());
            assertTrue(plan.matches().get(0).preempting());
            assertTrue(plan.matches().get(0).toMatch().preempt());
            assertEquals(1, plan.preemptions());
        } else {
            assertEquals(List.of(), plan.matches());
        }
    }

    @Test
    void anIdleSlotIsTakenBeforeAnyoneIsPreempted() {
        MatchPlan plan = bobAsks("true", 5000, 500, "", 0, List.of(Pools.staticSlot("idle", "")));

        assertEquals(List.of("idle"), Pools.matchedSlots(plan));
        assertFalse(plan.matches().get(0).preempting());
        assertFalse(plan.matches().get(0).toMatch().preempt());
    }

    @Test
    void noOneIsPreemptedByTheirOwnJobsOnPriority() {
        SlotOffer running = Pools.staticSlot("busy", "State = \"Claimed\"; RemoteUser = \"bob\"");
        NegotiationPolicy policy = NegotiationPolicy.DEFAULT.withPreemption(Preemption.of("true", "0"));

        MatchPlan plan = MatchPlanner.plan(new NegotiationSnapshot(List.of(Pools.request("bob", 1, "Requirements = true")),
                List.of(running), Pools.NOW, policy));

        assertEquals(List.of(), plan.matches());
    }

    @Test
    void aSlotThatIsAlreadyPreemptingIsNotPreemptedAgain() {
        SlotOffer leaving = Pools.staticSlot("busy", "State = \"Preempting\"; RemoteUser = \"alice\"");
        NegotiationPolicy policy = NegotiationPolicy.DEFAULT.withPriorities(Map.of("alice", 5000.0))
                .withPreemption(Preemption.of("true", "0"));

        MatchPlan plan = MatchPlanner.plan(new NegotiationSnapshot(List.of(Pools.request("bob", 1, "Requirements = true")),
                List.of(leaving), Pools.NOW, policy));

        assertEquals(List.of(), plan.matches());
    }

    @Test
    void thePreemptorIsChargedAndTheVictimReleasedWithinTheCycle() {
        // Two running slots of alice; bob (a little better priority) may preempt: the slot he takes
        // counts toward his pie-spin share (about 1.1 of 2), so he takes one, not both.
        SlotOffer a1 = Pools.staticSlot("a1", "State = \"Claimed\"; RemoteUser = \"alice\"");
        SlotOffer a2 = Pools.staticSlot("a2", "State = \"Claimed\"; RemoteUser = \"alice\"");
        NegotiationPolicy policy = NegotiationPolicy.DEFAULT.withPriorities(Map.of("alice", 600.0, "bob", 500.0))
                .withPreemption(Preemption.of("true", "0"));

        MatchPlan plan = MatchPlanner.plan(new NegotiationSnapshot(List.of(Pools.request("bob", 5, "Requirements = true")),
                List.of(a1, a2), Pools.NOW, policy));

        assertEquals(1, plan.matches().size(), "one each is the fair split of two slots");
    }
}
