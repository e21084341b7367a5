package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** harrier demo, the README's first command, run in-process from a directory without examples/. */
@Timeout(120)
class DemoTest {
    private static final Path REPO = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;

    @Test
    void demoRunsTheHelloExampleOnAGridOfItsOwnAndStopsIt() {
        Surroundings elsewhere = new Surroundings(Map.of("HARRIER_HOME", REPO.toString()), dir, dir, System.getProperty("user.name"),
                Clock.systemDefaultZone());
        Path data = dir.resolve("demo-data");

        Run r = Run.of(elsewhere, Harrier.defaultConnector(), "--data", data.toString(), "demo");

        assertEquals(0, r.status(), r.out() + r.err());
        String out = r.out();
        assertTrue(out.startsWith("Started a personal grid: broker amqp://127.0.0.1:"), out);
        assertTrue(out.contains("Submitting job(s).\n1 job(s) submitted to cluster 1.\n"), out);
        assertTrue(out.contains("Job 1.0 completed with exit code 0; its output " + data.resolve("work/hello.out")
                + ":\nhello from Harrier\n"), out);
        assertTrue(out.contains(" ID      OWNER            SUBMITTED     RUN_TIME ST   COMPLETED CMD\n   1.0   " + System.getProperty("user.name") + " "), out);
        assertTrue(out.contains(" C ") && out.contains("echo hello from Harrier\n"), out);
        assertTrue(out.endsWith("\nStopped the personal grid.\n"), out);
        assertFalse(Files.exists(data.resolve("broker.url")), "the demo's grid is gone");
    }

    @Test
    void demoWithABadSubmitFileStartsNothing() throws Exception {
        Files.writeString(dir.resolve("bad.sub"), "executable = /no/such/program\nqueue\n");
        Surroundings here = new Surroundings(Map.of(), dir, dir, System.getProperty("user.name"), Clock.systemDefaultZone());
        Run r = Run.of(here, Harrier.defaultConnector(), "--data", dir.resolve("d").toString(), "demo", "--file", "bad.sub");
        assertEquals(new Run(1, "", "harrier: bad.sub:1: executable /no/such/program does not exist\n"), r);
        assertFalse(Files.exists(dir.resolve("d")), "nothing was created, no broker started");
    }
}
