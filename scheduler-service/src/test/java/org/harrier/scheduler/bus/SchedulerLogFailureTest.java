package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
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
import org.harrier.bus.QmfException;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.testing.Await;
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
    private Path mount;

    @BeforeEach
    void mountASmallFileSystem() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        mount = Files.createDirectories(dir.resolve("small"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "cannot mount a tmpfs here");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            new ProcessBuilder("umount", "-l", mount.toString()).start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aSchedulerWhoseQueueLogFailsExitsWithStatusOneAndLosesNothingItAcknowledged() throws Exception {
        Path spool = mount.resolve("spool");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl())) {
            Console console = bus.console();
            Process scheduler = startScheduler(broker.clientUrl(), spool, 1);
            awaitServing(console, scheduler, 1);
            List<Long> acknowledged = new ArrayList<>(List.of(submit(console)));

            Path filler = mount.resolve("filler");
            fill(filler);
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
                    + read(dir.resolve("scheduler-1.log")));
            assertEquals(1, scheduler.exitValue());
            String log = Files.readString(dir.resolve("scheduler-1.log"));
            assertTrue(log.contains("its job queue log in " + spool + " failed"), log);

            Files.delete(filler);
            Process again = startScheduler(broker.clientUrl(), spool, 2);
            try {
                awaitServing(console, again, 2);
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

    private Process startScheduler(String url, Path spool, int round) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "org.harrier.scheduler.bus.SchedulerService", "--broker", url, "--name", NAME, "--spool", spool.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("scheduler-" + round + ".log").toFile()).start();
    }

    private void awaitServing(Console console, Process scheduler, int round) {
        Path log = dir.resolve("scheduler-" + round + ".log");
        Await.until("scheduler " + round + " to answer", Duration.ofSeconds(60), () -> {
            if (!scheduler.isAlive()) {
                throw new AssertionError("scheduler " + round + " died:" + read(log));
            }
            try {
                Console.join(console.invoke(AGENT, SCHEDULER, "GetAd", Map.of("Id", "999999.0"), Duration.ofSeconds(2)));
                return false;
            } catch (QmfException e) {
                return e.getMessage().contains("no job 999999.0");
            } catch (RuntimeException e) {
                return false;
            }
        }, () -> read(log));
    }

    private static void fill(Path file) throws IOException {
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left")) {
                throw e;
            }
        }
    }

    private static String read(Path log) {
        try {
            return "\n" + Files.readString(log);
        } catch (IOException e) {
            return "";
        }
    }
}
