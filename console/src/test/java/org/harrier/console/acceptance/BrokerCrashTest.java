package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
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
 * Nothing acknowledged is lost when the broker dies: the broker is its own process
 * ({@code harrier-broker}), killed with SIGKILL while a job runs and started again on the same
 * data directory and port. Every service reconnects by itself (failover). The job that ends
 * while the broker is down is completed once from its exit report (sent when the startd's
 * connection is back); a job submitted before the crash runs to completion; the grid runs new jobs.
 */
@Timeout(180)
class BrokerCrashTest {
    private static final String HOST = SchedulerSettings.defaults().machine();

    @TempDir
    Path dir;

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static ServiceJvm broker(Path data, int port, Path dir, String label) throws IOException {
        ServiceJvm b = ServiceJvm.broker(data, port, dir, label);
        Eventually.await(label + " to accept connections", Eventually.PATIENCE, () -> b.out().contains("amqp://"), b::output);
        return b;
    }

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

    private static JsonNode waited(GridUser user, long cluster, ServiceJvm... services) {
        Run w = user.harrier("wait", cluster + ".0", "--json", "--timeout", "90");
        StringBuilder output = new StringBuilder();
        for (ServiceJvm s : services) {
            output.append(s.output());
        }
        assertEquals(0, w.status(), () -> w.err() + output);
        return GridUser.json(w).get(0);
    }

    @Test
    void aJobWhoseExitComesWhileTheBrokerIsDownCompletesOnceAndTheGridCarriesOn() throws Exception {
        Path data = dir.resolve("broker-data");
        int port = freePort();
        Path work = Files.createDirectories(dir.resolve("work"));
        Path script = Files.writeString(work.resolve("note.sh"), "#!/bin/sh\nsleep \"$1\"\necho done > \"$2\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path ended = work.resolve("during.done");
        ServiceJvm broker = broker(data, port, dir, "broker-1");
        // The standalone broker made its users in DATA/security; this test logs in as its owner.
        String owner = org.harrier.broker.GridBroker.owner();
        String url = "amqp://" + owner + ":" + org.harrier.broker.SecurityDirectory.at(data.resolve("security")).password(owner)
                + "@127.0.0.1:" + port;
        try (Bus bus = Bus.connect(url);
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             ServiceJvm scheduler = ServiceJvm.scheduler(url, HOST, dir.resolve("spool"), dir, "scheduler");
             ServiceJvm exec = ServiceJvm.exec(url, "exec1", dir, "--cpus", "2", "--memory", "1024")) {
            GridUser user = new GridUser(url, work);
            Eventually.await("the scheduler to serve", Eventually.PATIENCE, () -> user.harrier("q").status() == 0,
                    scheduler::output);
            long during = user.submit("during.sub", "executable = /bin/sh\narguments = " + script + " 3 " + ended
                    + "\nlog = during.log\n+JobLeaseDuration = 90\nrequest_memory = 64\nqueue\n");
            Eventually.await("the job to run", Eventually.PATIENCE, () -> attribute(user, during, "JobStatus").equals("2"),
                    () -> scheduler.output() + exec.output());
            long before = user.submit("before.sub", "executable = /bin/echo\narguments = before\noutput = before.out\n"
                    + "request_memory = 64\nqueue\n");

            broker.kill();
            Eventually.await("the job to end while the broker is down", Eventually.PATIENCE, () -> Files.exists(ended),
                    exec::output);
            broker = broker(data, port, dir, "broker-2");

            JsonNode d = waited(user, during, scheduler, exec);
            JsonNode b = waited(user, before, scheduler, exec);
            Eventually.await("the job's termination in its log", () -> logCodes(work.resolve("during.log")).contains(5));
            long after = user.submit("after.sub", "executable = /bin/echo\narguments = after\noutput = after.out\n"
                    + "request_memory = 64\nqueue\n");
            JsonNode a = waited(user, after, scheduler, exec);
            assertAll(() -> assertEquals(4, d.get("JobStatus").asInt(), d::toString),
                    () -> assertEquals(0, d.get("ExitCode").asInt(), d::toString),
                    () -> assertEquals(1, d.get("NumJobStarts").asInt(), d::toString),
                    () -> assertEquals(1, d.get("NumJobCompletions").asInt(), d::toString),
                    () -> assertEquals(List.of(0, 1, 5), logCodes(work.resolve("during.log")), "its exit recorded once"),
                    () -> assertEquals(4, b.get("JobStatus").asInt(), b::toString),
                    () -> assertEquals(1, b.get("NumJobCompletions").asInt(), b::toString),
                    () -> assertEquals("before\n", user.read("before.out")),
                    () -> assertEquals(4, a.get("JobStatus").asInt(), a::toString),
                    () -> assertEquals("after\n", user.read("after.out")),
                    () -> assertFalse(exec.output().contains("not taken by the broker"), () -> "no report was dropped: " + exec.output()));
        } finally {
            broker.kill();
        }
    }
}
