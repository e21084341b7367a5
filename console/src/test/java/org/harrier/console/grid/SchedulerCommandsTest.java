package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.harrier.bus.Bus;
import org.harrier.scheduler.SchedulerSettings;
import org.harrier.scheduler.bus.SchedulerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * submit, q, wait and rm against a real scheduler on a real broker with no negotiator: jobs
 * stay idle, which is what these commands are about here.
 */
@Timeout(90)
class SchedulerCommandsTest {
    @TempDir
    Path dir;

    @Test
    void idleJobsAreSubmittedListedWaitedForAndRemoved() throws Exception {
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             SchedulerService scheduler = SchedulerService.start(bus, SchedulerSettings.defaults().machine(),
                     SchedulerSettings.defaults().withUpdateInterval(Duration.ofSeconds(1)), dir.resolve("spool"))) {
            Path work = Files.createDirectories(dir.resolve("work"));
            Files.writeString(work.resolve("two.sub"), "executable = /bin/echo\narguments = $(Process)\n"
                    + "output = o.$(Cluster).$(Process)\nqueue 2\n");
            // alice logs in as herself: her jobs are hers because the broker says who she is.
            broker.security().addUser("alice", java.util.List.of(org.harrier.broker.SecurityDirectory.Role.CONSOLE), "alice-pw");
            Surroundings here = new Surroundings(Map.of("HARRIER_BROKER", broker.url(), "HARRIER_USER", "alice",
                    "HARRIER_PASSWORD_FILE", broker.security().passwordFile("alice").toString()), work, dir, "alice",
                    Clock.systemDefaultZone());

            Run submitted = Run.of(here, Harrier.defaultConnector(), "submit", "two.sub");
            assertEquals(new Run(0, "Submitting job(s).\n2 job(s) submitted to cluster 1.\n", ""), submitted);

            Run q = Run.of(here, Harrier.defaultConnector(), "q");
            assertEquals(0, q.status(), q.err());
            assertTrue(q.out().matches("(?s) ID +OWNER.*\n   1\\.0   alice .* I  0   0\\.0  echo 0\n"
                    + "   1\\.1   alice .* I  0   0\\.0  echo 1\n\n"
                    + "2 jobs; 0 completed, 0 removed, 2 idle, 0 running, 0 held, 0 suspended\n"), q.out());

            assertEquals(new Run(0, "1 0\n", ""), Run.of(here, Harrier.defaultConnector(), "q", "-limit", "1", "-af", "ClusterId", "ProcId"),
                    "-limit: the first job in job id order");
            assertEquals(new Run(0, "1 0\n1 1\n", ""), Run.of(here, Harrier.defaultConnector(), "q", "-limit", "5", "-af", "ClusterId", "ProcId"));
            Run noJobs = Run.of(here, Harrier.defaultConnector(), "q", "-limit", "0");
            assertEquals(2, noJobs.status(), noJobs.toString());
            assertTrue(noJobs.err().contains("-limit takes a number of jobs of 1 or more"), noJobs.err());

            Run longForm = Run.of(here, Harrier.defaultConnector(), "q", "1.1", "-long");
            assertTrue(longForm.out().contains("Out = strcat(\"o.\",ClusterId,\".1\")\n"), longForm.out());
            assertTrue(longForm.out().contains("ClusterId = 1\n"), longForm.out());

            Run timedOut = Run.of(here, Harrier.defaultConnector(), "wait", "1.0", "--timeout", "1");
            assertEquals(new Run(1, "", "harrier: job 1.0 is still idle after 1 s\n"), timedOut);

            Run rm = Run.of(here, Harrier.defaultConnector(), "rm", "1.0", "7");
            assertEquals(new Run(1, "Job 1.0 marked for removal\n",
                    "harrier: Couldn't find/remove all jobs in cluster 7: no job of cluster 7 in the queue\n"), rm);
            Run waited = Run.of(here, Harrier.defaultConnector(), "wait", "1.0", "--timeout", "30");
            assertEquals(1, waited.status());
            assertTrue(waited.out().contains("   1.0   alice ") && waited.out().contains(" X "), waited.out());

            Run unknown = Run.of(here, Harrier.defaultConnector(), "wait", "99.0", "--timeout", "5");
            assertEquals(new Run(1, "", "harrier: no job 99.0 in the queue or its history\n"), unknown);

            Run after = Run.of(here, Harrier.defaultConnector(), "q", "-constraint", "ProcId == 1", "--json");
            assertTrue(after.out().contains("\"ProcId\": 1,"), after.out());
            assertTrue(!after.out().contains("\"ProcId\": 0,"), after.out());
        }
    }
}
