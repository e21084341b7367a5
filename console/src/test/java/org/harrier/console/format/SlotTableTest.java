package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
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

                               Machines Owner Claimed Unclaimed Matched Preempting  Drain

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
}
