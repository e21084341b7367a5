package org.harrier.collector.bus;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.harrier.collector.CollectorSettings;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector service on a real embedded broker: peers on their own connection advertise
 * slot and submitter ads and host a scheduler; the tests read the collector through
 * {@code collector.Query} and QMF queries, as {@code harrier status} will.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CollectorServiceTest {
    private static final Duration CALL = Duration.ofSeconds(10);
    private static final Duration FAST = Duration.ofMillis(200);

    @TempDir
    static Path dir;
    private static GridBroker broker;
    private static Bus collectorBus;
    private static Bus peers;
    private static Console console;

    private String name;
    private CollectorService collector;

    @BeforeAll
    static void broker() throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir).withPort(0));
        collectorBus = Bus.connect(broker.clientUrl());
        peers = Bus.connect(broker.clientUrl());
        console = peers.console();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        peers.close();
        collectorBus.close();
        broker.close();
    }

    @AfterEach
    void stopCollector() {
        if (collector != null) {
            collector.close();
        }
    }

    private void startCollector(TestInfo test, CollectorSettings settings) {
        name = "cm-" + test.getTestMethod().orElseThrow().getName();
        collector = CollectorService.start(collectorBus, name, settings);
    }

    private static CollectorSettings settings() {
        return CollectorSettings.defaults().withUpdateInterval(Duration.ofSeconds(1)).withMachine("cm.example.org");
    }

    private List<?> query(Map<String, Object> arguments) {
        Map<String, Object> out = Console.join(console.invoke(collector.agentName(), ObjectId.grid("collector", name),
                "Query", arguments, CALL));
        return (List<?>) out.get("Ads");
    }

    private static Map<String, Object> slot(long cpus, String state) {
        return Map.of("SlotType", "Partitionable", "State", state, "Cpus", cpus, "Memory", 4096L, "Disk", 100_000L,
                "Arch", "X86_64", "OpSys", "LINUX", "Requirements", "TARGET.RequestCpus <= MY.Cpus",
                "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression"));
    }

    private static void until(String what, BooleanSupplier condition) {
        Await.until(what, Duration.ofSeconds(30), condition::getAsBoolean);
    }

    /**
     * The broker lets only services publish ads, and only a startd slot ads (broker.xml); the
     * collector checks each ad's type against its publisher's role too. A startd's slot is kept;
     * a submitter ad from that startd (a daemon without the schedd role) is counted, not kept.
     */
    @Test
    void anAdFromAPublisherWithoutItsDaemonsRoleIsIgnoredAndCounted(TestInfo test) {
        startCollector(test, settings());
        broker.security().addUser("exec1", List.of("service", "startd"), "exec1-pw");
        try (Bus exec = Bus.connect(broker.clientUrl("exec1"));
                Agent startd = exec.agent(AgentName.harrier("startd", "exec1"), Duration.ofSeconds(5))) {
            startd.advertise(new Daemon.Ad(ObjectId.grid("submitter", "mallory@exec1"),
                    Map.of("Name", "mallory@exec1", "Owner", "mallory", "IdleJobs", 1000L)), FAST);
            until("the forged submitter ad counted as refused", () -> collectorValue("UpdatesRefused") > 0);
            startd.advertise(Daemon.Ad.slot("slot1@exec1", slot(4, "Unclaimed")), FAST);
            until("the slot", () -> query(Map.of("AdType", "slot")).size() == 1);
            assertEquals(List.of(), query(Map.of("AdType", "submitter")));
        }
    }

    private long collectorValue(String name) {
        return console.query(collector.agentName(), "collector", null, CALL).stream()
                .mapToLong(d -> ((Number) d.get(name)).longValue()).max().orElse(0);
    }

    @Test
    void slotAdsAnAgentAdvertisesComeBackFromQuery(TestInfo test) {
        startCollector(test, settings());
        try (Agent startd = peers.agent(AgentName.harrier("startd", "exec-a"), Duration.ofSeconds(5))) {
            startd.advertise(Daemon.Ad.slot("slot1@exec-a", slot(4, "Unclaimed")), FAST);
            startd.advertise(Daemon.Ad.slot("slot1_1@exec-a", Map.of("SlotType", "Dynamic", "State", "Claimed", "Cpus", 1L)), FAST);

            until("two slot ads", () -> query(Map.of("AdType", "slot")).size() == 2);

            List<?> partitionable = query(Map.of("AdType", "Machine", "Constraint", "SlotType == \"Partitionable\"",
                    "Projection", List.of("Name", "Cpus", "Requirements")));
            assertEquals(List.of(Map.of("Name", "slot1@exec-a", "Cpus", 4L, "Requirements", "TARGET.RequestCpus <= MY.Cpus",
                    "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression"))), partitionable);
            ObjectData collectorObject = console.query(collector.agentName(), "collector", null, CALL).get(0);
            until("the collector's statistics", () -> hosts(console.query(collector.agentName(), "collector", null, CALL)) == 2);
            assertEquals("cm.example.org", collectorObject.get("Machine"));
        }
    }

    private static long hosts(List<ObjectData> collectorObjects) {
        return collectorObjects.isEmpty() ? -1 : ((Number) collectorObjects.get(0).get("HostsTotal")).longValue();
    }

    @Test
    void aConstraintThatDoesNotParseIsABadParameterNamingLineAndColumn(TestInfo test) {
        startCollector(test, settings());

        QmfException e = assertThrows(QmfException.class,
                () -> query(Map.of("AdType", "slot", "Constraint", "Cpus >= ")));

        assertEquals(QmfException.BAD_PARAMETER, e.code());
        assertTrue(e.getMessage().contains("line 1, column 9"), e.getMessage());
        assertEquals(List.of(), query(Map.of("AdType", "slot")), "the collector keeps serving");
    }

    @Test
    void anAdThatIsNoLongerAdvertisedIsDroppedAfterItsLifetime(TestInfo test) {
        startCollector(test, settings().withClassAdLifetime(Duration.ofSeconds(2)));
        try (Agent startd = peers.agent(AgentName.harrier("startd", "exec-b"), Duration.ofSeconds(5))) {
            // Published once and never again: the advertiser has stopped without saying so.
            startd.add(Daemon.Ad.slot("slot1@exec-b", slot(2, "Unclaimed")));
            until("the ad to arrive", () -> query(Map.of("AdType", "slot")).size() == 1);

            until("the ad to expire", () -> query(Map.of("AdType", "slot")).isEmpty());
        }
    }

    @Test
    void anAdvertiserThatStopsCleanlyHasItsAdsDroppedByTheDeleteIndication(TestInfo test) {
        startCollector(test, settings().withClassAdLifetime(Duration.ofMinutes(10)));
        Agent startd = peers.agent(AgentName.harrier("startd", "exec-c"), Duration.ofSeconds(5));
        startd.advertise(Daemon.Ad.slot("slot1@exec-c", slot(2, "Unclaimed")), FAST);
        until("the ad to arrive", () -> query(Map.of("AdType", "slot")).size() == 1);

        startd.close();

        until("the ad to go, long before its ten-minute lifetime", () -> query(Map.of("AdType", "slot")).isEmpty());
    }

    @Test
    void idleJobsAreMatchedToSlotsAndTheSchedulerIsToldOverTheBus(TestInfo test) {
        startCollector(test, settings());
        Map<String, Object> request = Map.of("RequestId", 41L, "Owner", "alice", "Count", 3L,
                "Ad", Map.of("Owner", "alice", "RequestCpus", 1L, "RequestMemory", 512L, "Requirements", "TARGET.OpSys == \"LINUX\"",
                        "!!descriptors", Map.of("Requirements", "com.redhat.grid.Expression")));
        Daemon.Scheduler scheduler = new Daemon.Scheduler("submit-d", List.of(request));
        try (Agent startd = peers.agent(AgentName.harrier("startd", "exec-d"), Duration.ofSeconds(5));
             Agent schedd = peers.agent(AgentName.harrier("scheduler", "submit-d"), Duration.ofSeconds(5))) {
            startd.advertise(Daemon.Ad.slot("slot1@exec-d", slot(2, "Unclaimed")), Duration.ofSeconds(1));
            until("the slot ad", () -> query(Map.of("AdType", "slot")).size() == 1);

            schedd.advertise(scheduler, Duration.ofSeconds(1));

            until("Matched", () -> !scheduler.matched.isEmpty());
            Map<String, Object> match = Map.of("RequestId", 41L, "Slot", "mrg.grid:slot:slot1@exec-d", "Agent", "harrier:startd:exec-d");
            assertEquals(List.of(match, match), scheduler.matched.get(0), "two cores: two of the three jobs");
            until("the negotiator's statistics", () -> console.query(collector.agentName(), "negotiator", null, CALL).stream()
                    .anyMatch(n -> ((Number) n.get("Matches")).longValue() == 2));
            ObjectData negotiator = console.query(collector.agentName(), "negotiator", null, CALL).get(0);
            assertEquals(3L, ((Number) negotiator.get("NumIdleJobs")).longValue());
            assertEquals(1L, ((Number) negotiator.get("Rejections")).longValue());
        }
    }

    @Test
    void rescheduleStartsACycle(TestInfo test) {
        startCollector(test, settings());
        ObjectId negotiator = ObjectId.grid("negotiator", name);

        Console.join(console.invoke(collector.agentName(), negotiator, "Reschedule", Map.of(), CALL));

        until("a cycle", () -> console.query(collector.agentName(), "negotiator", null, CALL).stream()
                .anyMatch(n -> ((Number) n.get("Cycles")).longValue() >= 1));
    }
}
