package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.protocol.AgentName;
import org.harrier.bus.RequestContext;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.collector.bus.CollectorObject;
import org.harrier.collector.bus.NegotiatorObject;
import org.harrier.protocol.collector.Query;
import org.harrier.protocol.negotiator.Reschedule;
import org.harrier.rules.Caller;
import org.harrier.testing.SettableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The central manager end to end without a bus: indications in, cycles triggered as
 * docs/protocols.md "Negotiation" says, GetRequests and Matched out through an in-memory grid,
 * Query and Reschedule through the managed objects, lifetimes on a settable clock.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CentralManagerTest {
    private static final AgentName SCHEDD = DataIndication.SCHEDD;
    private static final RequestContext CONSOLE = new RequestContext("alice", Set.of(Caller.CONSOLE), "reply");
    /** The personal grid's daemons: one user with every daemon role. */
    static final Caller DAEMONS = new Caller("harrier-service",
            Set.of(Caller.SERVICE, Caller.SCHEDD, Caller.STARTD, Caller.COLLECTOR, Caller.NEGOTIATOR));

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-21T10:00:00Z"));
    private final RecordingGrid grid = new RecordingGrid();
    private CentralManager manager;
    private CollectorObject collector;
    private NegotiatorObject negotiator;

    private CentralManager start(CollectorSettings settings) {
        return start(settings, NegotiatorSettings.defaults());
    }

    /** A central manager and its managed objects as the collector service hosts them. */
    private CentralManager start(CollectorSettings settings, NegotiatorSettings negotiation) {
        manager = new CentralManager(settings, negotiation, clock, grid.peers());
        collector = new CollectorObject("cm", settings, manager);
        negotiator = new NegotiatorObject("cm", settings, negotiation, manager);
        grid.publishes(negotiator);
        manager.start();
        return manager;
    }

    private static CollectorSettings settings() {
        return CollectorSettings.defaults().withMachine("cm.example.org").withNegotiatorCycleDelay(Duration.ofMillis(5));
    }

    @AfterEach
    void stop() {
        if (manager != null) {
            manager.close();
        }
    }

    private static Map<String, Object> request(Object id, String owner, long count) {
        return Map.of("RequestId", id, "Owner", owner, "Count", count,
                "Ad", Map.of("Owner", owner, "Requirements", "true", "RequestCpus", 1L,
                        "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression")));
    }

    private void unclaimedSlot(String name) {
        manager.accept(DataIndication.slot(name).with("SlotType", "Static").withExpr("Requirements", "true").data(), DAEMONS);
    }

    /**
     * An Unclaimed slot that takes no job (Requirements false), and the cycle its ad starts: room
     * for a job, without which new work starts no cycle (CycleTrigger.roomForWork).
     */
    private void roomForAJob() {
        long before = grid.cyclesPublished();
        manager.accept(DataIndication.slot("slot0@exec1").withExpr("Requirements", "false").data(), DAEMONS);
        Waiting.until("the new slot's cycle", () -> grid.cyclesPublished() > before);
    }

    private void idleJobs(long n) {
        manager.accept(DataIndication.submitter("alice@submit1").with("IdleJobs", n).data(), DAEMONS);
    }

    /** Query through the collector object, as the agent calls it. */
    private List<ClassAd> query(Query request) throws Exception {
        return Query.METHOD.readAnswer(collector.invoke(Query.METHOD.name(), Query.METHOD.writeRequest(request), CONSOLE)
                .toCompletableFuture().get(10, TimeUnit.SECONDS)).ads();
    }

    /** Reschedule through the negotiator object. */
    private CompletableFuture<Map<String, Object>> reschedule() {
        return negotiator.invoke(Reschedule.METHOD.name(), Reschedule.METHOD.writeRequest(new Reschedule()), CONSOLE)
                .toCompletableFuture();
    }

    @Test
    void moreIdleJobsStartACycleThatTellsTheSchedulerItsMatches() {
        start(settings());
        grid.answers(SCHEDD, List.of(request(7L, "alice", 1)));
        unclaimedSlot("slot1@exec1");

        idleJobs(1);

        Waiting.until("Matched", () -> !grid.matchedCalls.isEmpty());
        RecordingGrid.Call call = grid.matchedCalls.get(0);
        assertEquals(SCHEDD, call.scheduler());
        assertEquals(ObjectId.grid("scheduler", "submit1"), call.object(), "without a scheduler ad, the agent's instance");
        assertEquals(List.of(Map.of("RequestId", 7L, "Slot", "mrg.grid:slot:slot1@exec1", "Agent", "harrier:startd:exec1")),
                call.matches());
        // The slot's ad may start a cycle of its own before the idle jobs arrive (0 matches,
        // published before this one), so read the statistics of the cycle that told the scheduler.
        Waiting.until("the matching cycle's statistics published", () -> grid.statisticsOf(call) != null);
        Map<String, Object> stats = grid.statisticsOf(call);
        assertEquals(1L, stats.get("Matches"));
        assertEquals(1L, stats.get("NumSchedulers"));
        assertEquals(1L, stats.get("NumIdleJobs"));
        assertEquals(1L, stats.get("CandidateSlots"));
    }

    @ParameterizedTest(name = "[{index}] NEGOTIATOR_INFORM_STARTD = {0}")
    @CsvSource({"true, 1", "false, 0"})
    void withInformStartdTheMatchedSlotsStartdHearsOfTheMatchAndTheSchedulerStillDoes(boolean inform, int notices) {
        start(settings(), NegotiatorSettings.defaults().withInformStartd(inform));
        grid.answers(SCHEDD, List.of(request(7L, "alice", 1)));
        unclaimedSlot("slot1@exec1");

        idleJobs(1);

        Waiting.until("Matched", () -> !grid.matchedCalls.isEmpty());
        Waiting.until("statistics published", () -> grid.cyclesPublished() >= 1);
        assertEquals(notices, grid.notices.size(), "a notice failing at the startd changes nothing else");
        if (inform) {
            assertEquals(new RecordingGrid.Notice(AgentName.harrier("startd", "exec1"), ObjectId.grid("slot", "slot1@exec1"),
                    Map.of("Scheduler", SCHEDD.name(), "RequestId", "7")), grid.notices.get(0));
        }
        assertEquals(1, grid.matchedCalls.size());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({
            "a scheduler ad with idle jobs names its object,   scheduler, TotalIdleJobs, schedd-x, schedd-x",
            "a submitter ad names its ScheddName,               submitter, IdleJobs,      ignored,  schedd-y",
    })
    void getRequestsGoesToTheSchedulerObjectTheAdsName(String description, String kind, String idleAttribute,
            String schedulerName, String expected) {
        start(settings());
        grid.answers(SCHEDD, List.of());
        roomForAJob();
        if (kind.equals("scheduler")) {
            manager.accept(DataIndication.scheduler(schedulerName).with(idleAttribute, 2L).data(), DAEMONS);
        } else {
            manager.accept(DataIndication.submitter("alice@schedd-y").with("ScheddName", "schedd-y").with(idleAttribute, 2L).data(), DAEMONS);
        }

        Waiting.until("GetRequests", () -> !grid.objectsAsked.isEmpty());
        assertEquals(ObjectId.grid("scheduler", expected), grid.objectsAsked.get(0));
    }

    @Test
    void aMatchedSlotIsNotOfferedAgainUntilItsAdChanges() throws Exception {
        start(settings());
        grid.answers(SCHEDD, List.of(request(7L, "alice", 1)));
        unclaimedSlot("slot1@exec1");
        idleJobs(1);
        Waiting.until("first match", () -> grid.matchedCalls.size() == 1);

        reschedule().get(10, TimeUnit.SECONDS);
        Waiting.until("second cycle", () -> grid.cyclesPublished() >= 2);
        assertEquals(1, grid.matchedCalls.size(), "the held slot was offered again");

        unclaimedSlot("slot1@exec1");
        reschedule();
        Waiting.until("match after the slot re-advertised", () -> grid.matchedCalls.size() == 2);
    }

    @Test
    void aSlotWhoseMatchCouldNotBeDeliveredIsOfferedAgain() throws Exception {
        start(settings());
        grid.failMatched = true;
        grid.answers(SCHEDD, List.of(request(7L, "alice", 1)));
        unclaimedSlot("slot1@exec1");
        idleJobs(1);
        Waiting.until("first match", () -> grid.matchedCalls.size() == 1);
        grid.failMatched = false;

        reschedule();

        Waiting.until("the slot matched again", () -> grid.matchedCalls.size() == 2);
    }

    @Test
    void aMatchThatCouldNotBeDeliveredGivesItsConcurrencyLimitUnitsBack() throws Exception {
        start(settings(), NegotiatorSettings.defaults()
                .withLimits(org.harrier.collector.negotiation.ConcurrencyLimits.NONE.with("license_x", 1)));
        grid.failMatched = true;
        grid.answers(SCHEDD, List.of(Map.of("RequestId", 7L, "Owner", "alice", "Count", 1L,
                "Ad", Map.of("Owner", "alice", "Requirements", "true", "RequestCpus", 1L, "ConcurrencyLimits", "license_x",
                        "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression")))));
        unclaimedSlot("slot1@exec1");
        idleJobs(1);
        Waiting.until("first match", () -> grid.matchedCalls.size() == 1);
        grid.failMatched = false;

        reschedule();

        // Held until the bound, license_x's only unit would keep the job back (a Rejection, no call).
        Waiting.until("matched again with the unit the failed match gave back", () -> grid.matchedCalls.size() == 2);
    }

    @Test
    void aJobKeptBackByAConcurrencyLimitHoldIsMatchedOnceTheHoldLapsesWithoutWaitingForTheInterval() {
        // The first match's job never shows its limit in a slot ad (it ended unseen, say), so
        // only the hold's lapse frees the unit, and nothing but that lapse starts a cycle:
        // NEGOTIATOR_INTERVAL (60 s) is beyond the wait's deadline.
        start(settings().withUpdateInterval(Duration.ofMillis(300))
                .withClassAdLifetime(Duration.ofHours(1)), NegotiatorSettings.defaults()
                .withLimits(org.harrier.collector.negotiation.ConcurrencyLimits.NONE.with("license_x", 1)));
        grid.answers(SCHEDD, List.of(Map.of("RequestId", 7L, "Owner", "alice", "Count", 2L,
                "Ad", Map.of("Owner", "alice", "Requirements", "true", "RequestCpus", 1L, "ConcurrencyLimits", "license_x",
                        "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression")))));
        unclaimedSlot("slot1@exec1");
        unclaimedSlot("slot2@exec1");
        idleJobs(2);
        Waiting.until("first match", () -> grid.matchedCalls.size() == 1);
        assertEquals(1, grid.matchedCalls.get(0).matches().size(), "license_x's one unit lets one job match");

        clock.advance(Duration.ofSeconds(1)); // past the hold: three UPDATE_INTERVALs of 300 ms

        Waiting.until("matched again once the hold lapsed", () -> grid.matchedCalls.size() == 2);
    }

    @Test
    void aSchedulerThatFailsDoesNotKeepOthersFromTheirMatches() {
        start(settings());
        AgentName broken = AgentName.harrier("scheduler", "broken");
        grid.answersWith(broken, s -> CompletableFuture.failedFuture(new IllegalStateException("down")));
        grid.answers(SCHEDD, List.of(request(9L, "alice", 1), Map.of("RequestId", "junk")));
        unclaimedSlot("slot1@exec1");
        manager.accept(DataIndication.submitter("bob@broken").from(broken).with("IdleJobs", 3L).data(), DAEMONS);
        idleJobs(1);

        Waiting.until("Matched to the working scheduler", () -> !grid.matchedCalls.isEmpty());
        assertEquals(SCHEDD, grid.matchedCalls.get(0).scheduler());
        assertEquals(9L, grid.matchedCalls.get(0).matches().get(0).get("RequestId"));
    }

    @Test
    void theStoreKeepsAnsweringWhileACycleWaitsAndTriggersMeanwhileBecomeOneMoreCycle() throws Exception {
        start(settings());
        CompletableFuture<List<?>> slowAnswer = new CompletableFuture<>();
        grid.answersWith(SCHEDD, s -> grid.getRequestsCalls.size() == 1 ? slowAnswer
                : CompletableFuture.completedFuture(List.of(request(8L, "alice", 1))));
        roomForAJob();
        long before = grid.cyclesPublished();
        idleJobs(1);
        Waiting.until("the first GetRequests", () -> grid.getRequestsCalls.size() == 1);

        for (long n = 2; n <= 6; n++) {
            idleJobs(n);
        }
        unclaimedSlot("slot1@exec1");
        assertEquals(2, query(Query.all("slot")).size(), "Query answered during the cycle (with the slot that made room)");
        assertEquals(1, grid.getRequestsCalls.size());

        slowAnswer.complete(List.of());
        Waiting.until("one more cycle", () -> grid.cyclesPublished() == before + 2);
        assertTrue(manager.negotiatorIdle().get(10, TimeUnit.SECONDS), "six triggers during a cycle make one more, not six");
        assertEquals(2, grid.getRequestsCalls.size());
        assertEquals(8L, grid.matchedCalls.get(0).matches().get(0).get("RequestId"));
    }

    @Test
    void cyclesAlsoRunEveryNegotiatorIntervalWithoutTriggers() {
        start(settings().withNegotiatorInterval(Duration.ofMillis(100)));
        grid.answers(SCHEDD, List.of(request(1L, "alice", 1)));
        idleJobs(0);

        Waiting.until("two periodic cycles", () -> grid.cyclesPublished() >= 2);
        assertEquals(List.of(), grid.getRequestsCalls, "no scheduler has idle jobs, so none is asked");
    }

    @Test
    void republishingTheSameIdleCountStartsNoCycle() throws Exception {
        start(settings());
        grid.answers(SCHEDD, List.of());
        roomForAJob();
        idleJobs(2);
        Waiting.until("the first cycle with idle jobs", () -> grid.cyclesPublished() == 2);

        idleJobs(2);
        idleJobs(1);
        manager.accept(DataIndication.slot("slot1@exec1").with("State", "Claimed").data(), DAEMONS);

        // Each indication is applied in order on the owner thread; this query runs after them all.
        query(Query.all("slot"));
        assertTrue(manager.negotiatorIdle().get(10, TimeUnit.SECONDS));
        assertEquals(1, grid.getRequestsCalls.size());
    }

    @Test
    void newWorkStartsNoCycleWhileNoSlotCouldTakeAJobAndDoesOnceOneCould() throws Exception {
        start(settings());
        grid.answers(SCHEDD, List.of(request(7L, "alice", 1)));
        manager.accept(DataIndication.slot("slot1@exec1").with("State", "Claimed").with("RemoteUser", "alice")
                .with("Rank", 0L).with("CurrentRank", 0L).data(), DAEMONS);

        schedulerAd(1, 10);
        schedulerAd(2, 11);
        idleJobs(2);
        query(Query.all("slot"));
        assertTrue(manager.negotiatorIdle().get(10, TimeUnit.SECONDS));
        assertEquals(0, grid.cyclesPublished(), "every slot claimed, none preemptible: nothing a cycle could do");
        assertEquals(List.of(), grid.getRequestsCalls);

        // A slot that can take work (though not this job) starts a cycle of its own, which asks...
        manager.accept(DataIndication.slot("slot2@exec1").withExpr("Requirements", "false").data(), DAEMONS);
        Waiting.until("the cycle for the new slot", () -> grid.getRequestsCalls.size() == 1);
        // ...and from then on new work does too.
        schedulerAd(2, 12);
        Waiting.until("the cycle for the new submission", () -> grid.getRequestsCalls.size() == 2);
    }

    private void schedulerAd(long idle, long submitted) {
        manager.accept(DataIndication.scheduler("submit1").with("TotalIdleJobs", idle).with("JobsSubmitted", submitted).data(),
                DAEMONS);
    }

    @Test
    void anAdIsDroppedWhenItsLifetimePassesOnTheClock() throws Exception {
        start(settings().withClassAdLifetime(Duration.ofSeconds(15)));
        unclaimedSlot("slot1@exec1");
        assertEquals(1, query(Query.all("slot")).size());
        assertEquals(1L, collector.values().get("HostsTotal"));

        clock.advance(Duration.ofSeconds(15));

        Waiting.until("the ad to expire", () -> collector.values().get("HostsTotal").equals(0L));
        assertEquals(List.of(), query(Query.all("slot")));
    }

    @Test
    void theCollectorObjectReportsThePool() {
        start(settings().withClassAdLifetime(Duration.ofSeconds(30)));
        manager.accept(DataIndication.slot("slot1@a").with("State", "Claimed").data(), DAEMONS);
        manager.accept(DataIndication.slot("slot2@a").with("State", "Unclaimed").data(), DAEMONS);
        manager.accept(DataIndication.submitter("alice@s").with("IdleJobs", 4L).with("RunningJobs", 1L).data(), DAEMONS);
        manager.accept(DataIndication.of("job", "1.0").data(), DAEMONS);

        Waiting.until("three ads", () -> collector.values().get("AdsHeld").equals(3L));
        Map<String, Object> v = collector.values();
        assertEquals("cm", v.get("Name"));
        assertEquals("cm.example.org", v.get("Machine"));
        assertEquals(30L, v.get("ClassAdLifetime"));
        assertEquals(List.of(2L, 1L, 1L, 0L, 1L, 4L, 3L), List.of(v.get("HostsTotal"), v.get("HostsClaimed"),
                v.get("HostsUnclaimed"), v.get("HostsOwner"), v.get("RunningJobs"), v.get("IdleJobs"), v.get("UpdatesReceived")));
    }

    @Test
    void aBadQueryFailsWithBadParameterAndChangesNothing() throws Exception {
        start(settings());
        unclaimedSlot("slot1@exec1");

        CompletableFuture<Map<String, Object>> bad = collector
                .invoke(Query.METHOD.name(), Query.METHOD.writeRequest(new Query("slot", "Cpus >", List.of())), CONSOLE)
                .toCompletableFuture();

        Throwable cause = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
                () -> bad.get(10, TimeUnit.SECONDS)).getCause();
        QmfException e = (QmfException) cause;
        assertEquals(QmfException.BAD_PARAMETER, e.code());
        assertTrue(e.getMessage().contains("line 1, column 7"), e.getMessage());
        assertEquals(1, query(Query.all("slot")).size());
    }
}
