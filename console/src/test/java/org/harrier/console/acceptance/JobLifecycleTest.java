package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.harrier.console.Run;
import org.harrier.bus.Bus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs on a real personal grid (embedded broker, collector, scheduler, exec service running
 * real processes), seen as a user sees them: through harrier commands, the files the jobs
 * write, and a console listening to the job indications the scheduler publishes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class JobLifecycleTest {
    private static final List<Long> IDLE_RUNNING_COMPLETED = List.of(1L, 2L, 4L);

    private GridSession grid;
    private Bus bus;
    private GridUser user;

    @BeforeAll
    void startGrid(@TempDir Path dir) throws IOException {
        grid = GridSession.start(dir);
        bus = grid.bus();
        user = grid.user();
    }

    @AfterAll
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    @Test
    void jobsExitCodeAndWhatItWroteComeBack() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            long cluster = user.submit("exit3.sub", """
                    executable = /bin/sh
                    arguments  = "-c 'echo out; echo err >&2; exit 3'"
                    output     = exit3.out
                    error      = exit3.err
                    queue
                    """);
            String id = cluster + ".0";
            jobs.awaitLeft(id);
            assertEquals(IDLE_RUNNING_COMPLETED, jobs.statusPath(id), () -> jobs.of(id).toString());

            Run waited = user.harrier("wait", id, "--json", "--timeout", "60");
            assertEquals(0, waited.status(), "a job that exits non-zero has still completed: " + waited.err());
            JsonNode ad = GridUser.json(waited).get(0);
            assertEquals(4, ad.get("JobStatus").asInt(), ad::toString);
            assertEquals(3, ad.get("ExitCode").asInt(), ad::toString);
            assertFalse(ad.path("ExitBySignal").asBoolean(true), ad::toString);
            assertEquals("out\n", user.read("exit3.out"));
            assertEquals("err\n", user.read("exit3.err"));
        }
    }

    @Test
    void aConsoleSeesEveryStatusChangeOfEveryJobThenItsDelete() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            List<String> ids = new ArrayList<>();
            long three = user.submit("three.sub", "executable = /bin/echo\narguments = $(Process)\nqueue 3\n");
            long one = user.submit("one.sub", "executable = /bin/true\nqueue\n");
            for (int proc = 0; proc < 3; proc++) {
                ids.add(three + "." + proc);
            }
            ids.add(one + ".0");
            for (String id : ids) {
                jobs.awaitLeft(id);
                List<JobIndications.Seen> seen = jobs.of(id);
                assertEquals(IDLE_RUNNING_COMPLETED, jobs.statusPath(id), id + ": " + seen);
                assertEquals(1L, seen.get(0).status(), id + " is published Idle when it is queued: " + seen);
                assertTrue(seen.get(seen.size() - 1).deleted(), id + " ends with its delete: " + seen);
                assertEquals(1, seen.stream().filter(JobIndications.Seen::deleted).count(), id + ": " + seen);
            }
        }
    }

    @Test
    @Timeout(300)
    void thousandJobsInOneClusterAllComplete() throws Exception {
        try (JobIndications jobs = new JobIndications(bus.console())) {
            long cluster = user.submit("thousand.sub", "executable = /bin/true\nqueue 1000\n");
            Eventually.await("every job of cluster " + cluster + " to leave the queue", Duration.ofSeconds(280),
                    () -> jobs.leftOf(cluster) == 1000, () -> jobs.leftOf(cluster) + " of 1000 have left");
            for (int proc = 0; proc < 1000; proc++) {
                String id = cluster + "." + proc;
                assertEquals(IDLE_RUNNING_COMPLETED, jobs.statusPath(id), () -> id + ": " + jobs.of(id));
            }
            Run q = user.harrier("q", Long.toString(cluster));
            assertTrue(q.out().contains("0 jobs; 0 completed, 0 removed, 0 idle, 0 running"), q.out() + q.err());
        }
    }
}
