package org.harrier.scheduler.bus;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.Predicate;
import org.harrier.bus.QmfException;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.testing.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The scheduler service on a real embedded Artemis broker, called by a console over AMQP 1.0. */
@Timeout(60)
class SchedulerServiceTest extends SchedulerOnBroker {
    /** The tests call as the broker's owner; a reason records who acted, as condor_hold does. */
    private static final String BY_OWNER = " (by user " + org.harrier.broker.GridBroker.owner() + ")";
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AgentName AGENT = ServiceOnBroker.AGENT;
    static final ObjectId SCHEDULER = ServiceOnBroker.SCHEDULER;


    QmfException failing(String method, Map<String, ?> args) {
        return assertThrows(QmfException.class, () -> call(method, args));
    }

    static Map<String, Object> typed(String type, Object value) {
        return Map.of("TYPE", type, "VALUE", value);
    }

    /** The MRG QMF submission example's ad: typed {TYPE, VALUE} attributes. */
    static Map<String, Object> seedAd() {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", typed("STRING", "/bin/sleep"));
        ad.put("Args", typed("STRING", "60"));
        ad.put("Requirements", typed("EXPR", "TRUE"));
        ad.put("JobUniverse", typed("INTEGER", "5"));
        ad.put("Iwd", typed("STRING", "/tmp"));
        ad.put("Owner", typed("STRING", "alice"));
        return ad;
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        await(condition, WAIT, what);
    }

    static void await(BooleanSupplier condition, Duration limit, String what) {
        Await.until(what, limit, condition::getAsBoolean);
    }

    /** The seed's ad with another Owner (the fixture logs in as an administrator, who may submit as anyone). */
    static Map<String, Object> seedAdOf(String owner) {
        Map<String, Object> ad = new LinkedHashMap<>(seedAd());
        ad.put("Owner", Map.of("TYPE", "STRING", "VALUE", owner));
        return ad;
    }

    List<ObjectData> jobs(Predicate where) {
        return console.query(AGENT, "job", where, WAIT);
    }

