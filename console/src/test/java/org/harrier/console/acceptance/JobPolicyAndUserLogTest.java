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
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.collector.CollectorSettings;
import org.harrier.collector.bus.CollectorService;
import org.harrier.console.Run;
import org.harrier.exec.ExecSettings;
import org.harrier.exec.bus.ExecService;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Job policy and user logs on a real grid (embedded broker, collector, scheduler, exec service
 * running real processes) whose scheduler evaluates periodic expressions every second: a job
 * whose OnExitRemove refuses its first exit runs twice, periodic_remove removes a running job,
 * and every job's {@code log} file tells its story in HTCondor's event-log format.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class JobPolicyAndUserLogTest {
    private static final String HOST = SchedulerSettings.defaults().machine();
    private static final Duration SECOND = Duration.ofSeconds(1);

    private GridBroker broker;
    private Bus bus;
    private final java.util.Deque<AutoCloseable> services = new java.util.ArrayDeque<>();
    private GridUser user;

    @BeforeAll
    void startGrid(@TempDir Path dir) throws IOException {
        broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
        bus = Bus.connect(broker.clientUrl());
        services.push(CollectorService.start(bus, HOST, CollectorSettings.defaults().withMachine(HOST).withUpdateInterval(SECOND)));
        services.push(SchedulerService.start(bus, HOST, SchedulerSettings.defaults().withUpdateInterval(SECOND)
                .withPeriodicExprInterval(SECOND), dir.resolve("spool")));
        services.push(ExecService.start(bus, HOST, ExecSettings.builder()
                .executeDir(Files.createDirectories(dir.resolve("execute"))).updateInterval(SECOND).runJobsAsItself().build()));
        user = new GridUser(broker.clientUrl(), Files.createDirectories(dir.resolve("work")));
    }

    @AfterAll
    void stopGrid() throws Exception {
        while (!services.isEmpty()) {
            services.pop().close();
        }
        if (bus != null) {
            bus.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aJobThatRunsLeavesSubmitExecuteAndTerminatedInItsLog() {
        long cluster = user.submit("hello.sub", """
                executable = /bin/echo
                arguments  = hello
                log        = hello.log
                queue
                """);
        List<UserLogEvent> events = awaitLog("hello.log", List.of(0, 1, 5));
        assertTrue(events.stream().allMatch(e -> e.job().cluster() == cluster), events::toString);
        assertEquals(0, events.get(2).returnValue().getAsInt());
        assertTrue(events.get(0).text().startsWith("Job submitted from host: <"), events.get(0).text());
    }

    @Test
    void aJobWhoseOnExitRemoveRefusesItsFirstExitRunsTwice() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            long cluster = user.submit("twice.sub", """
                    executable    = /bin/sh
                    arguments     = "-c 'exit 3'"
                    log           = twice.log
                    +OnExitRemove = NumJobStarts >= 2
                    queue
                    """);
            String id = cluster + ".0";
            jobs.awaitLeft(id);
            assertEquals(List.of(1L, 2L, 1L, 2L, 4L), jobs.statusPath(id), () -> jobs.of(id).toString());
            JsonNode ad = waited(id, 0);
            assertEquals(2, ad.get("NumJobStarts").asInt(), ad::toString);
            assertEquals(2, ad.get("NumJobCompletions").asInt(), ad::toString);
            assertEquals(3, ad.get("ExitCode").asInt(), ad::toString);
            List<UserLogEvent> events = awaitLog("twice.log", List.of(0, 1, 4, 1, 5));
            assertTrue(events.get(2).text().contains("Job terminated and was requeued"), events.get(2).text());
            assertTrue(events.get(2).text().contains("OnExitRemove expression 'NumJobStarts >= 2' evaluated to FALSE"),
                    events.get(2).text());
        }
    }

    @Test
    void periodicRemoveRemovesARunningJob() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            long cluster = user.submit("removed.sub", """
                    executable      = /bin/sleep
                    arguments       = 600
                    log             = removed.log
                    +PeriodicRemove = JobStatus == 2
                    queue
                    """);
            String id = cluster + ".0";
            jobs.awaitLeft(id);
            assertEquals(List.of(1L, 2L, 3L), jobs.statusPath(id), () -> jobs.of(id).toString());
            JsonNode ad = waited(id, 1);
            assertEquals("The job attribute PeriodicRemove expression 'JobStatus == 2' evaluated to TRUE",
                    ad.get("RemoveReason").asText(), ad::toString);
            List<UserLogEvent> events = awaitLog("removed.log", List.of(0, 1, 9));
            assertEquals("Job was aborted.\n\tThe job attribute PeriodicRemove expression 'JobStatus == 2' evaluated to TRUE",
                    events.get(2).text());
        }
    }

    /** The job's final ad from {@code harrier wait}, whose status is 0 for a completed job and 1 for a removed one. */
    private JsonNode waited(String id, int status) {
        Run waited = user.harrier("wait", id, "--json", "--timeout", "60");
        assertEquals(status, waited.status(), () -> "harrier wait " + id + ": " + waited.err());
        return GridUser.json(waited).get(0);
    }

    /** Waits until the log holds events with exactly these codes (the log is written on its own thread). */
    private List<UserLogEvent> awaitLog(String name, List<Integer> codes) {
        Path log = user.workDir().resolve(name);
        Eventually.await(name + " to hold events " + codes, Eventually.PATIENCE, () -> codes(log).equals(codes),
                () -> codes(log).toString());
        return read(log);
    }

    private static List<Integer> codes(Path log) {
        return read(log).stream().map(UserLogEvent::code).toList();
    }

    private static List<UserLogEvent> read(Path log) {
        try {
            return Files.exists(log) ? UserLogReader.read(log).events() : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
