package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;

/** EnteredCurrentState, EnteredCurrentActivity and TotalTime&lt;State&gt;&lt;Activity&gt; across a claim's life. */
class StateTimesTest {
    @Test
    void eachFinishedStayIsAddedToItsStateAndActivity() {
        StateTimes t = StateTimes.since(100)
                .moved("Claimed", "Idle", "Claimed", "Busy", 110)
                .moved("Claimed", "Busy", "Claimed", "Suspended", 150)
                .moved("Claimed", "Suspended", "Claimed", "Busy", 170)
                .moved("Claimed", "Busy", "Preempting", "Vacating", 200);
        assertEquals(Map.of("ClaimedIdle", 10L, "ClaimedBusy", 70L, "ClaimedSuspended", 20L), t.totals());
        assertEquals(200, t.enteredCurrentState(), "Preempting entered at 200");
        assertEquals(200, t.enteredCurrentActivity());
    }

    @Test
    void anActivityChangeKeepsTheStatesEntryAndNoMoveChangesNothing() {
        StateTimes t = StateTimes.since(100).moved("Claimed", "Idle", "Claimed", "Busy", 130);
        assertEquals(100, t.enteredCurrentState());
        assertEquals(130, t.enteredCurrentActivity());
        assertSame(t, t.moved("Claimed", "Busy", "Claimed", "Busy", 500));
    }

    @Test
    void anActivityIsNotEnteredBeforeItsState() {
        assertThrows(IllegalArgumentException.class, () -> new StateTimes(100, 99, Map.of()));
    }

    @Test
    void aDynamicSlotAdvertisesItsTotals() {
        PartitionableSlot p = PartitionableSlot.of("node", Machine.of("node", new Resources(2, 1024, 100000)),
                Expr.parse("TRUE"), 0);
        PartitionableSlot.Carved c = p.carve(new Resources(1, 256, 1000), "s", "alice", 100);
        DynamicSlot d = c.dynamicSlot().running("1.0", 105);
        d = d.withClaim(d.claim().running(new ClaimAttributes.Job(105, 0, null, 0, null)), 105);
        d = d.withClaim(d.claim().suspending(true), 125).withClaim(d.claim().suspending(false), 130);
        ClassAd ad = SlotAds.dynamic(c.slot().with(d), d);
        assertEquals(Expr.parse("5"), ad.lookup("TotalTimeClaimedIdle"));
        assertEquals(Expr.parse("20"), ad.lookup("TotalTimeClaimedBusy"));
        assertEquals(Expr.parse("5"), ad.lookup("TotalTimeClaimedSuspended"));
        assertEquals(Expr.parse("\"Busy\""), ad.lookup("Activity"));
        assertEquals(Expr.parse("130"), ad.lookup("EnteredCurrentActivity"));
        assertEquals(Expr.parse("100"), ad.lookup("EnteredCurrentState"));
    }
}
