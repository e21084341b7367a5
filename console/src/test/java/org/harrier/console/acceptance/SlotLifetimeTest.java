package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector keeps a slot ad only while its exec service is alive: an exec service (its own
 * JVM) killed with SIGKILL stops re-advertising, and its slot disappears from
 * {@code harrier status} once CLASSAD_LIFETIME passes; one stopped cleanly withdraws its slot
 * with a delete indication, which the collector acts on at once.
 */
@Timeout(120)
class SlotLifetimeTest {
    private static final String HOST = SchedulerSettings.defaults().machine();
    private static final Duration UPDATE_INTERVAL = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    private static boolean lists(GridUser user, String slot) {
        Run r = user.harrier("status", "--json", "-constraint", "Name == \"" + slot + "\"");
        if (r.status() != 0) {
            throw new AssertionError("harrier status failed: " + r.err());
        }
        JsonNode slots = r.out().isEmpty() ? null : GridUser.json(r);
        return slots != null && slots.size() == 1;
    }

    @Test
    void slotOfAnExecServiceKilledWithoutGoodbyeIsDroppedAfterItsLifetime() throws Exception {
        CollectorSettings threeSeconds = CollectorSettings.defaults().withMachine(HOST).withUpdateInterval(UPDATE_INTERVAL);
        assertEquals(Duration.ofSeconds(3), threeSeconds.classAdLifetime());
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, threeSeconds);
             ServiceJvm exec = ServiceJvm.exec(broker.clientUrl(), "doomed", dir)) {
            GridUser user = new GridUser(broker.clientUrl(), dir);
            Eventually.await("harrier status to list " + exec.slot(), Eventually.PATIENCE,
                    () -> lists(user, exec.slot()), exec::output);

            exec.kill();
            Eventually.await("the collector to drop " + exec.slot() + " after its lifetime", Eventually.PATIENCE,
                    () -> !lists(user, exec.slot()), () -> "still listed");
        }
    }

    @Test
    void slotOfAnExecServiceStoppedCleanlyIsDroppedAtOnce() throws Exception {
        // A lifetime far beyond this test's patience: the slot can only go because it was withdrawn.
        CollectorSettings anHour = CollectorSettings.defaults().withMachine(HOST).withUpdateInterval(UPDATE_INTERVAL)
                .withClassAdLifetime(Duration.ofHours(1));
        Set<String> deleted = ConcurrentHashMap.newKeySet();
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, anHour);
             AutoCloseable slots = bus.console().subscribe("slot", d -> {
                 if (d.deleted()) {
                     deleted.add(d.id().key());
                 }
             });
             ServiceJvm exec = ServiceJvm.exec(broker.clientUrl(), "tidy", dir)) {
            GridUser user = new GridUser(broker.clientUrl(), dir);
            Eventually.await("harrier status to list " + exec.slot(), Eventually.PATIENCE,
                    () -> lists(user, exec.slot()), exec::output);

            int status = exec.stop();
            Eventually.await("a delete indication for " + exec.slot(), Eventually.PATIENCE,
                    () -> deleted.contains(exec.slot()), () -> "deletes " + deleted + ", exit status " + status + "\n" + exec.output());
            Eventually.await("the collector to drop " + exec.slot() + " on its delete indication", Eventually.PATIENCE,
                    () -> !lists(user, exec.slot()), () -> "still listed");
        }
    }
}
