package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The training behind the startup archive runs command lines harrier accepts: a mistyped one
 * would fail in the build and leave the archive without what that command loads. Run here without
 * a grid: those that need one fail to reach it (status 1), none is a usage error (status 2).
 */
@Timeout(60)
class StartupTrainingTest {
    @TempDir
    Path work;

    @Test
    void everyTrainingCommandIsACommandLineHarrierAccepts() throws IOException {
        Files.writeString(work.resolve("training.sub"), "executable = /bin/true\nhold = true\nqueue\n");
        Surroundings here = new Surroundings(Map.of(), work, work, "alice", Clock.systemUTC());
        GridConnector noGrid = address -> {
            throw new ConsoleFailure("no grid in this test");
        };
        for (List<String> command : StartupTraining.commands(work)) {
            Run r = Run.of(here, noGrid, command.toArray(String[]::new));
            assertTrue(r.status() == Harrier.OK || r.err().equals("harrier: no grid in this test\n"),
                    String.join(" ", command) + ": " + r);
        }
    }

    @Test
    void theTrainingRunsEveryCommandTheStartupBenchmarkTimes() {
        List<String> named = StartupTraining.commands(work).stream()
                .map(c -> c.get(c.get(0).equals("--data") ? 2 : 0)).distinct().toList();
        assertTrue(named.containsAll(List.of("submit", "q", "--version", "--help")), named.toString());
        assertTrue(StartupTraining.commands(work).contains(List.of("--data", work.resolve("data").toString(), "q", "-totals")));
    }
}
