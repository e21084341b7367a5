package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Match;
import org.harrier.classad.Value;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartitionableSlotTest {
    static final Machine MACHINE = new Machine("host.example", "X86_64", "LINUX", "Debian12", "example", new Resources(2, 1000, 50000));

    @Test
    void aFreshSlotAdvertisesTheWholeMachineAsUnclaimedAndIdle() {
        ClassAd ad = SlotAds.partitionable(PartitionableSlot.of("node1", MACHINE, Expr.parse("TRUE"), 1700000000));
        assertEquals(Value.of("slot1@node1"), ad.evaluate("Name"));
        assertEquals(Value.of("host.example"), ad.evaluate("Machine"));
        assertEquals(Value.of("Partitionable"), ad.evaluate("SlotType"));
        assertEquals(Value.of(2), ad.evaluate("Cpus"));
        assertEquals(Value.of(1000), ad.evaluate("Memory"));
        assertEquals(Value.of(50000), ad.evaluate("Disk"));
        assertEquals(Value.of(2), ad.evaluate("TotalCpus"));
        assertEquals(Value.of("Unclaimed"), ad.evaluate("State"));
        assertEquals(Value.of("Idle"), ad.evaluate("Activity"));
        assertEquals(Value.of("X86_64"), ad.evaluate("Arch"));
        assertEquals(Value.of("LINUX"), ad.evaluate("OpSys"));
        assertEquals(Value.of("Debian12"), ad.evaluate("OpSysAndVer"));
        assertEquals(Value.of("example"), ad.evaluate("FileSystemDomain"));
        assertEquals(Value.of(0), ad.evaluate("Rank"));
        assertEquals("START && WithinResourceLimits", ad.lookup("Requirements").unparse());
    }

    @Test
    void aStartThatIsPlainlyFalsePutsTheSlotInOwnerState() {
        ClassAd ad = SlotAds.partitionable(PartitionableSlot.of("node1", MACHINE, Expr.parse("FALSE"), 0));
        assertEquals(Value.of("Owner"), ad.evaluate("State"));
    }

    @Test
    void aStartThatDependsOnTheJobLeavesTheSlotUnclaimed() {
        ClassAd ad = SlotAds.partitionable(PartitionableSlot.of("node1", MACHINE, Expr.parse("TARGET.Owner == \"alice\""), 0));
        assertEquals(Value.of("Unclaimed"), ad.evaluate("State"));
    }

    @ParameterizedTest(name = "{0} matches: {1}")
    @CsvSource(delimiter = '|', value = {
            "[Requirements = TRUE]                                            | true",
            "[Requirements = TRUE; RequestCpus = 2; RequestMemory = 1000]     | true",
            "[Requirements = TRUE; RequestCpus = 3]                           | false",
            "[Requirements = TRUE; RequestMemory = 1001]                      | false",
            "[Requirements = TARGET.Memory >= 2000]                           | false",
            "[Requirements = TARGET.Arch == \"X86_64\" && TARGET.OpSys == \"LINUX\"] | true"})
    void theSlotAdMatchesJobsTheWayANegotiatorWouldSeeIt(String job, boolean matches) {
        ClassAd slot = SlotAds.partitionable(PartitionableSlot.of("node1", MACHINE, Expr.parse("TRUE"), 0));
        assertEquals(matches, Match.of(ClassAd.parse(job), slot).matched());
    }

    @Test
    void carvingNamesDynamicSlotsInOrderAndAdvertisesWhatIsLeft() {
        PartitionableSlot p = PartitionableSlot.of("node1", MACHINE, Expr.parse("TRUE"), 0);
        PartitionableSlot.Carved first = p.carve(new Resources(1, 400, 1000), "harrier:scheduler:s", "alice", 5);
        PartitionableSlot.Carved second = first.slot().carve(new Resources(1, 600, 1000), "harrier:scheduler:s", "bob", 6);
        assertEquals(List.of("slot1_1@node1", "slot1_2@node1"), List.copyOf(second.slot().dynamicSlots().keySet()));
        ClassAd pad = SlotAds.partitionable(second.slot());
        assertEquals(Value.of(0), pad.evaluate("Cpus"));
        assertEquals(Value.of(0), pad.evaluate("Memory"));
        assertEquals(Value.of(48000), pad.evaluate("Disk"));
        assertEquals(Value.of(2), pad.evaluate("NumDynamicSlots"));
        assertEquals(Value.of(false), pad.evaluate("Requirements", ClassAd.parse("[RequestCpus = 1]")),
                "an exhausted slot's WithinResourceLimits is false");

        ClassAd dad = SlotAds.dynamic(second.slot(), second.dynamicSlot().running("7.0", 9));
        assertEquals(Value.of("slot1_2@node1"), dad.evaluate("Name"));
        assertEquals(Value.of("Dynamic"), dad.evaluate("SlotType"));
        assertEquals(Value.of("Claimed"), dad.evaluate("State"));
        assertEquals(Value.of("Busy"), dad.evaluate("Activity"));
        assertEquals(Value.of("7.0"), dad.evaluate("JobId"));
        assertEquals(Value.of(600), dad.evaluate("Memory"));
        assertEquals(Value.of("bob"), dad.evaluate("RemoteOwner"));
        assertEquals(Value.of("slot1@node1"), dad.evaluate("ParentSlotName"));

        PartitionableSlot back = second.slot().release("slot1_1@node1").release("slot1_2@node1");
        assertEquals(MACHINE.total(), back.remaining());
        assertTrue(back.dynamicSlots().isEmpty());
        assertEquals(3, back.nextNumber(), "numbers are not reused while the startd runs");
    }

    @Test
    void carvingMoreThanIsLeftOrReleasingAnUnknownSlotChangesNothing() {
        PartitionableSlot p = PartitionableSlot.of("node1", MACHINE, Expr.parse("TRUE"), 0);
        assertThrows(IllegalArgumentException.class, () -> p.carve(new Resources(3, 1, 1), "s", "o", 0));
        assertThrows(IllegalArgumentException.class, () -> p.release("slot1_9@node1"));
        assertEquals(MACHINE.total(), p.remaining());
    }
}
