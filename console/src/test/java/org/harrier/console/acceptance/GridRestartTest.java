package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.harrier.console.Run;
import org.harrier.console.grid.PersonalGrid;
import org.harrier.scheduler.userlog.UserLogEvent;
import org.harrier.scheduler.userlog.UserLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harrier up} on the same data directory carries on where the last one stopped: queued
 * jobs are still queued, a job that was running when the grid stopped runs again (its claim did
 * not survive), and cluster ids go on counting.
 */
@Timeout(180)
class GridRestartTest {
    @TempDir
    Path dir;

    @Test
    void theQueueOutlivesTheGrid() throws Exception {
        Path data = dir.resolve("data");
        Path work = Files.createDirectories(dir.resolve("work"));
        PersonalGrid.Settings settings = new PersonalGrid.Settings(data, 0, Duration.ofSeconds(1));
        long sleeper;
        long never;
        try (PersonalGrid grid = PersonalGrid.start(settings)) {
            GridUser user = new GridUser(grid.clientUrl(), work);
            sleeper = user.submit("sleep.sub", "executable = /bin/sleep\narguments = 2\nlog = sleep.log\nqueue\n");
            never = user.submit("never.sub", "executable = /bin/true\nrequirements = Memory > 1000000000\nqueue 3\n");
            Eventually.await("the sleeper to run", () -> status(user, sleeper + ".0") == 2);
        }

        try (PersonalGrid grid = PersonalGrid.start(settings)) {
            GridUser user = new GridUser(grid.clientUrl(), work);
            assertAll(() -> assertEquals(1, status(user, never + ".0"), "an idle job is still idle"),
                    () -> assertEquals(1, status(user, never + ".2")));
            Run waited = user.harrier("wait", sleeper + ".0", "--json", "--timeout", "90");
            assertEquals(0, waited.status(), waited::err);
            JsonNode ad = GridUser.json(waited).get(0);
            assertAll(() -> assertEquals(4, ad.get("JobStatus").asInt(), ad::toString),
                    () -> assertEquals(2, ad.get("NumJobStarts").asInt(), "it ran once before the stop and again after: " + ad),
                    () -> assertEquals(never + 1, user.submit("next.sub", "executable = /bin/true\nqueue\n"),
                            "cluster ids go on counting"));
            // Its user log tells the story once: submitted, ran, evicted by the stop, ran again, ended.
            Eventually.await("the sleeper's termination in its log", () -> logCodes(work).contains(5));
            assertEquals(List.of(0, 1, 4, 1, 5), logCodes(work));
        }
    }

    private static List<Integer> logCodes(Path work) {
        try {
            return UserLogReader.read(work.resolve("sleep.log")).events().stream().map(UserLogEvent::code).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The job's JobStatus as harrier q shows it, or -1 when it is not in the queue. */
    private static int status(GridUser user, String id) {
        Run q = user.harrier("q", "--json", id);
        if (q.status() != 0) {
            throw new AssertionError("harrier q failed: " + q.err());
        }
        JsonNode jobs = GridUser.json(q);
        return jobs.size() == 0 ? -1 : jobs.get(0).get("JobStatus").asInt();
    }
}
