package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.exec.ExecSettings;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectData;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code slot.Match}, the negotiator's match notice, on a real embedded broker: a good notice
 * shows the partitionable slot Matched at once and MATCH_TIMEOUT (2 s here) takes it back; a
 * claim of the noticed scheduler ends it; notices with bad arguments, to a dynamic slot or to
 * a slot that does not exist are refused with a clear error and change nothing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExecServiceMatchBusTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final AgentName STARTD = ExecService.agentName("node1");
    private static final ObjectId PSLOT = ObjectId.grid("slot", "slot1@node1");
    private static final String SCHEDULER = "harrier:scheduler:sched1";

    @TempDir
    static Path dir;
    private static GridBroker broker;
    private static Bus peerBus;
    private static Console console;
    private Bus execBus;
    private ExecService exec;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        peerBus = Bus.connect(broker.clientUrl());
        console = peerBus.console();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        peerBus.close();
        broker.close();
    }

    /** A fresh startd for every test (a clean slot; the broker is shared). */
    @BeforeEach
    void start() throws Exception {
        execBus = Bus.connect(broker.clientUrl());
        exec = ExecService.start(execBus, "node1", ExecSettings.builder().cpus(2).memoryMiB(1024).diskKiB(100000)
                .machine("node1.example").executeDir(dir).updateInterval(Duration.ofSeconds(1))
                .matchTimeout(Duration.ofSeconds(2)).build());
    }

    @AfterEach
    void stop() throws Exception {
        exec.close();
        execBus.close();
    }

    private Map<String, Object> call(ObjectId slot, String method, Map<String, ?> args) {
        return Console.join(console.invoke(STARTD, slot, method, args, WAIT));
    }

    private String state(String slot) {
        return console.query(STARTD, "slot", null, WAIT).stream().filter(o -> o.id().key().equals(slot))
                .map(o -> String.valueOf(o.get("State"))).findFirst().orElse("(none)");
    }

    private void awaitState(String slot, String state) {
        Await.until(slot + " " + state, Duration.ofSeconds(20), () -> state.equals(state(slot)));
    }

    @Test
    void aNoticeShowsTheSlotMatchedUntilMatchTimeoutThenAClaimEndsAnother() {
        assertEquals(Map.of("Taken", true), call(PSLOT, "Match", Map.of("Scheduler", SCHEDULER, "RequestId", "3")));
        awaitState("slot1@node1", "Matched");
        awaitState("slot1@node1", "Unclaimed");
        ObjectData back = console.query(STARTD, "slot", null, WAIT).stream()
                .filter(o -> o.id().key().equals("slot1@node1")).findFirst().orElseThrow();
        assertTrue(back.get("TotalTimeMatchedIdle") instanceof Long, "the Matched stay is published: " + back.values());

        call(PSLOT, "Match", Map.of("Scheduler", SCHEDULER));
        awaitState("slot1@node1", "Matched");
        call(PSLOT, "Claim", Map.of("Request", Map.of("Owner", "alice", "RequestMemory", 128L), "Scheduler", SCHEDULER));
        awaitState("slot1_1@node1", "Claimed");
        assertEquals("Unclaimed", state("slot1@node1"), "claimed: the partitionable slot is no longer Matched");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "no Scheduler                | slot1@node1   |                | 4",
            "a Scheduler that is no name | slot1@node1   | sched1         | 4",
            "a RequestId that is a map   | slot1@node1   | REQUEST_MAP    | 4",
            "no such slot                | slot9@node1   | " + SCHEDULER + " | 1",
    })
    void aBadNoticeIsRefusedAndChangesNothing(String what, String slot, String scheduler, int code) {
        Map<String, Object> args = new HashMap<>();
        if ("REQUEST_MAP".equals(scheduler)) {
            args.put("Scheduler", SCHEDULER);
            args.put("RequestId", Map.of("x", 1L));
        } else if (scheduler != null) {
            args.put("Scheduler", scheduler);
        }
        awaitState("slot1@node1", "Unclaimed");

        QmfException e = assertThrows(QmfException.class, () -> call(ObjectId.grid("slot", slot), "Match", args));

        assertEquals(code, e.code(), e.getMessage());
        assertEquals("Unclaimed", state("slot1@node1"), what + " changed the slot");
        assertEquals(List.of(), exec.startd().matches().stay().times().totals().keySet().stream()
                .filter(k -> k.startsWith("Matched")).toList());
    }

    @Test
    void aNoticeToADynamicSlotIsRefused() {
        call(PSLOT, "Claim", Map.of("Request", Map.of("Owner", "alice"), "Scheduler", SCHEDULER));
        awaitState("slot1_1@node1", "Claimed");

        QmfException e = assertThrows(QmfException.class,
                () -> call(ObjectId.grid("slot", "slot1_1@node1"), "Match", Map.of("Scheduler", SCHEDULER)));

        assertEquals(QmfException.WRONG_STATE, e.code());
        assertTrue(e.getMessage().contains("dynamic slot of slot1@node1"), e.getMessage());
    }
}
