package org.harrier.scheduler.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.scheduler.queue.JobId;
import org.junit.jupiter.api.Test;

class AutoclustersTest {
    final Map<JobId, ClassAd> queue = new HashMap<>();
    final Autoclusters idle = new Autoclusters(queue::get);

    /** Queues and indexes an idle job, as the QueueKeeper does. */
    void add(JobId id, ClassAd ad) {
        queue.put(id, ad);
        idle.add(id, ad);
    }

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
            add(id(9, p), procs.get(p));
        }
        for (int p = 0; p < procs.size(); p++) {
            assertNotNull(idle.byKey(AutoclusterKey.of(procs.get(p))), "proc " + p + " is in the autocluster of its own key");
        }
        assertEquals(List.of(3, 1, 1, 1), idle.requests().stream().map(AutoclusterRequest::count).toList(),
                "procs 0, 3 and 5 together; 1, 2 and 4 each alone");
    }

    /**
     * Single-job clusters, as clients that submit one job per call make them: one whose cluster
     * ad reads alike to the last one's shares its key without reading it again, yet any
     * difference in what matching reads (a request, an attribute Requirements references, the
     * owner, Requirements itself) still makes its own key, and so does a proc's own attribute.
     */
    @Test
    void singleJobClustersShareTheirKeyOnlyWhenMatchingReadsThemAlike() {
        List<ClassAd> clusters = List.of(
                clusterAd("alice", 64, "a", "TARGET.Memory >= RequestMemory && TARGET.Site == Site"),
                clusterAd("alice", 64, "a", "TARGET.Memory >= RequestMemory && TARGET.Site == Site"),
                clusterAd("alice", 128, "a", "TARGET.Memory >= RequestMemory && TARGET.Site == Site"),
                clusterAd("alice", 128, "b", "TARGET.Memory >= RequestMemory && TARGET.Site == Site"),
                clusterAd("bob", 128, "b", "TARGET.Memory >= RequestMemory && TARGET.Site == Site"),
                clusterAd("bob", 128, "b", "TARGET.Memory >= RequestMemory"),
                clusterAd("bob", 128, "b", "TARGET.Memory >= RequestMemory"),
                clusterAd("alice", 64, "a", "TARGET.Memory >= RequestMemory && TARGET.Site == Site"));
        List<ClassAd> jobs = new ArrayList<>();
        for (int c = 0; c < clusters.size(); c++) {
            jobs.add(ClassAd.builder().set("ProcId", 0).build().chainedTo(clusters.get(c)));
        }
        jobs.add(ClassAd.builder().set("ProcId", 0).set("Site", "c").build().chainedTo(clusters.get(0)));
        for (int c = 0; c < jobs.size(); c++) {
            add(id(c + 1, 0), jobs.get(c));
        }
        for (int c = 0; c < jobs.size(); c++) {
            Autocluster ac = idle.byKey(AutoclusterKey.of(jobs.get(c)));
            assertNotNull(ac, "cluster " + (c + 1) + " is in the autocluster of its own key");
            assertTrue(ac.contains(id(c + 1, 0)), "cluster " + (c + 1) + "'s job is in the autocluster of its own key");
        }
        assertEquals(List.of(3, 1, 1, 1, 2, 1), idle.requests().stream().map(AutoclusterRequest::count).toList(),
                "clusters 1, 2 and 8 together, 6 and 7 together; 3, 4, 5 and the proc with a Site of its own each alone");
    }

    static ClassAd clusterAd(String owner, long memory, String site, String requirements) {
        return ClassAd.builder().set("Owner", owner).setExpr("Requirements", requirements).set("RequestMemory", memory)
                .set("Site", site).set("Cmd", "/bin/true").build();
    }

    @Test
    void oneRequestPerAutoclusterCountingItsIdleJobs() {
        add(id(1, 0), job("alice", 64, 0));
        add(id(1, 1), job("alice", 64, 0));
        add(id(2, 0), job("alice", 128, 0));
        add(id(3, 0), job("bob", 64, 0));
        List<AutoclusterRequest> r = idle.requests();
        assertEquals(List.of(2, 1, 1), r.stream().map(AutoclusterRequest::count).toList());
        assertEquals(List.of("alice", "alice", "bob"), r.stream().map(AutoclusterRequest::owner).toList());
        assertEquals(3, r.stream().map(AutoclusterRequest::requestId).distinct().count());
    }

    @Test
    void theNextJobIsTheHighestPriorityThenTheOldest() {
        add(id(2, 0), job("alice", 64, 0));
        add(id(1, 5), job("alice", 64, 0));
        add(id(3, 0), job("alice", 64, 10));
        AutoclusterKey key = AutoclusterKey.of(job("alice", 64, 0));
        assertEquals(id(3, 0), idle.next(key));
        idle.remove(id(3, 0));
        assertEquals(id(1, 5), idle.next(key));
    }

    @Test
    void aPendingClaimSpeaksForOneJobUntilAnswered() {
        add(id(1, 0), job("alice", 64, 0));
        add(id(1, 1), job("alice", 64, 0));
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
        add(id(1, 0), job("alice", 64, 0));
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
        add(id(1, 0), job("alice", 64, 0));
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
        add(id(1, 0), job("alice", 128, 0));
        assertEquals(new ClaimStep.Release(), ClaimStep.after(c, idle), "a job of another autocluster may not fit the slot");
        add(id(2, 0), job("alice", 64, 0));
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

    /** A request carries the ad of the job that would run next, read from the queue as it is now. */
    @Test
    void aRequestCarriesTheNextJobsCurrentAd() {
        add(id(1, 0), job("alice", 64, 0));
        add(id(1, 1), job("alice", 64, 0));
        assertSame(queue.get(id(1, 0)), idle.requests().get(0).ad());
        idle.remove(id(1, 0));
        assertSame(queue.get(id(1, 1)), idle.requests().get(0).ad());
    }

    /** A cluster of many procs queued together costs one run, however many procs it has. */
    @Test
    void aClusterOfManyProcsIsOneRun() {
        ClassAd cluster = job("alice", 64, 0);
        for (int p = 0; p < 10_000; p++) {
            add(id(7, p), ClassAd.builder().set("ProcId", p).build().chainedTo(cluster));
        }
        assertEquals(1, idle.runCount());
        assertEquals(10_000, idle.requests().get(0).count());
        for (int p = 0; p < 100; p++) {
            assertEquals(id(7, p), idle.next(AutoclusterKey.of(cluster)));
            assertTrue(idle.remove(id(7, p)));
        }
        assertEquals(1, idle.runCount(), "jobs leaving from the front keep it one run");
        assertTrue(idle.remove(id(7, 5_000)));
        assertEquals(2, idle.runCount());
    }

    /**
     * Random adds and removes over a few clusters, priorities and keys: the index agrees with a
     * plain ordered set of jobs per autocluster on membership, counts and the next job.
     */
    @Test
    void agreesWithAPlainSetUnderRandomChanges() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            Map<JobId, ClassAd> queue = new HashMap<>();
            Autoclusters index = new Autoclusters(queue::get);
            Map<AutoclusterKey, TreeSet<JobId>> model = new HashMap<>();
            Map<JobId, Long> prios = new HashMap<>();
            for (int step = 0; step < 2_000; step++) {
                JobId j = id(1 + random.nextInt(3), random.nextInt(60));
                if (queue.containsKey(j) && random.nextBoolean()) {
                    ClassAd ad = queue.remove(j);
                    assertTrue(index.remove(j), "seed " + seed + ": " + j + " was indexed");
                    model.get(AutoclusterKey.of(ad)).remove(j);
                } else if (!queue.containsKey(j)) {
                    long prio = random.nextInt(3);
                    ClassAd ad = job(random.nextBoolean() ? "alice" : "bob", 64L << random.nextInt(2), prio);
                    queue.put(j, ad);
                    prios.put(j, prio);
                    index.add(j, ad);
                    model.computeIfAbsent(AutoclusterKey.of(ad), k -> new TreeSet<>()).add(j);
                } else {
                    assertFalse(index.remove(id(9, j.proc())), "seed " + seed + ": never indexed");
                }
                for (var e : model.entrySet()) {
                    TreeSet<JobId> jobs = e.getValue();
                    JobId best = jobs.stream().min((a, b) -> prios.get(a).equals(prios.get(b))
                            ? a.compareTo(b) : Long.compare(prios.get(b), prios.get(a))).orElse(null);
                    assertEquals(best, index.next(e.getKey()), "seed " + seed + " step " + step);
                    Autocluster ac = index.byKey(e.getKey());
                    assertEquals(jobs.size(), ac == null ? 0 : ac.idleCount(), "seed " + seed + " step " + step);
                }
                for (JobId q : queue.keySet()) {
                    assertTrue(index.contains(q));
                }
            }
        }
    }
}
