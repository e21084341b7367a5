package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Queued activations (docs/protocols.md, "Queued activations") across a scheduler killed as
 * SIGKILL kills it (its test hook halts it at the exact moment): after a job queued behind a
 * claim's running job was recorded on disk but before its Activate went out, or after the
 * startd answered that it started it but before the start was recorded. A cluster of short jobs
 * runs on one slot, so its claim queues; the restarted scheduler queues the job again behind
 * the running one, or learns that it runs or ran. Every job runs exactly once: one line each in
 * the run file, one start and one completion each, and the log has each job's events once.
 */
@Timeout(180)
class QueuedActivationCrashTest {
    private static final String HOST = SchedulerSettings.defaults().machine();
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
    @ValueSource(strings = {"queue-recorded", "queue-answered"})
    void aSchedulerKilledAroundAQueuedActivationRunsEveryJobExactlyOnce(String haltAt) throws Exception {
        Path spool = dir.resolve("spool");
        Path work = Files.createDirectories(dir.resolve("work"));
        Path script = Files.writeString(work.resolve("once.sh"), "#!/bin/sh\necho \"$1\" >> \"$2\"\nsleep 0.2\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path runs = work.resolve("runs");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             ServiceJvm exec = ServiceJvm.exec(broker.clientUrl(), "exec1", dir, "--cpus", "1", "--memory", "1024")) {
            GridUser user = new GridUser(broker.clientUrl(), work);
            long cluster;
            try (ServiceJvm first = ServiceJvm.schedulerWith(List.of("-Dharrier.scheduler.testHaltAt=" + haltAt),
                    broker.clientUrl(), HOST, spool, dir, "scheduler-1")) {
                Eventually.await("the scheduler to serve", Eventually.PATIENCE,
                        () -> user.harrier("q").status() == 0, first::output);
                cluster = user.submit("once.sub", "executable = " + script + "\narguments = $(Process) " + runs
                        + "\nlog = once.log\n+JobLeaseDuration = 90\nrequest_cpus = 1\nrequest_memory = 64\nqueue " + JOBS + "\n");
                Eventually.await("the scheduler to halt at " + haltAt, Eventually.PATIENCE, () -> !first.isAlive(),
                        () -> first.output() + exec.output());
                assertEquals(137, first.awaitExit(), first::output);
            }
            try (ServiceJvm second = ServiceJvm.scheduler(broker.clientUrl(), HOST, spool, dir, "scheduler-2")) {
                Eventually.await("the restarted scheduler to serve", Eventually.PATIENCE,
                        () -> user.harrier("q").status() == 0, second::output);
                for (int proc = 0; proc < JOBS; proc++) {
                    Run waited = user.harrier("wait", cluster + "." + proc, "--json", "--timeout", "90");
                    assertEquals(0, waited.status(), () -> waited.err() + second.output() + exec.output());
                    JsonNode done = GridUser.json(waited).get(0);
                    assertAll(() -> assertEquals(4, done.get("JobStatus").asInt(), done::toString),
                            () -> assertEquals(1, done.get("NumJobStarts").asInt(), done::toString),
                            () -> assertEquals(1, done.get("NumJobCompletions").asInt(), done::toString),
                            () -> assertFalse(done.has("PendingActivation"), done::toString));
                }
                Path log = work.resolve("once.log");
                Eventually.await("every termination in the log",
                        () -> events(log).stream().filter(e -> e.code() == 5).count() == JOBS);
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
