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
import java.util.stream.Stream;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Queued activations (docs/protocols.md, "Queued activations") across a scheduler killed as
 * SIGKILL kills it (its test hook halts it at the exact moment): after jobs queued behind a
 * claim's running job were recorded on disk but before their Activate went out, after the
 * startd answered that it queued them, or when an exit report that names the queued job started
 * in its place arrived, before anything of it was applied; or when the queue log's writer was
 * about to write a job's exit (applied in memory, its user-log events told, none of it on disk:
 * they are written only once it is); or when a job's termination was on disk and its user-log
 * event not yet written (the restart writes what the log lacks). A cluster of short jobs runs on one
 * slot, so its claim queues; the restarted scheduler queues the jobs again behind the running
 * one, in their order, and learns from the exit reports that waited on the broker which started. Every job runs exactly once: one line each in
 * the run file, one start and one completion each, and the log has each job's events once.
 */
@Timeout(180)
class QueuedActivationCrashTest {
    private static final int JOBS = 6;

    @TempDir
    Path dir;

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<UserLogEvent> events(Path log) {
        try {
            return UserLogReader.read(log).events();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "killed at {0}")
    @ValueSource(strings = {"queue-recorded", "queue-answered", "next-started", "exit-unwritten", "termination-unlogged"})
    void aSchedulerKilledAroundAQueuedActivationRunsEveryJobExactlyOnce(String haltAt) throws Exception {
        try (HaltingSchedulerGrid grid = HaltingSchedulerGrid.start(dir)) {
            Path script = grid.script("once.sh", "#!/bin/sh\necho \"$1\" >> \"$2\"\nsleep 0.2\n");
            Path runs = grid.work.resolve("runs");
            long cluster = grid.submitUntilHalt(haltAt, "executable = " + script + "\narguments = $(Process) " + runs
                    + "\nlog = once.log\n+JobLeaseDuration = 90\nrequest_cpus = 1\nrequest_memory = 64\nqueue " + JOBS + "\n");
            try (ServiceJvm second = grid.restart()) {
                for (int proc = 0; proc < JOBS; proc++) {
                    JsonNode done = grid.finished(cluster + "." + proc, second);
                    assertAll(() -> assertEquals(4, done.get("JobStatus").asInt(), done::toString),
                            () -> assertEquals(1, done.get("NumJobStarts").asInt(), done::toString),
                            () -> assertEquals(1, done.get("NumJobCompletions").asInt(), done::toString),
                            () -> assertFalse(done.has("PendingActivation"), done::toString));
                }
                Path log = grid.work.resolve("once.log");
                Eventually.await("every termination in the log", Eventually.PATIENCE,
                        () -> events(log).stream().filter(e -> e.code() == 5).count() == JOBS,
                        () -> events(log) + "\n" + second.output());
                assertEquals(Stream.iterate(0, p -> p + 1).limit(JOBS).map(String::valueOf).toList(),
                        lines(runs).stream().sorted().toList(), "each job ran once");
                for (int code : new int[] {0, 1, 5}) {
                    assertEquals(JOBS, events(log).stream().filter(e -> e.code() == code).count(),
                            "one event " + code + " per job: " + events(log));
                }
            }
        }
    }
}
