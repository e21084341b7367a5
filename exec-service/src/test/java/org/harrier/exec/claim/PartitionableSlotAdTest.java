package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;

/**
 * The partitionable slot's ad is made of its inputs alone: the jobs coming and going on a claim
 * leave them equal, while a claim carved or given back, or the slot's stay, changes them.
 */
class PartitionableSlotAdTest {
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));
    static final SlotPolicy POLICY = new SlotPolicy(Expr.parse("TARGET.Boost"), Expr.parse("600"));
    static final PartitionableStay STAY = PartitionableStay.since("Unclaimed", 50);

    final ClaimBook book = new ClaimBook(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(5),
            POLICY);

    static EvalContext at(long second) {
        return EvalContext.create(Clock.fixed(Instant.ofEpochSecond(second), ZoneOffset.UTC), 1);
    }

    static ClassAd request() {
        return ClassAd.builder().set("RequestCpus", 1).set("RequestMemory", 256).set("Owner", "alice").build();
    }

    PartitionableSlotAd inputs(PartitionableStay stay) {
        return PartitionableSlotAd.of(book.slot(), POLICY, Measurements.NONE, stay);
    }

    @Test
    void theAdOfTheInputsIsThePublishedAd() {
        book.claim(request(), "harrier:scheduler:s", at(100));
        assertEquals(SlotAds.partitionable(book.slot(), POLICY, Measurements.NONE, STAY), inputs(STAY).ad());
        assertEquals(IntegerValue.of(1), inputs(STAY).ad().lookup("NumDynamicSlots"));
    }

    @Test
    void jobsOnAClaimLeaveTheInputsEqualAndAClaimCarvedOrGivenBackChangesThem() {
        String claim = book.claim(request(), "harrier:scheduler:s", at(100)).claimId();
        PartitionableSlotAd claimed = inputs(STAY);

        book.running(claim, "4.0", request(), at(110));
        book.idle(claim, 120);
        book.running(claim, "4.1", request(), at(120));
        assertTrue(claimed.sameAs(inputs(STAY)), "a job's end and the next one's start change only the dynamic slot");
        assertEquals(claimed.ad(), inputs(STAY).ad());

        book.release(claim);
        assertFalse(claimed.sameAs(inputs(STAY)));
        assertEquals(IntegerValue.of(2), inputs(STAY).ad().lookup("Cpus"));
    }

    @Test
    void anotherStayChangesTheInputsAndTheAdsState() {
        PartitionableSlotAd unclaimed = inputs(STAY);
        PartitionableSlotAd matched = inputs(STAY.movedTo("Matched", 70));
        assertFalse(unclaimed.sameAs(matched));
        assertEquals("\"Matched\"", matched.ad().lookup("State").toString());
    }
}
