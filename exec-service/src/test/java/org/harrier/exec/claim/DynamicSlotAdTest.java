package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.StringValue;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;

/**
 * A dynamic slot's ad is made of its inputs alone: equal inputs, equal ads, so the publisher may
 * keep the ad of a slot whose inputs did not change; any input that changes the ad changes them.
 */
class DynamicSlotAdTest {
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));
    static final SlotPolicy POLICY = new SlotPolicy(Expr.parse("TARGET.Boost"), Expr.parse("600"));
    static final Measurements QUIET = new Measurements(0.1, 0.0, 1000, 1000, 512, 50000);

    final ClaimBook book = new ClaimBook(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(3),
            POLICY);

    static EvalContext at(long second) {
        return EvalContext.create(Clock.fixed(Instant.ofEpochSecond(second), ZoneOffset.UTC), 1);
    }

    static ClassAd request() {
        return ClassAd.builder().set("RequestCpus", 1).set("RequestMemory", 256).set("Owner", "alice").build();
    }

    DynamicSlotAd inputs(String claimId, Measurements measured) {
        return DynamicSlotAd.of(book.slot(), book.claimed(claimId), POLICY, measured);
    }

    @Test
    void theAdOfTheInputsIsTheSlotsPublishedAd() {
        String claim = book.claim(request(), "harrier:scheduler:s", at(100)).claimId();
        book.running(claim, "4.0", request(), at(110));
        DynamicSlot d = book.claimed(claim);
        assertEquals(SlotAds.dynamic(book.slot(), d, POLICY, QUIET), inputs(claim, QUIET).ad());
        assertEquals(new StringValue("4.0"), inputs(claim, QUIET).ad().lookup("JobId"));
    }

    @Test
    void aSlotUntouchedByItsNeighboursJobHasEqualInputsAndAnEqualAd() {
        String first = book.claim(request(), "harrier:scheduler:s", at(100)).claimId();
        String second = book.claim(request(), "harrier:scheduler:s", at(101)).claimId();
        DynamicSlotAd before = inputs(first, QUIET);

        book.running(second, "4.0", request(), at(110));
        book.idle(second, at(120).now());

        assertTrue(before.sameAs(inputs(first, QUIET)), "the neighbour's job changed nothing the first slot's ad reads");
        assertEquals(before, inputs(first, QUIET));
        assertEquals(before.ad(), inputs(first, QUIET).ad());
    }

    @Test
    void aJobsStartOrFreshMeasurementsChangeTheInputsAndTheAd() {
        String claim = book.claim(request(), "harrier:scheduler:s", at(100)).claimId();
        DynamicSlotAd idle = inputs(claim, QUIET);

        book.running(claim, "4.0", request(), at(110));
        DynamicSlotAd busy = inputs(claim, QUIET);
        assertFalse(idle.sameAs(busy));
        assertEquals(new StringValue("Busy"), busy.ad().lookup("Activity"));
        assertNotEquals(idle.ad(), busy.ad());

        DynamicSlotAd loaded = inputs(claim, new Measurements(1.5, 1.0, 1000, 1000, 512, 50000));
        assertFalse(busy.sameAs(loaded));
        assertNotEquals(busy.ad().lookup("LoadAvg"), loaded.ad().lookup("LoadAvg"));
    }
}
