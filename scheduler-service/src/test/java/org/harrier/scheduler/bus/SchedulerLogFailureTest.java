package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.testing.SmallDisk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduler process whose job queue log fails (its spool's disk fills) exits with status 1,
 * saying why, so a supervisor starts it again; started again once there is room, it has every
 * submission it acknowledged. The spool is a small tmpfs of its own, which needs root (CI runs
 * as root); elsewhere the test is skipped.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SchedulerLogFailureTest {
    private static final String NAME = "fills";
    private static final AgentName AGENT = AgentName.harrier("scheduler", NAME);
    private static final ObjectId SCHEDULER = ObjectId.grid("scheduler", NAME);
    private static final Duration CALL = Duration.ofSeconds(5);

    @TempDir
    Path dir;
    private SmallDisk disk;

    @BeforeEach
    void mountASmallFileSystem() throws Exception {
        disk = SmallDisk.mount(dir.resolve("small"), "64m");
        assumeTrue(disk != null, "mounting a tmpfs needs root");
    }

    @AfterEach
    void unmount() throws Exception {
        if (disk != null) {
            disk.close();
        }
    }

    @Test
    void aSchedulerWhoseQueueLogFailsExitsWithStatusOneAndLosesNothingItAcknowledged() throws Exception {
        Path spool = disk.path().resolve("spool");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl())) {
            Console console = bus.console();
            SchedulerProcess first = SchedulerProcess.start(broker.clientUrl(), NAME, spool, dir.resolve("scheduler-1.log"));
            first.awaitServing(console);
            Process scheduler = first.process();
            List<Long> acknowledged = new ArrayList<>(List.of(submit(console)));

            Path filler = disk.path().resolve("filler");
            SmallDisk.fill(filler);
            // Submit until one is refused or the process goes: a small append may still fit in a
            // block the log already has, so which submission meets the full disk varies.
            for (int i = 0; i < 2000 && scheduler.isAlive(); i++) {
                try {
                    acknowledged.add(submit(console));
                } catch (RuntimeException refused) {
                    break;
                }
            }
            assertTrue(scheduler.waitFor(60, TimeUnit.SECONDS), "the scheduler still runs with its queue log failed"
                    + first.output());
            assertEquals(1, scheduler.exitValue());
            String log = Files.readString(dir.resolve("scheduler-1.log"));
            assertTrue(log.contains("its job queue log in " + spool + " failed"), log);

            Files.delete(filler);
            SchedulerProcess second = SchedulerProcess.start(broker.clientUrl(), NAME, spool, dir.resolve("scheduler-2.log"));
            Process again = second.process();
            try {
                second.awaitServing(console);
                for (long cluster : acknowledged) {
                    Map<String, Object> ad = Console.join(console.invoke(AGENT, SCHEDULER, "GetAd",
                            Map.of("Id", cluster + ".0"), CALL));
                    assertFalse(ad.isEmpty(), "acknowledged cluster " + cluster);
                }
                acknowledged.add(submit(console));
            } finally {
                again.destroy();
                again.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private static long submit(Console console) {
        Map<String, Object> answer = Console.join(console.invoke(AGENT, SCHEDULER, "SubmitCluster",
                Map.of("Ad", SchedulerServiceTest.seedAd(), "Count", 1L), CALL));
        return ((Number) answer.get("ClusterId")).longValue();
    }
}
