package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** A submitter object shows its owner's transferred bytes as they are when it is published. */
class SubmitterObjectTest {
    @Test
    void transferredBytesAreReadAtEachPublication() {
        Map<String, Map<String, Object>> totals = new java.util.HashMap<>();
        SubmitterObject o = new SubmitterObject("alice", "sched", "host", owner -> totals.getOrDefault(owner, Map.of()));
        assertFalse(o.values().containsKey("BytesRecvd"), "nothing before the owner's first transfer");
        totals.put("alice", Map.of("BytesRecvd", 10L, "BytesSent", 3L));
        assertEquals(10L, o.values().get("BytesRecvd"));
        assertEquals(3L, o.values().get("BytesSent"));
        assertEquals("alice@sched", o.values().get("Name"));
    }
}
