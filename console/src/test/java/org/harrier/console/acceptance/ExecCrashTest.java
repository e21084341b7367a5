package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * Guaranteed completion when an execute node dies: a job runs on an exec service (its own JVM)
 * that is then killed with SIGKILL. The scheduler's keep-alives go unanswered; once the job's
 * JobLeaseDuration (seconds here, 2400 by default) has passed it gives the claim up, the job is
 * Idle again and runs to completion on the other exec service, with NumJobStarts 2.
 */
@Timeout(120)
class ExecCrashTest {
    private static final String HOST = SchedulerSettings.defaults().machine();

    @TempDir
    Path dir;

    private static String status(GridUser user, long cluster) {
        Run q = user.harrier("q", cluster + ".0", "-af", "JobStatus");
        return q.out().strip();
    }

    @Test
    void aJobWhoseExecServiceIsKilledCompletesOnAnotherOne() throws Exception {
        SchedulerSettings leases = SchedulerSettings.defaults().withUpdateInterval(Duration.ofSeconds(1))
                .withLeases(Duration.ofSeconds(1), Duration.ofSeconds(3));
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             SchedulerService scheduler = SchedulerService.startInMemory(bus, HOST, leases);
             ServiceJvm doomed = ServiceJvm.exec(broker.clientUrl(), "doomed", dir)) {
            GridUser user = new GridUser(broker.clientUrl(), Files.createDirectories(dir.resolve("work")));
            long cluster = user.submit("lease.sub", """
                    executable        = /bin/sleep
                    arguments         = 4
                    +JobLeaseDuration = 4
                    queue
                    """);
            Eventually.await("the job to run on the doomed exec service", Eventually.PATIENCE,
                    () -> status(user, cluster).equals("2"), doomed::output);

            try (ServiceJvm survivor = ServiceJvm.exec(broker.clientUrl(), "survivor", dir)) {
                doomed.kill();
                Run waited = user.harrier("wait", cluster + ".0", "--json", "--timeout", "90");
                assertEquals(0, waited.status(), () -> waited.err() + "\n" + survivor.output());
                JsonNode ad = GridUser.json(waited).get(0);
                assertAll(() -> assertEquals(4, ad.get("JobStatus").asInt(), ad::toString),
                        () -> assertEquals(0, ad.get("ExitCode").asInt(), ad::toString),
                        () -> assertEquals(2, ad.get("NumJobStarts").asInt(), ad::toString),
                        () -> assertTrue(ad.get("RemoteHost").asText().endsWith("@survivor"), ad::toString),
                        () -> assertTrue(ad.get("LastRemoteHost").asText().endsWith("@doomed"), ad::toString));
            }
        }
    }

    /**
     * An execute node killed while its claim holds jobs queued behind the running one (docs/protocols.md,
     * "Queued activations"): the lease gives the claim up, the queued jobs go back to Idle with the
     * running one, and every job completes once on the other node, none left with a pending record.
     */
    @Test
    void jobsQueuedOnAKilledExecServiceCompleteOnAnotherOneOnceEach() throws Exception {
        SchedulerSettings leases = SchedulerSettings.defaults().withUpdateInterval(Duration.ofSeconds(1))
                .withLeases(Duration.ofSeconds(1), Duration.ofSeconds(3));
        int jobs = 12;
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             CollectorService collector = CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST)
                     .withUpdateInterval(Duration.ofSeconds(1)));
             SchedulerService scheduler = SchedulerService.startInMemory(bus, HOST, leases);
             ServiceJvm doomed = ServiceJvm.exec(broker.clientUrl(), "doomed", dir, "--cpus", "1")) {
            GridUser user = new GridUser(broker.clientUrl(), Files.createDirectories(dir.resolve("work")));
            long cluster = user.submit("short.sub", """
                    executable        = /bin/sleep
                    arguments         = 0.6
                    +JobLeaseDuration = 4
                    request_cpus      = 1
                    queue %d
                    """.formatted(jobs));
            Eventually.await("jobs queued behind the running one on the doomed exec service", Eventually.PATIENCE,
                    () -> user.harrier("q", Long.toString(cluster), "-af", "PendingActivationOrder").out().lines()
                            .filter(line -> !line.strip().equals("undefined")).count() >= 2, doomed::output);

            try (ServiceJvm survivor = ServiceJvm.exec(broker.clientUrl(), "survivor", dir)) {
                doomed.kill();
                for (int proc = 0; proc < jobs; proc++) {
                    Run waited = user.harrier("wait", cluster + "." + proc, "--json", "--timeout", "90");
                    assertEquals(0, waited.status(), () -> waited.err() + "\n" + survivor.output());
                    JsonNode ad = GridUser.json(waited).get(0);
                    assertAll(() -> assertEquals(4, ad.get("JobStatus").asInt(), ad::toString),
                            () -> assertEquals(1, ad.get("NumJobCompletions").asInt(), ad::toString),
                            () -> assertTrue(!ad.has("PendingActivation") && !ad.has("PendingActivationOrder"), ad::toString));
                }
            }
        }
    }
}
