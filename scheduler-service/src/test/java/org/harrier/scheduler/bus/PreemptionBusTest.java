package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.bus.ExecService;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Bus;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Preemption end to end on an embedded broker: the real scheduler service and a real startd
 * with one core, the test playing the negotiator. A match with Preempt makes the scheduler
 * claim the busy dynamic slot with Preempt; the startd evicts the running job and reports it
 * evicted; the scheduler puts the job back to Idle; the freed core runs the next match.
 */
@Timeout(60)
class PreemptionBusTest extends SchedulerOnBroker {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AgentName SCHEDULER = ServiceOnBroker.AGENT;
    static final ObjectId SCHEDULER_OBJECT = ServiceOnBroker.SCHEDULER;
    static final AgentName STARTD = ExecService.agentName("node1");

    Bus execBus;
    ExecService exec;

    @BeforeEach
    void start() {
        execBus = Bus.connect(running.url());
        exec = ExecService.start(execBus, "node1", ExecSettings.builder().cpus(1).memoryMiB(1024).diskKiB(100000)
                .machine("node1").executeDir(dir).updateInterval(Duration.ofSeconds(1))
                .killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50)).runJobsAsItself().build());
    }

    @AfterEach
    void stop() {
        exec.close();
        execBus.close();
    }

    static Map<String, Object> typed(String type, Object value) {
        return Map.of("TYPE", type, "VALUE", value);
    }

    String submit(String owner) {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", typed("STRING", "/bin/sleep"));
        ad.put("Args", typed("STRING", "300"));
        ad.put("Requirements", typed("EXPR", "TRUE"));
        ad.put("Iwd", typed("STRING", dir.toString()));
        ad.put("Owner", typed("STRING", owner));
        return (String) call("Submit", Map.of("Ad", ad)).get("Id");
    }

    /** The negotiator's part: the idle request of {@code owner} matched with {@code slot}. */
    void match(String owner, String slot, boolean preempt) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> requests = (List<Map<String, Object>>) call("GetRequests", Map.of()).get("Requests");
        Map<String, Object> request = requests.stream().filter(r -> owner.equals(r.get("Owner"))).findFirst()
                .orElseThrow(() -> new AssertionError("no request of " + owner + " in " + requests));
        Map<String, Object> m = new LinkedHashMap<>(Map.of("RequestId", request.get("RequestId"), "Slot", slot,
                "Agent", STARTD.name()));
        if (preempt) {
            m.put("Preempt", true);
        }
        call("Matched", Map.of("Matches", List.of(m)));
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> awaitAd(String id, Predicate<Map<String, Object>> condition, String what) {
        Map<String, Object>[] last = new Map[1];
        return Await.value("job " + id + " " + what, Duration.ofSeconds(20), () -> {
            last[0] = (Map<String, Object>) call("GetAd", Map.of("Id", id)).get("Ad");
            return condition.test(last[0]) ? last[0] : null;
        }, () -> String.valueOf(last[0]));
    }

    @Test
    void aPreemptingMatchEvictsTheRunningJobBackToIdleAndTheFreedCoreRunsTheOther() throws Exception {
        String alice = submit("alice");
        match("alice", "slot1@node1", false);
        awaitAd(alice, ad -> Long.valueOf(2).equals(ad.get("JobStatus")), "ran");

        String bob = submit("bob");
        match("bob", "slot1_1@node1", true);
        Map<String, Object> evicted = awaitAd(alice, ad -> Long.valueOf(1).equals(ad.get("JobStatus")), "went back to idle");
        assertTrue(evicted.get("LastVacateTime") instanceof Long, "LastVacateTime in " + evicted);
        assertEquals(1L, evicted.get("NumJobStarts"));
        assertEquals("slot1_1@node1", evicted.get("LastRemoteHost"));
        assertEquals(1L, ((Map<?, ?>) call("GetAd", Map.of("Id", bob)).get("Ad")).get("JobStatus"),
                "the preempting claim itself was refused: bob waits for the next cycle");

        match("bob", "slot1@node1", false);
        awaitAd(bob, ad -> Long.valueOf(2).equals(ad.get("JobStatus")), "ran on the freed core");
        assertEquals(1L, ((Map<?, ?>) call("GetAd", Map.of("Id", alice)).get("Ad")).get("JobStatus"), "alice waits");
    }
}
