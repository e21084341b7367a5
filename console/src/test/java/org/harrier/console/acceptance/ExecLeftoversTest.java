package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an exec service killed with kill -9 mid-job leaves behind, and its next start on the same
 * execute directory cleaning it up as HTCondor's startd cleans EXECUTE: the job's sandbox
 * ({@code dir_*}) goes, and (where the startd runs jobs in cgroups) the job's process, still
 * running after its startd died, is killed and its cgroup removed. The job itself runs again
 * after its JobLeaseDuration and completes.
 */
@Timeout(120)
class ExecLeftoversTest {
    private static final String HOST = SchedulerSettings.defaults().machine();

    @TempDir
    Path dir;

    @Test
    void aRestartedExecServiceRemovesTheSandboxAndKillsTheJobCgroupItsKilledPredecessorLeft() throws Exception {
        Path pidFile = dir.resolve("job.pid");
        Path execute = dir.resolve("node-execute");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             SchedulerService scheduler = SchedulerService.startInMemory(bus, HOST, SchedulerSettings.defaults()
                     .withUpdateInterval(Duration.ofSeconds(1)).withLeases(Duration.ofSeconds(1), Duration.ofSeconds(3)))) {
            GridUser user = new GridUser(broker.clientUrl(), Files.createDirectories(dir.resolve("work")));
            Path script = user.workDir().resolve("stay.sh");
            // The first run stays (its startd is killed under it); the run after its lease finishes at once.
            Files.writeString(script, "#!/bin/sh\n[ -f " + pidFile + " ] && exit 0\necho $$ > " + pidFile
                    + "\nexec sleep 300\n");
            script.toFile().setExecutable(true);
            long cluster = user.submit("stay.sub", """
                    executable              = stay.sh
                    should_transfer_files   = YES
                    +JobLeaseDuration       = 4
                    queue
                    """);
            Path sandbox;
            long jobPid;
            Optional<Path> cgroup;
            try (ServiceJvm doomed = ServiceJvm.exec(broker.clientUrl(), "node", dir)) {
                Eventually.await("the job to run in a sandbox", Eventually.PATIENCE,
                        () -> Files.exists(pidFile) && !sandboxes(execute).isEmpty(), doomed::output);
                sandbox = sandboxes(execute).get(0);
                jobPid = Long.parseLong(Files.readString(pidFile).strip());
                cgroup = harrierCgroup(jobPid);
                doomed.kill();
            }
            assertTrue(Files.isDirectory(sandbox), "kill -9 left the sandbox " + sandbox);
            assertTrue(ProcessHandle.of(jobPid).isPresent(), "the job outlived its startd");

            try (ServiceJvm next = ServiceJvm.exec(broker.clientUrl(), "node", dir)) {
                Eventually.await("the leftover sandbox " + sandbox + " to be removed", Eventually.PATIENCE,
                        () -> !Files.exists(sandbox), next::output);
                if (cgroup.isPresent()) {
                    Eventually.await("the leftover job (pid " + jobPid + ") to be killed and its cgroup "
                            + cgroup.get() + " removed", Eventually.PATIENCE,
                            () -> ProcessHandle.of(jobPid).isEmpty() && !Files.exists(cgroup.get()), next::output);
                }
                Run waited = user.harrier("wait", cluster + ".0", "--json", "--timeout", "90");
                assertEquals(0, waited.status(), () -> waited.err() + "\n" + next.output());
                JsonNode ad = GridUser.json(waited).get(0);
                assertEquals(0, ad.get("ExitCode").asInt(), ad::toString);
                assertEquals(2, ad.get("NumJobStarts").asInt(), "it ran again after its lease: " + ad);
            } finally {
                ProcessHandle.of(jobPid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private static List<Path> sandboxes(Path execute) {
        try (Stream<Path> s = Files.exists(execute) ? Files.list(execute) : Stream.empty()) {
            return s.filter(p -> p.getFileName().toString().startsWith("dir_")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The job's freezer (cgroup v1) or unified (v2) cgroup directory when the startd made one for it. */
    private static Optional<Path> harrierCgroup(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/cgroup"))) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && f[2].contains("/harrier/")) {
                Path p = f[1].isEmpty() ? Path.of("/sys/fs/cgroup", f[2]) : Path.of("/sys/fs/cgroup", f[1], f[2]);
                if (Files.isDirectory(p) && (f[1].equals("freezer") || f[1].isEmpty())) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }
}