    @Test
    void getTotalsCountsTheQueueByStatusForEveryOwnerOrOne() {
        call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 3L));
        call("Submit", Map.of("Ad", seedAdOf("bob")));
        call("Hold", Map.of("Id", "1.1", "Reason", "wait"));
        assertEquals(Map.of("Jobs", 4L, "Idle", 3L, "Running", 0L, "Removed", 0L, "Completed", 0L, "Held", 1L,
                "TransferringOutput", 0L, "Suspended", 0L), call("GetTotals", Map.of()));
        assertEquals(1L, call("GetTotals", Map.of("Owner", "bob")).get("Idle"));
        assertEquals(2L, call("GetTotals", Map.of("Owner", "alice")).get("Idle"));
        assertEquals(0L, call("GetTotals", Map.of("Owner", "nobody-here")).get("Jobs"));
    }

    @Test
    void aProjectedJobQueryCarriesTheAttributesNamedAndWhatTheirExpressionsRead() {
        Map<String, Object> ad = new java.util.LinkedHashMap<>(seedAd());
        ad.put("ImageSize", Map.of("TYPE", "INTEGER", "VALUE", "2048"));
        ad.put("RequestMemory", Map.of("TYPE", "EXPR", "VALUE", "(ImageSize + 1023) / 1024"));
        call("Submit", Map.of("Ad", ad));
        List<ObjectData> found = console.query(AGENT, "job", null, List.of("requestmemory", "clusterid"), WAIT);
        assertEquals(1, found.size());
        assertEquals(java.util.Set.of("RequestMemory", "ImageSize", "ClusterId", "CustomId"), found.get(0).values().keySet());
    }

    @Test
    void aJobQueryWithAConstraintIsNarrowedAtTheSchedulerOverTheAdsConsolesSee() {
        call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 2L));
        call("Submit", Map.of("Ad", seedAdOf("bob")));
        assertEquals(List.of("2.0"), console.query(AGENT, "job", null, "Owner == \"bob\"", null, WAIT).stream()
                .map(d -> d.get("CustomId")).toList());
        assertEquals(List.of("1.1"), console.query(AGENT, "job", Predicate.eq("Owner", "alice"), "CustomId == \"1.1\"",
                List.of("ClusterId"), WAIT).stream().map(d -> d.get("CustomId")).toList());
        assertEquals(0, console.query(AGENT, "job", null, "undefinedAttribute > 3", null, WAIT).size(),
                "undefined selects nothing");
        QmfException bad = assertThrows(QmfException.class,
                () -> console.query(AGENT, "job", null, "Owner ==", null, WAIT));
        assertTrue(bad.getMessage().contains("Constraint is not a valid ClassAd expression"), bad.getMessage());
        QmfException notJobs = assertThrows(QmfException.class,
                () -> console.query(AGENT, "scheduler", null, "true", null, WAIT));
        assertTrue(notJobs.getMessage().contains("cannot be selected by a ClassAd constraint"), notJobs.getMessage());
    }

    @Test
    void theSeedsExampleSubmitsAndFindsItsJobByCustomId() {
        String id = (String) call("Submit", Map.of("Ad", seedAd())).get("Id");
        assertEquals("1.0", id);
        List<ObjectData> found = jobs(Predicate.eq("CustomId", id));
        assertEquals(1, found.size());
        ObjectData job = found.get(0);
        assertEquals(1L, job.get("JobStatus"));
        assertEquals("/bin/sleep", job.get("Cmd"));
        assertEquals(1L, job.get("ClusterId"));
        assertEquals(0L, job.get("ProcId"));
        assertEquals("alice", job.get("Owner"));

        Map<String, Object> typedAd = Console.join(console.invoke(AGENT, job.id(), "GetAd", Map.of(), WAIT));
        @SuppressWarnings("unchecked")
        Map<String, Object> ad = (Map<String, Object>) typedAd.get("Ad");
        assertEquals(Map.of("TYPE", "BOOLEAN", "VALUE", true), ad.get("Requirements"));
        assertEquals(Map.of("TYPE", "INTEGER", "VALUE", 1L), ad.get("JobStatus"));

        @SuppressWarnings("unchecked")
        Map<String, Object> nativeAd = (Map<String, Object>) call("GetAd", Map.of("Id", id)).get("Ad");
        assertEquals("1.0", nativeAd.get("CustomId"));
        assertEquals(true, nativeAd.get("Requirements"));
        assertEquals("/tmp", nativeAd.get("Iwd"));
    }

    @Test
    void theNativeFormWithDescriptorsIsAcceptedAndSubmitJobIsAnAlias() {
        Map<String, Object> ad = Map.of("Cmd", "/bin/true", "Requirements", "TARGET.Memory > 10", "Owner", "bob",
                "Iwd", "/tmp", "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression"));
        assertEquals("1.0", call("SubmitJob", Map.of("Ad", ad)).get("Id"));
        assertEquals(2L, call("SubmitCluster", Map.of("Ad", ad, "Count", 3L,
                "ItemData", List.of(Map.of("Args", "a"), Map.of("Args", "b"), Map.of("Args", "c")))).get("ClusterId"));
        List<ObjectData> cluster = jobs(Predicate.eq("ClusterId", 2L));
        assertEquals(3, cluster.size());
        assertEquals(List.of("a", "b", "c"), cluster.stream().sorted(java.util.Comparator.comparing(d -> (Long) d.get("ProcId")))
                .map(d -> d.get("Args")).toList());
    }

    static Map<String, Object> without(String attribute) {
        Map<String, Object> ad = new LinkedHashMap<>(seedAd());
        ad.remove(attribute);
        return ad;
    }

    static Map<String, Object> with(String attribute, Object value) {
        Map<String, Object> ad = new LinkedHashMap<>(seedAd());
        ad.put(attribute, value);
        return ad;
    }

    record Bad(String method, Map<String, ?> args, int code, String message) {
    }

    @Test
    void badInputGetsAClearExceptionChangesNothingAndTheServiceKeepsServing() {
        List<Bad> table = List.of(
                new Bad("Submit", Map.of("Ad", without("Cmd")), 4, "has no Cmd attribute"),
                // An ad without Owner is the caller's (AuthorisationBusTest); one whose Owner is no string is refused.
                new Bad("Submit", Map.of("Ad", with("Owner", typed("INTEGER", "42"))), 4, "Owner = 42"),
                new Bad("Frobnicate", Map.of(), 2, "Frobnicate"),
                new Bad("Submit", Map.of("Ad", "Cmd = \"/bin/true\""), 4, "'Ad'"),
                new Bad("Submit", Map.of("Ad", List.of("Cmd", "/bin/true")), 4, "'Ad'"),
                new Bad("Submit", Map.of(), 4, "'Ad'"),
                new Bad("Submit", Map.of("Ad", with("Requirements", typed("EXPR", "TARGET.Memory >= (("))), 4, "Requirements"),
                new Bad("Submit", Map.of("Ad", with("true", typed("INTEGER", "1"))), 4, "keyword 'true'"),
                new Bad("SubmitCluster", Map.of("Ad", seedAd(), "Count", "ten"), 4, "'Count'"),
                new Bad("SubmitCluster", Map.of("Ad", seedAd(), "Count", 2L, "ItemData", List.of(Map.of(), "x")), 4,
                        "ItemData[1]"),
                new Bad("Remove", Map.of("Id", "7.0", "Reason", "r"), 1, "no job 7.0"),
                new Bad("Remove", Map.of("Id", "seven", "Reason", "r"), 4, "cluster.proc"),
                new Bad("GetAd", Map.of("Id", 7L), 4, "'Id'"),
                new Bad("Matched", Map.of("Matches", List.of("slot1@h")), 4, "Matches[0] of Matched must be a map"),
                new Bad("Matched", Map.of("Matches", List.of(Map.of("RequestId", 1L, "Slot", "slot1@h"))), 4,
                        "Matches[0] needs an Agent"),
                new Bad("Matched", Map.of("Matches", List.of(Map.of("RequestId", 1.5, "Slot", "s", "Agent", "a:b:c"))), 4,
                        "Matches[0] needs an integer RequestId"),
                new Bad("Matched", Map.of("Matches", List.of(Map.of("RequestId", 1L, "Slot", "s", "Agent", "harrier:startd:h",
                        "Preempt", "yes"))), 4, "Matches[0] Preempt must be a bool"),
                new Bad("JobExited", Map.of("Id", "1.0", "ClaimId", "c", "ExitCode", 0L, "ExitBySignal", false,
                        "ExitSignal", 0L, "RemoteUserCpu", -1.0, "RemoteSysCpu", 0.0, "RemoteWallClockTime", 0.0), 4,
                        "must be >= 0"),
                new Bad("FetchJobData", Map.of("Id", "1.0", "File", "Out", "Start", 0L, "End", 10L), 1, "no job 1.0"));
        for (Bad bad : table) {
            QmfException e = failing(bad.method(), bad.args());
            assertEquals(bad.code(), e.code(), () -> bad + " -> " + e.getMessage());
            assertTrue(e.getMessage().contains(bad.message()), () -> bad + " -> " + e.getMessage());
        }
        assertTrue(jobs(Predicate.ALL).isEmpty(), "nothing was queued");
        assertEquals("1.0", call("Submit", Map.of("Ad", seedAd())).get("Id"), "still serving");
    }

    @Test
    void removeOfAnIdleJobIsPublishedAndTheJobLeavesForHistory() throws Exception {
        BlockingQueue<ObjectData> seen = new LinkedBlockingQueue<>();
        try (AutoCloseable sub = console.subscribe("job", seen::add)) {
            call("Submit", Map.of("Ad", seedAd()));
            call("Remove", Map.of("Id", "1.0", "Reason", "test"));
            List<Object> statuses = new ArrayList<>();
            ObjectData d;
            do {
                d = seen.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                assertTrue(d != null, "an indication for every change, then the delete");
                statuses.add(d.get("JobStatus"));
            } while (!d.deleted());
            // The Removed snapshot leaves on its own, or as the deletion that replaced it in the agent's batch.
            assertTrue(statuses.equals(List.of(1L, 3L, 3L)) || statuses.equals(List.of(1L, 3L)), statuses::toString);
        }
        assertTrue(jobs(Predicate.ALL).isEmpty());
        @SuppressWarnings("unchecked")
        Map<String, Object> ad = (Map<String, Object>) call("GetAd", Map.of("Id", "1.0")).get("Ad");
        assertEquals(3L, ad.get("JobStatus"));
        assertEquals("test" + BY_OWNER, ad.get("RemoveReason"));
    }

    /**
     * The MRG QMF example's lookup after the job has already left: a job query that names the job (by
     * CustomId, GlobalJobId, or ClusterId and ProcId) finds it in the history, with its final
     * properties, and so does a method on its object; a query that names no job sees the queue only.
     */
    @Test
    void aJobThatLeftIsFoundByAQueryNamingItAndOnlyThen() {
        call("Submit", Map.of("Ad", seedAd()));
        call("Submit", Map.of("Ad", seedAd()));
        call("Remove", Map.of("Id", "1.0", "Reason", "gone"));
        List<ObjectData> byCustomId = jobs(Predicate.eq("CustomId", "1.0"));
        assertEquals(1, byCustomId.size());
        ObjectData job = byCustomId.get(0);
        assertEquals(3L, job.get("JobStatus"));
        assertEquals("gone" + BY_OWNER, job.get("RemoveReason"));
        String global = (String) job.get("GlobalJobId");
        assertTrue(global.endsWith("#1.0#" + job.get("QDate")), global);
        assertEquals(1, jobs(Predicate.eq("GlobalJobId", global)).size());
        assertEquals(1, jobs(Predicate.and(Predicate.eq("ClusterId", 1), Predicate.eq("ProcId", 0))).size());
        assertEquals(0, jobs(Predicate.and(Predicate.eq("CustomId", "1.0"), Predicate.eq("JobStatus", 1))).size(),
                "the predicate still decides");
        assertEquals(List.of("2.0"), jobs(Predicate.ALL).stream().map(d -> d.get("CustomId")).toList());
        assertEquals(0, jobs(Predicate.eq("CustomId", "9.0")).size());
        assertEquals(List.of(), jobs(Predicate.eq("ClusterId", 1)), "a cluster alone: its queued jobs only");
        assertEquals(List.of("2.0"), jobs(Predicate.eq("ClusterId", 2)).stream().map(d -> d.get("CustomId")).toList());
        assertEquals(0, jobs(Predicate.and(Predicate.eq("ClusterId", 2), Predicate.eq("JobStatus", 5))).size(),
                "the predicate still decides");

        Map<String, Object> typedAd = Console.join(console.invoke(AGENT, job.id(), "GetAd", Map.of(), WAIT));
        @SuppressWarnings("unchecked")
        Map<String, Object> ad = (Map<String, Object>) typedAd.get("Ad");
        assertEquals(Map.of("TYPE", "INTEGER", "VALUE", 3L), ad.get("JobStatus"));
        assertEquals(Map.of("TYPE", "STRING", "VALUE", "1.0"), ad.get("CustomId"));
    }

    @Test
    void theSchedulerAndSubmitterObjectsCarryTheStatistics() throws Exception {
        call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 4L));
        await(() -> {
            List<ObjectData> s = console.query(AGENT, "scheduler", Predicate.ALL, WAIT);
            return s.size() == 1 && Long.valueOf(4).equals(s.get(0).get("TotalIdleJobs"));
        }, "the scheduler object to count 4 idle jobs");
        ObjectData s = console.query(AGENT, "scheduler", Predicate.ALL, WAIT).get(0);
        assertEquals("test", s.get("Name"));
        assertEquals(4L, s.get("JobsSubmitted"));
        assertEquals(1L, s.get("NumUsers"));
        List<ObjectData> submitters = console.query(AGENT, "submitter", Predicate.ALL, WAIT);
        assertEquals(1, submitters.size());
        assertEquals("alice@test", submitters.get(0).get("Name"));
        assertEquals(4L, submitters.get(0).get("IdleJobs"));
    }

    @Test
    void negotiatedJobsRunOnOneReusedClaimAndComplete() throws Exception {
        Map<Object, List<Object>> statuses = new java.util.concurrent.ConcurrentHashMap<>();
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus);
             AutoCloseable sub = console.subscribe("job", d -> statuses.computeIfAbsent(d.id().key(),
                     k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(d.deleted() ? "gone " + d.get("JobStatus")
                             : d.get("JobStatus")))) {
            call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 5L));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> requests = (List<Map<String, Object>>) call("GetRequests", Map.of()).get("Requests");
            assertEquals(1, requests.size());
            assertEquals(5L, requests.get(0).get("Count"));
            assertEquals("alice", requests.get(0).get("Owner"));
            call("Matched", Map.of("Matches", List.of(Map.of("RequestId", requests.get(0).get("RequestId"),
                    "Slot", startd.slot.id().objectName(), "Agent", TestStartd.NAME.name()))));
            await(() -> jobs(Predicate.ALL).isEmpty(), "every job to complete and leave the queue");
            for (int p = 0; p < 5; p++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> ad = (Map<String, Object>) call("GetAd", Map.of("Id", "1." + p)).get("Ad");
                assertEquals(4L, ad.get("JobStatus"));
                assertEquals(0L, ad.get("ExitCode"));
                assertEquals("slot1_1@testhost", ad.get("RemoteHost"));
            }
            await(() -> startd.calls.contains("Release"), "the claim to be released");
            assertEquals(1, startd.calls.stream().filter(c -> c.equals("Claim")).count(), startd.calls::toString);
            assertEquals(List.of("1.0", "1.1", "1.2", "1.3", "1.4"), startd.activated, "each job activated once, in order");
            await(() -> statuses.size() == 5 && statuses.values().stream().allMatch(l -> l.contains("gone 4")),
                    "the delete indication of every job");
            for (List<Object> seen : statuses.values()) {
                // The deletion carries the final values; a Completed snapshot still waiting in the
                // agent's batch is replaced by it (Indications), one sent earlier is not.
                List<Object> expected = seen.size() == 4 ? List.of(1L, 2L, 4L, "gone 4") : List.of(1L, 2L, "gone 4");
                assertEquals(expected, seen, "one indication per status change, the last also the delete");
            }
        }
    }

    @Test
    void aThousandJobClusterRunsToCompletionOnTwoClaims() throws Exception {
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus)) {
            long t0 = System.nanoTime();
            call("SubmitCluster", Map.of("Ad", seedAd(), "Count", 1000L));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> requests = (List<Map<String, Object>>) call("GetRequests", Map.of()).get("Requests");
            assertEquals(1000L, requests.get(0).get("Count"));
            Map<String, Object> match = Map.of("RequestId", requests.get(0).get("RequestId"),
                    "Slot", startd.slot.id().objectName(), "Agent", TestStartd.NAME.name());
            call("Matched", Map.of("Matches", List.of(match, match)));
            await(() -> {
                List<ObjectData> s = console.query(AGENT, "scheduler", Predicate.ALL, WAIT);
                return Long.valueOf(1000).equals(s.get(0).get("JobsCompleted")) && Long.valueOf(0).equals(s.get(0).get("TotalJobAds"));
            }, Duration.ofSeconds(50), "1,000 completions");
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("scheduler with an instant startd on the bus: 1000 jobs in %.2f s (%.0f jobs/s)%n",
                    seconds, 1000 / seconds);
            assertEquals(2, startd.calls.stream().filter(c -> c.equals("Claim")).count());
            assertEquals(1000, startd.activated.size());
            assertEquals(1000, new java.util.HashSet<>(startd.activated).size(), "each job activated once");
        }
    }

    @Test
    void aRefusedClaimLeavesTheRequestIdle() throws Exception {
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus)) {
            startd.refuse = true;
            call("Submit", Map.of("Ad", seedAd()));
            matchFirstRequestTo(startd);
            await(() -> startd.calls.contains("Claim"), "the claim attempt");
            await(() -> {
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> again = (List<Map<String, Object>>) call("GetRequests", Map.of()).get("Requests");
                return again.size() == 1 && Long.valueOf(1).equals(again.get(0).get("Count"));
            }, "the request to be offered again");
            assertEquals(1L, jobs(Predicate.ALL).get(0).get("JobStatus"));
        }
    }

    @Test
    void removingARunningJobDeactivatesItOnItsClaim() throws Exception {
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus)) {
            startd.holdActivations = true;
            call("Submit", Map.of("Ad", seedAd()));
            matchFirstRequestTo(startd);
            await(() -> startd.calls.contains("Activate 1.0"), "the activation");
            call("JobStarted", Map.of("Id", "1.0", "ClaimId", "c1", "RemoteHost", "slot1_1@testhost"));
            assertEquals(2L, jobs(Predicate.ALL).get(0).get("JobStatus"));
            call("Remove", Map.of("Id", "1.0", "Reason", "stop"));
            assertTrue(startd.calls.contains("Deactivate 1.0"), "Remove answers after the kill");
            assertTrue(jobs(Predicate.ALL).isEmpty());
            assertFalse(Boolean.TRUE.equals(call("JobExited", Map.of("Id", "1.0", "ClaimId", "c1", "ExitCode", 0L,
                    "ExitBySignal", true, "ExitSignal", 9L, "RemoteUserCpu", 0.0, "RemoteSysCpu", 0.0,
                    "RemoteWallClockTime", 1.0)).get("Applied")), "the killed job's exit report is acknowledged and ignored");
            @SuppressWarnings("unchecked")
            Map<String, Object> ad = (Map<String, Object>) call("GetAd", Map.of("Id", "1.0")).get("Ad");
            assertEquals(3L, ad.get("JobStatus"));
        }
    }
}
