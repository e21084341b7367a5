package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.exec.ExecSettings;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.Agent;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that runs in its Iwd on a machine that cannot see the scheduler's spool gets its last
 * checkpoint back over the bus off the startd's owner thread (docs/protocols.md, "Checkpoints and
 * vacate"): on a real broker, with a stand-in scheduler whose CheckpointIn transfer is paused
 * until the test lets it go, the Activate is answered and the startd takes another claim while
 * the restore is in progress; then the job starts in its Iwd from the restored file. A
 * Deactivate meanwhile cancels the start; a restore that fails holds the job (never started,
 * HoldReasonCode 13) as before.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExecServiceRestoreBusTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final AgentName STARTD = ExecService.agentName("node1");
    static final AgentName SCHEDULER = AgentName.harrier("scheduler", "sched1");
    static final ObjectId PSLOT = ObjectId.grid("slot", "slot1@node1");

    @TempDir
    Path dir;
    Path iwd;
    GridBroker broker;
    Bus execBus;
    Bus schedulerBus;
    ExecService exec;
    Console console;
    CheckpointingScheduler scheduler;

    @BeforeEach
    void start() throws Exception {
        iwd = Files.createDirectories(dir.resolve("iwd"));
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        execBus = Bus.connect(broker.clientUrl());
        schedulerBus = Bus.connect(broker.clientUrl());
        scheduler = new CheckpointingScheduler("sched1", "count", "7\n".getBytes(StandardCharsets.UTF_8));
        Agent agent = schedulerBus.agent(SCHEDULER, Duration.ofSeconds(1));
        agent.add(scheduler);
        console = schedulerBus.console();
        exec = ExecService.start(execBus, "node1", ExecSettings.builder().cpus(2).memoryMiB(1024).diskKiB(100000)
                .machine("node1.example").executeDir(Files.createDirectories(dir.resolve("execute")))
                .updateInterval(Duration.ofSeconds(1)).killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50))
                .runJobsAsItself().build());
    }

    @AfterEach
    void stop() throws Exception {
        exec.close();
        schedulerBus.close();
        execBus.close();
        broker.close();
    }

    Map<String, Object> call(String method, Map<String, ?> args) {
        return Console.join(console.invoke(STARTD, PSLOT, method, args, WAIT));
    }

    /** A job in its Iwd (no file transfer) with checkpoint 1 counted, whose spool is not on this machine. */
    Map<String, Object> job(String script) {
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("Cmd", "/bin/sh");
        ad.put("Arguments", "-c '" + script + "'");
        ad.put("Iwd", iwd.toString());
        ad.put("Owner", "alice");
        ad.put("RequestMemory", 256L);
        ad.put("CheckpointExitCode", 85L);
        ad.put("TransferCheckpoint", "count");
        ad.put("NumCkpts", 1L);
        ad.put("SpoolDir", dir.resolve("submit-machine-spool/1/0").toString());
        ad.put("Requirements", "TARGET.Memory >= RequestMemory");
        ad.put(AdMaps.DESCRIPTORS, Map.of("Requirements", AdMaps.EXPRESSION));
        return ad;
    }

    String claim() {
        return (String) call("Claim", Map.of("Request", job("true"), "Scheduler", SCHEDULER.name())).get("ClaimId");
    }

    @Test
    void theStartdTakesAnotherClaimWhileOneJobsCheckpointIsFetchedAndThenStartsTheJobFromIt() throws Exception {
        String first = claim();
        Map<String, Object> started = call("Activate", Map.of("ClaimId", first, "Id", "1.0",
                "Job", job("cat count > resumed.txt")));
        assertEquals(true, started.get("Started"), "answered before the checkpoint is here");
        scheduler.transferAsked.get(20, TimeUnit.SECONDS);

        // The restore waits on the paused transfer: the owner thread still serves other calls.
        String second = claim();
        assertFalse(second.equals(first));
        assertFalse(Files.exists(iwd.resolve("resumed.txt")), "the job waits for its checkpoint");

        scheduler.transferMayBegin.complete(null);
        RecordingScheduler.Call exited = scheduler.next();
        assertEquals("JobExited", exited.method());
        assertEquals(0, ((Number) exited.arguments().get("ExitCode")).intValue(), exited.arguments().toString());
        assertEquals("7\n", Files.readString(iwd.resolve("count")), "restored into the Iwd");
        assertEquals("7\n", Files.readString(iwd.resolve("resumed.txt")), "the job started after its checkpoint came");
    }

    @Test
    void aDeactivateWhileTheCheckpointIsFetchedCancelsTheStartAndTheClaimTakesTheNextJob() throws Exception {
        String claimId = claim();
        call("Activate", Map.of("ClaimId", claimId, "Id", "1.0", "Job", job("touch ran")));
        scheduler.transferAsked.get(20, TimeUnit.SECONDS);
        call("Deactivate", Map.of("ClaimId", claimId, "Id", "1.0"));
        scheduler.transferMayBegin.complete(null);

        RecordingScheduler.Call exited = scheduler.next();
        assertEquals("JobExited", exited.method());
        assertTrue(String.valueOf(exited.arguments().get("HoldReason")).contains("cancelled"), exited.arguments().toString());
        assertFalse(Files.exists(iwd.resolve("ran")), "never started");
        Map<String, Object> next = job("touch next");
        next.remove("NumCkpts");
        next.remove("SpoolDir");
        assertEquals(true, call("Activate", Map.of("ClaimId", claimId, "Id", "1.1", "Job", next)).get("Started"));
        assertEquals(0, ((Number) scheduler.next().arguments().get("ExitCode")).intValue());
        assertTrue(Files.exists(iwd.resolve("next")));
    }

    @Test
    void aCheckpointThatCannotBeFetchedHoldsTheJobWhichNeverStarts() throws Exception {
        String claimId = claim();
        assertEquals(true, call("Activate", Map.of("ClaimId", claimId, "Id", "1.0",
                "Job", job("touch ran"))).get("Started"));
        scheduler.transferAsked.get(20, TimeUnit.SECONDS);
        scheduler.refuseTransfer();

        RecordingScheduler.Call exited = scheduler.next();
        assertEquals("JobExited", exited.method());
        assertEquals(13L, ((Number) exited.arguments().get("HoldReasonCode")).longValue(), exited.arguments().toString());
        assertTrue(String.valueOf(exited.arguments().get("HoldReason")).contains("checkpoint 1 is gone"),
                exited.arguments().toString());
        assertFalse(Files.exists(iwd.resolve("ran")), "never started");
    }
}
