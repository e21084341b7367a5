package org.harrier.scheduler.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.mgmt.AgentName;
import org.harrier.mgmt.ObjectId;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

class AutoclustersTest {
    Autoclusters idle = new Autoclusters();

    static ClassAd job(String owner, long memory, long prio) {
        return ClassAd.builder().set("Owner", owner).setExpr("Requirements", "TARGET.Memory >= RequestMemory")
                .set("RequestMemory", memory).set("JobPrio", prio).build();
    }

    static JobId id(int cluster, int proc) {
        return new JobId(cluster, proc);
    }

    /**
     * Procs of one cluster are read once, yet a proc whose own attributes touch what matching
     * reads (a request, something Requirements references, the owner) still gets its own key:
     * every job lands where AutoclusterKey.of puts it.
     */
    @Test
    void procsOfAClusterShareTheirKeyUnlessTheirOwnAttributesMatter() {
        ClassAd cluster = ClassAd.builder().set("Owner", "alice")
                .setExpr("Requirements", "TARGET.Memory >= RequestMemory && TARGET.Site == Site")
                .set("RequestMemory", 64).set("Site", "a").set("Cmd", "/bin/true").build();
        List<ClassAd> procs = List.of(
                ClassAd.builder().set("ProcId", 0).set("CustomId", "9.0").build().chainedTo(cluster),
                ClassAd.builder().set("ProcId", 1).set("RequestMemory", 128).build().chainedTo(cluster),
                ClassAd.builder().set("ProcId", 2).set("Site", "b").build().chainedTo(cluster),
                ClassAd.builder().set("ProcId", 3).set("Args", "x").build().chainedTo(cluster),
                ClassAd.builder().set("ProcId", 4).set("Owner", "bob").build().chainedTo(cluster),
                ClassAd.builder().set("ProcId", 5).build().chainedTo(cluster));
        for (int p = 0; p < procs.size(); p++) {
            idle.add(id(9, p), procs.get(p));
        }
        for (int p = 0; p < procs.size(); p++) {
            assertNotNull(idle.byKey(AutoclusterKey.of(procs.get(p))), "proc " + p + " is in the autocluster of its own key");
        }
        assertEquals(List.of(3, 1, 1, 1), idle.requests().stream().map(Request::count).toList(),
                "procs 0, 3 and 5 together; 1, 2 and 4 each alone");
    }

    @Test
    void oneRequestPerAutoclusterCountingItsIdleJobs() {
        idle.add(id(1, 0), job("alice", 64, 0));
        idle.add(id(1, 1), job("alice", 64, 0));
        idle.add(id(2, 0), job("alice", 128, 0));
        idle.add(id(3, 0), job("bob", 64, 0));
        List<Request> r = idle.requests();
        assertEquals(List.of(2, 1, 1), r.stream().map(Request::count).toList());
        assertEquals(List.of("alice", "alice", "bob"), r.stream().map(Request::owner).toList());
        assertEquals(3, r.stream().map(Request::requestId).distinct().count());
    }

    @Test
    void theNextJobIsTheHighestPriorityThenTheOldest() {
        idle.add(id(2, 0), job("alice", 64, 0));
        idle.add(id(1, 5), job("alice", 64, 0));
        idle.add(id(3, 0), job("alice", 64, 10));
        AutoclusterKey key = AutoclusterKey.of(job("alice", 64, 0));
        assertEquals(id(3, 0), idle.next(key));
        idle.remove(id(3, 0));
        assertEquals(id(1, 5), idle.next(key));
    }

    @Test
    void aPendingClaimSpeaksForOneJobUntilAnswered() {
        idle.add(id(1, 0), job("alice", 64, 0));
        idle.add(id(1, 1), job("alice", 64, 0));
        long rid = idle.requests().get(0).requestId();
        assertTrue(idle.seekClaim(rid) != null);
        assertEquals(1, idle.requests().get(0).count());
        assertTrue(idle.seekClaim(rid) != null);
        assertTrue(idle.requests().isEmpty(), "every job is spoken for");
        assertNull(idle.seekClaim(rid), "a third match for two jobs is not sought");
        AutoclusterKey key = AutoclusterKey.of(job("alice", 64, 0));
        idle.claimAnswered(key);
        assertEquals(1, idle.requests().get(0).count());
    }

    @Test
    void anEmptyAutoclusterIsDroppedOnlyWhenNoClaimIsPending() {
        idle.add(id(1, 0), job("alice", 64, 0));
        long rid = idle.requests().get(0).requestId();
        AutoclusterKey key = AutoclusterKey.of(job("alice", 64, 0));
        idle.seekClaim(rid);
        idle.remove(id(1, 0));
        assertEquals(1, idle.size(), "kept while its claim is pending");
        idle.claimAnswered(key);
        assertEquals(0, idle.size());
        assertNull(idle.byRequestId(rid), "a late match for it finds nothing");
        assertThrows(IllegalStateException.class, () -> idle.claimAnswered(key));
    }

    @Test
    void aJobIsIndexedOnce() {
        idle.add(id(1, 0), job("alice", 64, 0));
        assertThrows(IllegalStateException.class, () -> idle.add(id(1, 0), job("alice", 64, 0)));
        assertTrue(idle.remove(id(1, 0)));
        assertFalse(idle.remove(id(1, 0)));
    }

    static ClaimGrant grant(String id) {
        return new ClaimGrant(id, new SlotRef(AgentName.harrier("startd", "h"), ObjectId.grid("slot", "slot1_1@h")));
    }

    @Test
    void aFreeClaimRunsTheNextJobOfItsOwnAutoclusterOrIsReleased() {
        Claims claims = new Claims();
        AutoclusterKey small = AutoclusterKey.of(job("alice", 64, 0));
        Claim c = claims.add(grant("c1"), small);
        idle.add(id(1, 0), job("alice", 128, 0));
        assertEquals(new ClaimStep.Release(), ClaimStep.after(c, idle), "a job of another autocluster may not fit the slot");
        idle.add(id(2, 0), job("alice", 64, 0));
        assertEquals(new ClaimStep.Run(id(2, 0)), ClaimStep.after(c, idle));
        claims.run(c, id(2, 0));
        assertThrows(IllegalArgumentException.class, () -> ClaimStep.after(c, idle), "a busy claim is not free");
        assertEquals(c, claims.of(id(2, 0)));
        claims.stopping(c);
        assertThrows(IllegalArgumentException.class, () -> ClaimStep.after(c, idle), "a claim being deactivated is not free");
        claims.stopped(c);
        assertTrue(c.isFree());
        assertNull(claims.of(id(2, 0)));
    }
}
