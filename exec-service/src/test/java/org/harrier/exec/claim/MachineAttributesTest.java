package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;

/** The attributes every slot ad starts with are made once per machine and START, and always of the machine asked for. */
class MachineAttributesTest {
    static final Machine SMALL = Machine.of("small", new Resources(2, 1024, 100000));
    static final Machine BIG = Machine.of("big", new Resources(64, 262144, 100000000));
    static final Expr START = Expr.parse("TRUE");

    @Test
    void theSameMachineAndStartGiveTheSameAttributesAndAnotherMachineItsOwn() {
        ClassAd small = MachineAttributes.of(SMALL, START);
        assertSame(small, MachineAttributes.of(SMALL, START));
        ClassAd big = MachineAttributes.of(BIG, START);
        assertEquals(IntegerValue.of(64), big.lookup("TotalCpus"));
        assertEquals(new StringValue("big"), big.lookup("Machine"));
        assertEquals(IntegerValue.of(2), MachineAttributes.of(SMALL, START).lookup("TotalCpus"));
        Expr ownerAway = Expr.parse("KeyboardIdle > 15 * 60");
        assertSame(ownerAway, MachineAttributes.of(SMALL, ownerAway).lookup("Start"));
    }

    @Test
    void slotAdsReadAsIfMadeFromScratchInTheirOrder() {
        PartitionableSlot slot = PartitionableSlot.of("small", SMALL, START, 0);
        ClassAd first = SlotAds.partitionable(slot);
        ClassAd again = SlotAds.partitionable(PartitionableSlot.of("small", BIG, START, 0).resized(SMALL));
        assertEquals(first, again);
        assertEquals(first.names(), again.names());
        assertEquals(List.of("MyType", "TargetType", "Machine", "SlotID"), first.names().subList(0, 4));
        assertEquals("Rank", first.names().get(15));
        assertEquals("Name", first.names().get(16), "the slot's own attributes follow, Rank set again in its place");
    }
}
