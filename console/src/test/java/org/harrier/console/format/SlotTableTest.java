package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;

class SlotTableTest {
    private final SlotTable table = new SlotTable(Fixtures.CLOCK);

    @Test
    void slotsAreListedByMachineAndNameThenSummarisedByPlatformAndState() {
        assertEquals("""
                Name                      OpSys      Arch   State     Activity LoadAv Mem    ActvtyTime

                slot1@mac1                OSX        aarch64 Owner     Idle      0.000 8192    [Unknown]
                slot1@node2.example.org   LINUX      X86_64 Unclaimed Idle      0.250 14677  1+02:32:00
                slot1_1@node2.example.org LINUX      X86_64 Claimed   Busy      1.000 1024   0+00:04:00

                                  Total Owner Claimed Unclaimed Matched Preempting  Drain

                  X86_64/LINUX        2     0       1         1       0          0      0
                   aarch64/OSX        1     1       0         0       0          0      0

                         Total        3     1       1         1       0          0      0
                """, table.render(Fixtures.slots()));
    }

    @Test
    void shortNamesKeepTheNameColumnEighteenWide() {
        String header = table.render(List.of(Fixtures.ad("Name = \"s\"\nState = \"Unclaimed\""))).lines().findFirst()
                .orElseThrow();
        assertEquals("Name               OpSys      Arch   State     Activity LoadAv Mem    ActvtyTime", header);
    }

    @Test
    void noSlotsPrintNothingAsCondorStatusDoes() {
        assertEquals("", table.render(List.of()));
    }

    @Test
    void partitionableSlotsShowWhatIsLeftOfTotal() {
        List<ClassAd> slots = List.of(Fixtures.ad("""
                Name = "slot1@node1"
                Machine = "node1"
                OpSys = "LINUX"
                Arch = "X86_64"
                SlotType = "Partitionable"
                State = "Unclaimed"
                Activity = "Idle"
                LoadAvg = 0.5
                Cpus = 3
                Memory = 3072
                Disk = 800000
                TotalSlotCpus = 4
                TotalSlotMemory = 4096
                TotalSlotDisk = 1000000
                EnteredCurrentActivity = 1710412000
                """));

        assertEquals("""
                Name               OpSys      Arch   State     Activity LoadAv Mem    ActvtyTime

                slot1@node1        LINUX      X86_64 Unclaimed Idle      0.500 3072   0+00:05:20

                Partitionable slots, what is left of each resource:

                Name                 Cpus        Memory                  Disk  GPUs
                slot1@node1           3/4     3072/4096        800000/1000000     0

                                  Total Owner Claimed Unclaimed Matched Preempting  Drain

                  X86_64/LINUX        1     0       0         1       0          0      0

                         Total        1     0       0         1       0          0      0
                """, table.render(slots));
    }

    @Test
    void totalIsTheSummaryAloneAndItsRowsForJson() {
        assertEquals("""
                                  Total Owner Claimed Unclaimed Matched Preempting  Drain

                  X86_64/LINUX        2     0       1         1       0          0      0
                   aarch64/OSX        1     1       0         0       0          0      0

                         Total        3     1       1         1       0          0      0
                """, table.totals(Fixtures.slots()));
        assertEquals(List.of(
                Map.of("Platform", "X86_64/LINUX", "Total", 2, "Owner", 0, "Claimed", 1, "Unclaimed", 1, "Matched", 0,
                        "Preempting", 0, "Drained", 0),
                Map.of("Platform", "aarch64/OSX", "Total", 1, "Owner", 1, "Claimed", 0, "Unclaimed", 0, "Matched", 0,
                        "Preempting", 0, "Drained", 0),
                Map.of("Platform", "Total", "Total", 3, "Owner", 1, "Claimed", 1, "Unclaimed", 1, "Matched", 0,
                        "Preempting", 0, "Drained", 0)), SlotTable.totalsByPlatform(Fixtures.slots()));
    }
}
