package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Guaranteed completion when the scheduler dies: the scheduler runs as its own JVM on a spool
 * directory and is killed with SIGKILL while two jobs run on an exec service (its own JVM). One
 * job finishes while the scheduler is down, its exit report waiting on the broker; the other is
 * still running when the scheduler starts again. The restarted scheduler takes both claims back
 * (docs/protocols.md, "Scheduler restart"): each job completes once, started once, with one 005
 * in its user log.
 */
@Timeout(120)
class SchedulerRestartTest {
    private static final String HOST = SchedulerSettings.defaults().machine();

    @TempDir
    Path dir;

    private static String attribute(GridUser user, long cluster, String name) {
        Run q = user.harrier("q", cluster + ".0", "-af", name);
        return q.out().strip();
    }

    private static List<Integer> logCodes(Path log) {
        try {
            return UserLogReader.read(log).events().stream().map(UserLogEvent::code).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String job(Path script, int seconds, Path marker, String log) {
        return "executable = /bin/sh\narguments = " + script + " " + seconds + " " + marker + "\nlog = " + log
                + "\n+JobLeaseDuration = 90\nrequest_cpus = 1\nrequest_memory = 64\nqueue\n";
    }

    @Test
    void runningJobsOutliveTheSchedulerAndTheirExitsAreRecordedOnce() throws Exception {
        Path spool = dir.resolve("spool");
        Path work = Files.createDirectories(dir.resolve("work"));
        Path script = Files.writeString(work.resolve("note.sh"), "#!/bin/sh\nsleep \"$1\"\necho done > \"$2\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path quickDone = work.resolve("quick.done");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             ServiceJvm exec = ServiceJvm.exec(broker.clientUrl(), "exec1", dir, "--cpus", "2", "--memory", "1024")) {
            GridUser user = new GridUser(broker.clientUrl(), work);
            long quick;
            long slow;
            try (ServiceJvm first = ServiceJvm.scheduler(broker.clientUrl(), HOST, spool, dir, "scheduler-1")) {
                Eventually.await("the scheduler to serve", Eventually.PATIENCE,
                        () -> user.harrier("q").status() == 0, first::output);
                quick = user.submit("quick.sub", job(script, 3, quickDone, "quick.log"));
                slow = user.submit("slow.sub", job(script, 14, work.resolve("slow.done"), "slow.log"));
                Eventually.await("both jobs to run", Eventually.PATIENCE,
                        () -> attribute(user, quick, "JobStatus").equals("2") && attribute(user, slow, "JobStatus").equals("2"),
                        () -> first.output() + exec.output());
                first.kill();
            }
            // The quick job ends while no scheduler runs; its startd sends the exit report anyway.
            Eventually.await("the quick job to finish with the scheduler down", Eventually.PATIENCE,
                    () -> Files.exists(quickDone), exec::output);
            Eventually.await("its slot to be idle (the exit handled by the startd)", Eventually.PATIENCE,
                    () -> user.harrier("status", "-af", "Name", "Activity").out().lines()
                            .filter(l -> l.contains("Busy")).count() == 1, () -> user.harrier("status", "-af", "Name", "Activity").out());
            try (ServiceJvm second = ServiceJvm.scheduler(broker.clientUrl(), HOST, spool, dir, "scheduler-2")) {
                Eventually.await("the restarted scheduler to serve", Eventually.PATIENCE,
                        () -> user.harrier("q").status() == 0, second::output);
                Run waited = user.harrier("wait", quick + ".0", "--json", "--timeout", "60");
                assertEquals(0, waited.status(), () -> waited.err() + second.output());
                assertEquals("2", attribute(user, slow, "JobStatus"), "the slow job is still running on its claim");
                Run slept = user.harrier("wait", slow + ".0", "--json", "--timeout", "60");
                assertEquals(0, slept.status(), () -> slept.err() + second.output());
                JsonNode q = GridUser.json(waited).get(0);
                JsonNode s = GridUser.json(slept).get(0);
                Eventually.await("the slow job's termination in its log", () -> logCodes(work.resolve("slow.log")).contains(5));
                assertAll(() -> assertEquals(4, q.get("JobStatus").asInt(), q::toString),
                        () -> assertEquals(0, q.get("ExitCode").asInt(), q::toString),
                        () -> assertEquals(1, q.get("NumJobStarts").asInt(), q::toString),
                        () -> assertEquals(1, q.get("NumJobCompletions").asInt(), q::toString),
                        () -> assertEquals(4, s.get("JobStatus").asInt(), s::toString),
                        () -> assertEquals(1, s.get("NumJobStarts").asInt(), s::toString),
                        () -> assertEquals(1, s.get("NumJobCompletions").asInt(), s::toString),
                        () -> assertEquals(List.of(0, 1, 5), logCodes(work.resolve("quick.log")), "submitted, ran, ended once"),
                        () -> assertEquals(List.of(0, 1, 5), logCodes(work.resolve("slow.log")), "no second start"));
            }
        }
    }
}
