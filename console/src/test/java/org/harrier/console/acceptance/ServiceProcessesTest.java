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
import org.harrier.console.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each service is a process of its own: a broker, then the collector, the scheduler and an exec
 * service started as an operator starts them (their main classes, in three JVMs), run a job that
 * {@code harrier submit} sends; SIGTERM stops each. A wrong command line ends a service with one
 * line on stderr and status 2; a broker that is not there with status 1 and a last line saying so
 * (the AMQP client logs its failed attempt above it, as a daemon's log should show), never a
 * stack trace.
 */
@Timeout(180)
class ServiceProcessesTest {
    private static final String SCHEDULER = "org.harrier.scheduler.bus.SchedulerService";
    private static final String COLLECTOR = "org.harrier.collector.bus.CollectorService";
    private static final String EXEC = "org.harrier.exec.bus.ExecMain";

    @TempDir
    Path dir;

    @Test
    void threeServiceProcessesRunAJob() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             ServiceJvm collector = ServiceJvm.start("collector", dir, COLLECTOR, "--broker", broker.clientUrl(),
                     "--update-interval", "1");
             ServiceJvm scheduler = ServiceJvm.start("scheduler", dir, SCHEDULER, "--broker", broker.clientUrl(),
                     "--update-interval", "1", "--periodic-expr-interval", "1");
             ServiceJvm exec = ServiceJvm.exec(broker.clientUrl(), "worker", dir)) {
            GridUser user = new GridUser(broker.clientUrl(), Files.createDirectories(dir.resolve("work")));
            // Three JVMs start at their own pace: a user would wait for the scheduler to answer too.
            Eventually.await("the scheduler process to answer harrier q", Eventually.PATIENCE,
                    () -> user.harrier("q").status() == 0, () -> scheduler.output());
            long cluster = user.submit("hello.sub", """
                    executable = /bin/echo
                    arguments  = three processes
                    output     = hello.out
                    queue
                    """);

            Run waited = user.harrier("wait", cluster + ".0", "--json", "--timeout", "90");
            assertEquals(0, waited.status(), () -> waited.err() + "\n" + collector.output() + scheduler.output() + exec.output());
            JsonNode ad = GridUser.json(waited).get(0);
            assertAll(() -> assertEquals(4, ad.get("JobStatus").asInt(), ad::toString),
                    () -> assertEquals(0, ad.get("ExitCode").asInt(), ad::toString),
                    () -> assertEquals("three processes\n", user.read("hello.out")));

            // PERIODIC_EXPR_INTERVAL from the command line: periodic_hold fires within seconds, not the default minute.
            long held = user.submit("held.sub", """
                    executable    = /bin/sleep
                    arguments     = 300
                    requirements  = false
                    periodic_hold = JobStatus == 1
                    queue
                    """);
            Eventually.await("periodic_hold within the 1 s interval", Duration.ofSeconds(20),
                    () -> user.harrier("q", held + ".0", "-af", "JobStatus").out().strip().equals("5"), scheduler::output);

            // SIGTERM: each closes its service and its bus in its shutdown hook, then the JVM ends.
            for (ServiceJvm service : new ServiceJvm[] {exec, scheduler, collector}) {
                service.stop();
                assertTrue(service.output().contains(" on " + broker.url()), service::output);
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            org.harrier.scheduler.bus.SchedulerService | --name s1                        | 2 | harrier-scheduler: --broker URL is required
            org.harrier.scheduler.bus.SchedulerService | --broker x --update-interval soon | 2 | harrier-scheduler: --update-interval needs a whole number of seconds, got 'soon'
            org.harrier.scheduler.bus.SchedulerService | --broker x --periodic-expr-interval 0 | 2 | harrier-scheduler: --periodic-expr-interval must be at least 1 second, got 0
            org.harrier.collector.bus.CollectorService | --broker x --colour red           | 2 | harrier-collector: unknown option --colour
            org.harrier.exec.bus.ExecMain              | --cpus                            | 2 | harrier-exec: --cpus needs a value
            """)
    void aWrongCommandLineIsOneLineAndStatusTwo(String mainClass, String args, int status, String firstLine) throws Exception {
        try (ServiceJvm service = ServiceJvm.start("bad", dir, mainClass, args.split(" "))) {
            assertEquals(status, service.awaitExit(), service::output);
            assertEquals(firstLine, service.err().lines().findFirst().orElse(""), service::output);
        }
    }

    @ParameterizedTest
    @CsvSource({SCHEDULER + ",harrier-scheduler", COLLECTOR + ",harrier-collector", EXEC + ",harrier-exec"})
    void aBrokerThatIsNotThereIsOneLineAndStatusOne(String mainClass, String program) throws Exception {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        try (ServiceJvm service = ServiceJvm.start("nobroker", dir, mainClass, "--broker", "amqp://127.0.0.1:1")) {
            assertEquals(1, service.awaitExit(), service::output);
            String err = service.err();
            String last = err.strip().lines().reduce((a, b) -> b).orElse("");
            assertTrue(last.startsWith(program + ": cannot reach the broker at amqp://127.0.0.1:1"), service::output);
            assertTrue(!err.contains("\tat "), service::output);
        }
    }
}
