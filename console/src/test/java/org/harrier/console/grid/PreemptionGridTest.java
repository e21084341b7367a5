package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Predicate;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.harrier.mgmt.config.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Priority preemption as users see it on a personal grid whose configuration allows it
 * (PREEMPTION_REQUIREMENTS = True): alice's jobs fill the one-core partitionable slot; bob,
 * with the better priority, submits a job; the negotiator preempts alice's, which goes back to
 * Idle with an eviction in her user log, and bob's job runs on the freed core.
 */
@Timeout(180)
class PreemptionGridTest {
    @TempDir
    Path dir;

    private PersonalGrid grid;

    private Run harrier(Surroundings who, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--broker";
        all[1] = grid.url();
        System.arraycopy(args, 0, all, 2, args.length);
        return Run.of(who, Harrier.defaultConnector(), all);
    }

    private Run until(Surroundings who, String what, Predicate<String> ok, String... args) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(90);
        Run r;
        do {
            r = harrier(who, args);
            if (r.status() == 0 && ok.test(r.out())) {
                return r;
            }
            Thread.sleep(200);
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("harrier " + String.join(" ", args) + " never showed " + what + "; last:\n" + r.out() + r.err());
    }

    @Test
    void aBetterPriorityPreemptsAndThePreemptedJobGoesBackToIdle() throws Exception {
        Path config = Files.writeString(dir.resolve("harrier.conf"),
                "NUM_CPUS = 1\nMEMORY = 512\nPREEMPTION_REQUIREMENTS = True\n");
        grid = PersonalGrid.start(new PersonalGrid.Settings(dir.resolve("data"), 0, Duration.ofSeconds(1),
                Duration.ofSeconds(60), Configuration.read(config)));
        try {
            Path work = Files.createDirectories(dir.resolve("work"));
            Surroundings alice = new Surroundings(Map.of(), work, dir, "alice", Clock.systemDefaultZone());
            Surroundings bob = new Surroundings(Map.of(), work, dir, "bob", Clock.systemDefaultZone());
            // alice's factor makes her priority far worse than a newcomer's.
            assertEquals(0, harrier(alice, "userprio", "-setfactor", "alice", "100000").status());
            submit(alice, "alice.sub", "executable = /bin/sleep\narguments = 600\nrequest_memory = 64\n"
                    + "log = alice.log\nqueue\n");
            until(alice, "alice's job running", out -> out.contains("1 running"), "q", "alice");

            submit(bob, "bob.sub", "executable = /bin/sleep\narguments = 600\nrequest_memory = 64\nqueue\n");

            until(bob, "bob's job running", out -> out.contains("1 running"), "q", "bob");
            until(alice, "alice's job idle again", out -> out.contains("1 idle"), "q", "alice");
            String log = Files.readString(work.resolve("alice.log"));
            assertTrue(log.contains("Job was evicted"), log);
            Run starts = harrier(alice, "q", "alice", "-af", "NumJobStarts");
            assertEquals("1", starts.out().strip(), "one start so far; it runs again when a core is free");
            harrier(alice, "rm", "-all");
        } finally {
            grid.close();
        }
    }

    private void submit(Surroundings who, String name, String text) throws IOException {
        Path file = Files.writeString(who.workingDir().resolve(name), text);
        Run r = harrier(who, "submit", file.toString());
        assertEquals(0, r.status(), r.err());
    }
}
