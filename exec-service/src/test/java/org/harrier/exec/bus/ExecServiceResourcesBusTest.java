package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.protocol.ObjectData;
import org.harrier.bus.QmfException;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.MachineProbe;
import org.harrier.exec.machine.MachineResource;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.rules.Resources;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Custom resources over a real embedded broker: the slot ad advertises GPUs and licenses, a
 * Claim asking for a GPU gets a dynamic slot with AssignedGPUs, and a machine the probe finds
 * changed is re-advertised.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ExecServiceResourcesBusTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AgentName STARTD = ExecService.agentName("gpu1");
    static final ObjectId PSLOT = ObjectId.grid("slot", "slot1@gpu1");

    @TempDir
    Path dir;
    GridBroker broker;
    Bus bus;
    ExecService exec;
    Console console;
    final AtomicReference<Machine> detected = new AtomicReference<>();

    @BeforeEach
    void start() throws Exception {
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        bus = Bus.connect(broker.clientUrl());
        console = bus.console();
        ExecSettings settings = ExecSettings.builder().cpus(2).memoryMiB(1024).diskKiB(100000).machine("gpu1")
                .executeDir(dir).updateInterval(Duration.ofSeconds(1))
                .resource(MachineResource.parse("GPUs", "GPU-0, GPU-1")).resource(MachineResource.parse("Licenses", "4"))
                .build();
        detected.set(MachineProbe.detect(settings));
        exec = ExecService.start(bus, "gpu1", settings, detected::get);
    }

    @AfterEach
    void stop() throws Exception {
        exec.close();
        bus.close();
        broker.close();
    }

    ObjectData awaitSlot(String name, Predicate<ObjectData> condition) {
        return Await.value("slot " + name + " to satisfy the condition", Duration.ofSeconds(20),
                () -> console.query(STARTD, "slot", null, WAIT).stream()
                        .filter(o -> o.id().key().equals(name) && condition.test(o)).findFirst().orElse(null),
                () -> console.query(STARTD, "slot", null, WAIT).toString());
    }

    Map<String, Object> claim(long gpus) {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Owner", "alice");
        ad.put("RequestMemory", 128L);
        ad.put("RequestGPUs", gpus);
        return Console.join(console.invoke(STARTD, PSLOT, "Claim", Map.of("Request", ad, "Scheduler",
                "harrier:scheduler:s1"), WAIT));
    }

    @Test
    void theSlotAdvertisesCustomResourcesAndAClaimGetsADevice() throws Exception {
        ObjectData p = awaitSlot("slot1@gpu1", o -> true);
        assertEquals("Cpus Memory Disk GPUs Licenses", p.get("MachineResources"));
        assertEquals(2L, p.get("GPUs"));
        assertEquals(2L, p.get("TotalGPUs"));
        assertEquals("GPU-0,GPU-1", p.get("AssignedGPUs"));
        assertEquals(4L, p.get("Licenses"));
        assertEquals("Cpus", p.get("SlotWeight"));

        assertEquals("slot1_1@gpu1", claim(1).get("Slot"));
        ObjectData d = awaitSlot("slot1_1@gpu1", o -> true);
        assertEquals("GPU-0", d.get("AssignedGPUs"));
        assertEquals(1L, d.get("GPUs"));
        ObjectData left = awaitSlot("slot1@gpu1", o -> Long.valueOf(1).equals(o.get("GPUs")));
        assertEquals("GPU-1", left.get("AssignedGPUs"));

        QmfException refused = org.junit.jupiter.api.Assertions.assertThrows(QmfException.class, () -> claim(2));
        assertEquals("claim refused: slot1@gpu1 needs 2 GPUs, 1 left", refused.getMessage());

        // a third GPU appears: the next re-detection re-advertises it
        Machine now = detected.get();
        detected.set(now.with(now.total().with("GPUs", 3), Map.of("GPUs", List.of("GPU-0", "GPU-1", "GPU-2"))));
        ObjectData grown = awaitSlot("slot1@gpu1", o -> Long.valueOf(2).equals(o.get("GPUs")));
        assertEquals("GPU-1,GPU-2", grown.get("AssignedGPUs"));
        assertEquals(3L, grown.get("TotalGPUs"));
        assertEquals(Resources.advertisedBy(org.harrier.protocol.AdMaps.toAd(grown.values())).amount("GPUs"), 2L);
    }
}
