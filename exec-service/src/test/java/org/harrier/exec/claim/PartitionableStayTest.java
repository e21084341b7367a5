package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;

import org.junit.jupiter.api.Test;

class PartitionableStayTest {
    @Test
    void theOwnersComingAndGoingAreCountedPerState() {
        PartitionableStay start = PartitionableStay.since("Unclaimed", 100);

        PartitionableStay owned = start.movedTo("Owner", 160);
        assertSame(owned, owned.movedTo("Owner", 170), "a look that finds the same state changes nothing");
        PartitionableStay back = owned.movedTo("Unclaimed", 200);

        assertEquals("Unclaimed", back.state());
        assertEquals(200, back.times().enteredCurrentState());
        assertEquals(Map.of("UnclaimedIdle", 60L, "OwnerIdle", 40L), back.times().totals());
    }
}
