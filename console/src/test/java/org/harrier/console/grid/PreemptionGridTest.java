package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.harrier.config.Configuration;
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

    private UserSession session(Surroundings who) {
        return UserSession.loggedIn(who, () -> grid);
    }

    @Test
    void aBetterPriorityPreemptsAndThePreemptedJobGoesBackToIdle() throws Exception {
        Path config = Files.writeString(dir.resolve("harrier.conf"),
                "NUM_CPUS = 1\nMEMORY = 512\nPREEMPTION_REQUIREMENTS = True\n");
        grid = PersonalGrid.start(new PersonalGrid.Settings(dir.resolve("data"), 0, Duration.ofSeconds(1),
                Duration.ofSeconds(60), Configuration.read(config)).withEveryJobAsGridAccount()); // alice and bob are played by this account
        try {
            Path work = Files.createDirectories(dir.resolve("work"));
            Surroundings alice = new Surroundings(Map.of(), work, dir, "alice", Clock.systemDefaultZone());
            Surroundings bob = new Surroundings(Map.of(), work, dir, "bob", Clock.systemDefaultZone());
            // alice's factor makes her priority far worse than a newcomer's.
            assertEquals(0, session(alice).harrier("userprio", "-setfactor", "alice", "100000").status());
            submit(alice, "alice.sub", "executable = /bin/sleep\narguments = 600\nrequest_memory = 64\n"
                    + "log = alice.log\nqueue\n");
            session(alice).until("alice's job running", out -> out.contains("1 running"), "q", "alice");

            submit(bob, "bob.sub", "executable = /bin/sleep\narguments = 600\nrequest_memory = 64\nqueue\n");

            session(bob).until("bob's job running", out -> out.contains("1 running"), "q", "bob");
            session(alice).until("alice's job idle again", out -> out.contains("1 idle"), "q", "alice");
            String log = Files.readString(work.resolve("alice.log"));
            assertTrue(log.contains("Job was evicted"), log);
            Run starts = session(alice).harrier("q", "alice", "-af", "NumJobStarts");
            assertEquals("1", starts.out().strip(), "one start so far; it runs again when a core is free");
            session(alice).harrier("rm", "-all");
        } finally {
            grid.close();
        }
    }

    private void submit(Surroundings who, String name, String text) throws IOException {
        Path file = Files.writeString(who.workingDir().resolve(name), text);
        Run r = session(who).harrier("submit", file.toString());
        assertEquals(0, r.status(), r.err());
    }
}
