package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.harrier.exec.ExecSettings;
import org.harrier.exec.run.starter.Cgroups;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Console;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A running job's usage on the real bus: with a short STARTER_UPDATE_INTERVAL the test's
 * scheduler object receives JobUsage while the job runs and the sizes again in JobExited; a job
 * over its RequestMemory (its slot's Memory, in HTCondor's 128 MiB steps) is reported with
 * HoldReasonCode 34 where the startd can make cgroups (root here).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ExecServiceUsageBusTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AgentName STARTD = ExecService.agentName("node1");
    static final AgentName SCHEDULER = StartdOnBroker.SCHEDULER;
    static final ObjectId PSLOT = ObjectId.grid("slot", "slot1@node1");

    @TempDir
    Path dir;
    Path iwd;
    StartdOnBroker grid;
    ExecService exec;
    Console console;
    RecordingScheduler scheduler;

    @BeforeEach
    void start() throws Exception {
        iwd = Files.createDirectories(dir.resolve("iwd"));
        grid = StartdOnBroker.start(dir, ExecSettings.builder().cpus(2).memoryMiB(1024).diskKiB(1_000_000)
                .machine("node1.example").executeDir(dir).updateInterval(Duration.ofSeconds(1))
                .killGrace(Duration.ofSeconds(5)).usageInterval(Duration.ofMillis(50))
                .starterUpdateInterval(Duration.ofMillis(200)).runJobsAsItself().build());
        exec = grid.exec();
        console = grid.console();
        scheduler = grid.scheduler();
    }

    @AfterEach
    void stop() {
        grid.close();
    }

    Map<String, Object> call(String method, Map<String, ?> args) {
        return Console.join(console.invoke(STARTD, PSLOT, method, args, WAIT));
    }

    Map<String, Object> job(String script, long requestMemory) {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", "/bin/sh");
        ad.put("Arguments", "-c '" + script + "'");
        ad.put("Iwd", iwd.toString());
        ad.put("Owner", "alice");
        ad.put("RequestMemory", requestMemory);
        return ad;
    }

    String run(Map<String, Object> job) {
        String claimId = (String) call("Claim", Map.of("Request", job, "Scheduler", SCHEDULER.name())).get("ClaimId");
        assertEquals(true, call("Activate", Map.of("ClaimId", claimId, "Id", "1.0", "Job", job)).get("Started"));
        return claimId;
    }

    static long number(RecordingScheduler.Call c, String name) {
        return ((Number) c.arguments().get(name)).longValue();
    }

    @Test
    void usageReportsArriveWhileTheJobRunsAndTheExitCarriesTheSizes() throws Exception {
        String claimId = run(job("head -c 1000000 /dev/urandom > written; "
                + "x=$(head -c 20000000 /dev/zero | tr -c x x); sleep 60", 256));
        RecordingScheduler.Call usage;
        do {
            usage = scheduler.next();
            assertEquals("JobUsage", usage.method(), "no exit before the Deactivate: " + usage);
        } while (number(usage, "ResidentSetSize") < 15_000 || number(usage, "DiskUsage") < 977);
        RecordingScheduler.Call last = usage;
        assertAll(() -> assertEquals("1.0", last.arguments().get("Id")),
                () -> assertEquals(claimId, last.arguments().get("ClaimId")),
                () -> assertTrue(number(last, "MemoryUsage") >= 15, last::toString),
                () -> assertTrue(number(last, "ImageSize") >= 15_000, "the shell's virtual size: " + last));

        call("Deactivate", Map.of("ClaimId", claimId, "Id", "1.0"));
        RecordingScheduler.Call exited;
        do {
            exited = scheduler.next();
        } while (exited.method().equals("JobUsage"));
        RecordingScheduler.Call end = exited;
        assertAll(() -> assertEquals("JobExited", end.method()),
                () -> assertTrue(number(end, "ResidentSetSize") >= 15_000, end::toString),
                () -> assertTrue(number(end, "DiskUsage") >= 977, end::toString),
                () -> assertEquals(null, end.arguments().get("HoldReasonCode")));
    }

    @Test
    void aJobOverItsRequestMemoryIsReportedForAHoldWith34() throws Exception {
        Cgroups cgroups = Cgroups.detect();
        assumeTrue(cgroups.usable(), cgroups.description());
        run(job("head -c 300000000 /dev/zero | tail > /dev/null", 48));
        RecordingScheduler.Call exited;
        do {
            exited = scheduler.next();
        } while (exited.method().equals("JobUsage"));
        RecordingScheduler.Call end = exited;
        assertAll(() -> assertEquals("JobExited", end.method()),
                () -> assertEquals(34L, number(end, "HoldReasonCode"), end::toString),
                () -> assertTrue(((String) end.arguments().get("HoldReason"))
                        .startsWith("Job has gone over cgroup memory limit of 128 megabytes."), "48 MiB in 128 MiB steps: " + end),
                () -> assertTrue(number(end, "MemoryUsage") >= 120, end::toString));
    }
}
