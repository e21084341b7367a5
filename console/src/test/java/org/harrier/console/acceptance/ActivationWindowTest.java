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
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
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
    private static final String HOST = SchedulerSettings.defaults().machine();

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
        Path spool = dir.resolve("spool");
        Path work = Files.createDirectories(dir.resolve("work"));
        Path script = Files.writeString(work.resolve("once.sh"), "#!/bin/sh\necho ran >> \"$2\"\nsleep \"$1\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path runs = work.resolve("runs");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             ServiceJvm exec = ServiceJvm.exec(broker.clientUrl(), "exec1", dir, "--cpus", "1", "--memory", "1024")) {
            GridUser user = new GridUser(broker.clientUrl(), work);
            long job;
            try (ServiceJvm first = ServiceJvm.schedulerWith(List.of("-Dharrier.scheduler.testHaltAt=" + haltAt),
                    broker.clientUrl(), HOST, spool, dir, "scheduler-1")) {
                Eventually.await("the scheduler to serve", Eventually.PATIENCE,
                        () -> user.harrier("q").status() == 0, first::output);
                job = user.submit("once.sub", "executable = " + script + "\narguments = " + seconds + " " + runs
                        + "\nlog = once.log\n+JobLeaseDuration = 90\nrequest_cpus = 1\nrequest_memory = 64\nqueue\n");
                Eventually.await("the scheduler to halt at " + haltAt, Eventually.PATIENCE, () -> !first.isAlive(),
                        () -> first.output() + exec.output());
                assertEquals(137, first.awaitExit(), first::output);
            }
            if (runsAtKill > 0) { // Started is answered once the process runs; its first line follows
                Eventually.await("the job to be running on the startd", () -> lines(runs) == runsAtKill);
            } else {
                assertEquals(0, lines(runs), "no Activate went out: nothing runs");
            }
            try (ServiceJvm second = ServiceJvm.scheduler(broker.clientUrl(), HOST, spool, dir, "scheduler-2")) {
                Eventually.await("the restarted scheduler to serve", Eventually.PATIENCE,
                        () -> user.harrier("q").status() == 0, second::output);
                Run waited = user.harrier("wait", job + ".0", "--json", "--timeout", "90");
                assertEquals(0, waited.status(), () -> waited.err() + second.output() + exec.output());
                JsonNode done = GridUser.json(waited).get(0);
                Eventually.await("the job's termination in its log", () -> logCodes(work.resolve("once.log")).contains(5));
                assertAll(() -> assertEquals(4, done.get("JobStatus").asInt(), done::toString),
                        () -> assertEquals(1, done.get("NumJobStarts").asInt(), done::toString),
                        () -> assertEquals(1, done.get("NumJobCompletions").asInt(), done::toString),
                        () -> assertFalse(done.has("PendingActivation"), done::toString),
                        () -> assertEquals(1, lines(runs), "the job ran once"),
                        () -> assertEquals(List.of(0, 1, 5), logCodes(work.resolve("once.log")), "submitted, ran, ended once"));
            }
        }
    }
}
