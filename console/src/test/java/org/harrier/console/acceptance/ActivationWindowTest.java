package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The scheduler's activation window (docs/protocols.md, "Scheduler restart"): the scheduler JVM
 * dies as SIGKILL kills it (its test hook {@code harrier.scheduler.testHaltAt} halts it, so the
 * moment is exact) after a job's claim is recorded on disk but before its Activate went out, or
 * after the Activate was answered but before the start was recorded. The restarted scheduler
 * finds the claim in the job's ad and sends the Activate again: the startd starts the job, or
 * answers that the claim is running it already (or already ran it: its exit report waits on the
 * broker) and the job is adopted. Either way the job runs
 * exactly once: one start, one completion, one line in its run file, 000 001 005 in its log.
 */
@Timeout(150)
class ActivationWindowTest {
    @TempDir
    Path dir;

    private static String attribute(GridUser user, long cluster, String name) {
        return user.harrier("q", cluster + ".0", "-af", name).out().strip();
    }

    private static List<Integer> logCodes(Path log) {
        try {
            return UserLogReader.read(log).events().stream().map(UserLogEvent::code).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).size() : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "killed at {0}")
    @CsvSource({
            "claim-recorded, 3, 0", // the Activate never went out: the restart starts the job
            "activate-answered, 12, 1", // the job runs on: the restart's Activate is answered 0x10003 and it is adopted
            "activate-answered, 0, 1", // the job ends while the scheduler is down: its waiting exit report, or 0x10003 "already ran"
    })
    void aSchedulerKilledInTheActivationWindowRunsTheJobExactlyOnce(String haltAt, int seconds, long runsAtKill) throws Exception {
        try (HaltingSchedulerGrid grid = HaltingSchedulerGrid.start(dir)) {
            Path script = grid.script("once.sh", "#!/bin/sh\necho ran >> \"$2\"\nsleep \"$1\"\n");
            Path runs = grid.work.resolve("runs");
            long job = grid.submitUntilHalt(haltAt, "executable = " + script + "\narguments = " + seconds + " " + runs
                    + "\nlog = once.log\n+JobLeaseDuration = 90\nrequest_cpus = 1\nrequest_memory = 64\nqueue\n");
            if (runsAtKill > 0) { // Started is answered once the process runs; its first line follows
                Eventually.await("the job to be running on the startd", () -> lines(runs) == runsAtKill);
            } else {
                assertEquals(0, lines(runs), "no Activate went out: nothing runs");
            }
            try (ServiceJvm second = grid.restart()) {
                JsonNode done = grid.finished(job + ".0", second);
                Path log = grid.work.resolve("once.log");
                Eventually.await("the job's termination in its log", () -> logCodes(log).contains(5));
                assertAll(() -> assertEquals(4, done.get("JobStatus").asInt(), done::toString),
                        () -> assertEquals(1, done.get("NumJobStarts").asInt(), done::toString),
                        () -> assertEquals(1, done.get("NumJobCompletions").asInt(), done::toString),
                        () -> assertFalse(done.has("PendingActivation"), done::toString),
                        () -> assertEquals(1, lines(runs), "the job ran once"),
                        () -> assertEquals(List.of(0, 1, 5), logCodes(log), "submitted, ran, ended once"));
            }
        }
    }
}
