package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Self-checkpointing jobs and vacate at the startd, with real processes and the spool store:
 * a job exiting with its CheckpointExitCode is saved and restarted on its claim without an exit
 * report; a job starting with a checkpoint gets it back first; Vacate evicts.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdCheckpointTest {
    static final String SCHEDULER = "harrier:scheduler:test";
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));
    /** One step per run: count+1 into count (a checkpoint, exit 85) until it reaches 3 (exit 0). */
    static final String STEPPER = """
            #!/bin/sh
            n=0; [ -f count ] && n=$(cat count)
            echo "run from $n" >> progress.log
            n=$((n+1)); echo $n > count
            [ $n -ge 3 ] && exit 0
            exit 85
            """;
    /** Runs until told to stop; on SIGTERM writes its state (7) and exits with the checkpoint code. */
    static final String TRAPPER = """
            #!/bin/sh
            trap 'echo 7 > count; exit 85' TERM
            echo "run from $(cat count 2>/dev/null || echo 0)" >> progress.log
            while [ ! -e done ]; do sleep 0.05; done
            exit 0
            """;

    @TempDir
    Path iwd;
    @TempDir
    Path spool;
    final Events events = new Events();
    Startd startd;

    static final class Events implements StartdListener {
        final LinkedBlockingQueue<RunExited> exits = new LinkedBlockingQueue<>();
        final LinkedBlockingQueue<RunCheckpointed> checkpoints = new LinkedBlockingQueue<>();

        @Override
        public void slotsChanged(PartitionableSlot slot) {
        }

        @Override
        public void jobExited(RunExited exited) {
            exits.add(exited);
        }

        @Override
        public void jobCheckpointed(RunCheckpointed c) {
            checkpoints.add(c);
        }

        RunExited nextExit() throws InterruptedException {
            return assertInstanceOf(RunExited.class, exits.poll(20, TimeUnit.SECONDS), "an exit report");
        }

        RunCheckpointed nextCheckpoint() throws InterruptedException {
            return assertInstanceOf(RunCheckpointed.class, checkpoints.poll(20, TimeUnit.SECONDS), "a checkpoint report");
        }
    }

    @AfterEach
    void close() {
        if (startd != null) {
            startd.close();
        }
    }

    void startd() {
        startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(3),
                ExecSettings.builder().killGrace(Duration.ofSeconds(5)).usageInterval(Duration.ofMillis(50)).build().timings()),
                events);
    }

    ClassAd job(String script) throws Exception {
        Path exe = iwd.resolve("job.sh");
        Files.writeString(exe, script);
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        return ClassAd.builder().set("Cmd", exe.toString()).set("Iwd", iwd.toString()).set("Owner", "alice")
                .set("CheckpointExitCode", 85).set("TransferCheckpoint", "count").set("SpoolDir", spool.toString())
                .build();
    }

    String claim(ClassAd job) throws Exception {
        return startd.claim(job, SCHEDULER).get().claimId();
    }

    List<String> progress() throws Exception {
        return Files.readAllLines(iwd.resolve("progress.log"));
    }

    @Test
    void aJobExitingWithItsCheckpointCodeIsSavedAndRestartedOnItsClaimWithoutAnExitReport() throws Exception {
        startd();
        ClassAd job = job(STEPPER);
        String claimId = claim(job);
        assertNotNull(startd.activate(claimId, "12.0", job).get());

        RunCheckpointed first = events.nextCheckpoint();
        RunCheckpointed second = events.nextCheckpoint();
        RunExited exit = events.nextExit();

        assertEquals(List.of(1L, 2L), List.of(first.number(), second.number()));
        assertEquals(claimId, first.claimId());
        assertEquals(2, first.bytes(), "the count file: \"1\\n\"");
        assertEquals(0, exit.exitCode(), "one exit report, the final one");
        assertFalse(exit.evicted());
        assertEquals(List.of("run from 0", "run from 1", "run from 2"), progress());
        assertEquals("2", Files.readString(spool.resolve("12/0/checkpoint/count")).strip(), "the last checkpoint");
        assertTrue(events.exits.isEmpty() && events.checkpoints.isEmpty());
    }

    @Test
    void aJobStartingAfterACheckpointGetsItBackInItsWorkingDirectoryFirst() throws Exception {
        startd();
        Path saved = Files.createDirectories(spool.resolve("12/0/checkpoint.4"));
        Files.writeString(saved.resolve("count"), "2\n");
        Files.createSymbolicLink(spool.resolve("12/0/checkpoint"), Path.of("checkpoint.4"));
        Files.writeString(iwd.resolve("count"), "0\n"); // progress since the checkpoint is lost with the eviction
        ClassAd job = job(STEPPER).with("NumCkpts", Expr.parse("4"));
        String claimId = claim(job);
        startd.activate(claimId, "12.0", job).get();

        RunExited exit = events.nextExit();
        assertEquals(0, exit.exitCode());
        assertEquals(List.of("run from 2"), progress(), "resumed from the checkpoint, not from 0");
        assertTrue(events.checkpoints.isEmpty(), "its last run finished without a checkpoint");
    }

    @Test
    void aJobWhoseCountedCheckpointCannotBeRestoredDoesNotStartAndSaysWhy() throws Exception {
        startd();
        ClassAd job = job(STEPPER).with("NumCkpts", Expr.parse("2"))
                .with("SpoolDir", Expr.parse("\"" + spool.resolve("not-here") + "\""));
        String claimId = claim(job);
        assertEquals(null, startd.activate(claimId, "12.0", job).get(), "not started");

        RunExited exit = events.nextExit();
        assertTrue(exit.neverStarted());
        assertEquals(13, exit.holdReasonCode());
        assertTrue(exit.holdReason().contains("does not share the scheduler's file system"), exit.holdReason());
        assertFalse(Files.exists(iwd.resolve("progress.log")));
    }

    @Test
    void vacatingAJobSendsItSigtermSoItCheckpointsThenReportsAnEvictionAndEndsTheClaim() throws Exception {
        startd();
        ClassAd job = job(TRAPPER);
        String claimId = claim(job);
        startd.activate(claimId, "12.0", job).get();
        awaitFile(iwd.resolve("progress.log"));

        startd.vacate(claimId, "12.0").get();

        RunCheckpointed c = events.nextCheckpoint();
        RunExited exit = events.nextExit();
        assertEquals(1, c.number());
        assertTrue(exit.evicted(), "evicted, not restarted");
        assertEquals("7", Files.readString(spool.resolve("12/0/checkpoint/count")).strip());
        assertTrue(startd.slot().dynamicSlots().isEmpty(), "the claim ended with the eviction");
        assertEquals(List.of("run from 0"), progress());
    }

    @Test
    void vacatingThePartitionableSlotVacatesEveryJobAndAnUnknownSlotIsAnError() throws Exception {
        startd();
        ClassAd job = job(TRAPPER).without("CheckpointExitCode");
        String claimId = claim(job);
        startd.activate(claimId, "12.0", job).get();
        awaitFile(iwd.resolve("progress.log"));

        assertEquals(List.of("12.0"), startd.vacateSlot("slot1@node").get());
        RunExited exit = events.nextExit();
        assertTrue(exit.evicted());
        assertEquals(85, exit.exitCode(), "its own exit code; no checkpoint code in its ad, so nothing saved");
        assertTrue(events.checkpoints.isEmpty());

        ExecutionException e = assertThrows(ExecutionException.class, () -> startd.vacateSlot("slot9@node").get());
        assertInstanceOf(StartdFailure.UnknownSlot.class, e.getCause());
    }

    @Test
    void vacatingAnotherJobThanTheClaimRunsIsWrongStateAndChangesNothing() throws Exception {
        startd();
        ClassAd job = job(TRAPPER);
        String claimId = claim(job);
        startd.activate(claimId, "12.0", job).get();

        ExecutionException e = assertThrows(ExecutionException.class, () -> startd.vacate(claimId, "13.0").get());
        assertInstanceOf(StartdFailure.WrongState.class, e.getCause());
        Files.createFile(iwd.resolve("done"));
        RunExited exit = events.nextExit();
        assertFalse(exit.evicted());
        assertEquals(0, exit.exitCode());
    }

    static void awaitFile(Path p) {
        Await.until(p + " to exist", Duration.ofSeconds(30), () -> Files.exists(p));
    }
}
