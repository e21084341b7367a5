package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;
import org.harrier.config.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fair share as users see it, on a real personal grid configured from a file: two owners share
 * one two-core partitionable slot, the accountant charges each for what its dynamic slots hold
 * ({@code harrier userprio}), a concurrency limit from the configuration holds jobs back until
 * {@code harrier limits -set} raises it, and a priority factor set with userprio outlives a
 * restart of the grid.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(180)
class FairShareGridTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private Path dir;
    private PersonalGrid grid;
    private Surroundings alice;
    private Surroundings bob;

    @BeforeAll
    void startGrid(@TempDir Path tempDir) throws IOException {
        dir = tempDir;
        Path config = Files.writeString(dir.resolve("harrier.conf"), String.join("\n",
                "# a two-core execute node and one license",
                "NUM_CPUS = 2",
                "MEMORY = 1024",
                "LICENSE_X_LIMIT = 1",
                "PRIORITY_HALFLIFE = 3600",
                ""));
        grid = start(Configuration.read(config));
        Path work = Files.createDirectories(dir.resolve("work"));
        alice = new Surroundings(Map.of(), work, dir, "alice", Clock.systemDefaultZone());
        bob = new Surroundings(Map.of(), work, dir, "bob", Clock.systemDefaultZone());
    }

    private PersonalGrid start(Configuration config) {
        return PersonalGrid.start(new PersonalGrid.Settings(dir.resolve("data"), 0, Duration.ofSeconds(1),
                Duration.ofSeconds(60), config).withEveryJobAsGridAccount()); // alice and bob are played by this account
    }

    @AfterAll
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    private void submit(Surroundings who, String name, String text) throws IOException {
        Path file = Files.writeString(who.workingDir().resolve(name), text);
        Run r = session(who).harrier("submit", file.toString());
        assertEquals(0, r.status(), r.err());
    }

    private static JsonNode json(Run r) {
        try {
            return JSON.readTree(r.out());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + r.out(), e);
        }
    }

    private static JsonNode record(JsonNode priorities, String name) {
        for (JsonNode n : priorities) {
            if (n.path("Name").asText().equals(name)) {
                return n;
            }
        }
        return null;
    }

    private UserSession session(Surroundings who) {
        return UserSession.loggedIn(who, () -> grid);
    }

    @Test
    @Order(1)
    void twoOwnersOnOnePartitionableSlotAreBothChargedForWhatTheyHold() throws Exception {
        submit(alice, "alice.sub", "executable = /bin/sleep\narguments = 3\nrequest_cpus = 1\nrequest_memory = 64\nqueue 3\n");
        submit(bob, "bob.sub", "executable = /bin/sleep\narguments = 3\nrequest_cpus = 1\nrequest_memory = 64\nqueue 3\n");

        JsonNode both = json(session(alice).until("usage for alice and bob", out -> {
            JsonNode all = json(new Run(0, out, ""));
            JsonNode a = record(all, "alice");
            JsonNode b = record(all, "bob");
            return a != null && b != null && a.path("AccumulatedUsage").asDouble() > 0 && b.path("AccumulatedUsage").asDouble() > 0;
        }, "userprio", "-allusers", "--json"));
        assertTrue(record(both, "alice").path("Priority").asDouble() >= 500, "0.5 x DEFAULT_PRIO_FACTOR at least");
        session(alice).until("every job done", out -> out.contains("0 jobs;"), "q");
    }

    @Test
    @Order(2)
    void aConcurrencyLimitHoldsJobsBackUntilItIsRaised() throws Exception {
        submit(alice, "licensed.sub", "executable = /bin/sleep\narguments = 600\nrequest_cpus = 1\nrequest_memory = 64\n"
                + "concurrency_limits = license_x\nqueue 2\n");
        session(alice).until("one licensed job running", out -> out.contains("1 running"), "q", "alice");
        JsonNode limits = json(session(alice).until("license_x in use", out -> out.contains("license_x"), "limits", "--json"));
        assertEquals("license_x", limits.get(0).path("Name").asText(), limits.toString());
        assertEquals(1.0, limits.get(0).path("Current").asDouble(), limits.toString());

        Run q = session(alice).harrier("q", "alice");
        assertTrue(q.out().contains("1 idle"), "the second waits for the license:\n" + q.out());
        session(alice).until("alice charged for the slot her running job holds", out -> {
            JsonNode a = record(json(new Run(0, out, "")), "alice");
            return a != null && a.path("ResourcesUsed").asLong() == 1;
        }, "userprio", "-allusers", "--json");

        assertEquals(0, session(alice).harrier("limits", "-set", "license_x", "2").status());
        session(alice).until("both licensed jobs running", out -> out.contains("2 running"), "q", "alice");
        assertEquals(0, session(alice).harrier("rm", "alice").status());
        session(alice).until("the queue empty", out -> out.contains("0 jobs;"), "q", "alice");
    }

    @Test
    @Order(3)
    void aPriorityFactorSetWithUserprioOutlivesARestart() throws Exception {
        assertEquals(0, session(alice).harrier("userprio", "-setfactor", "carol", "4000").status());
        JsonNode carol = record(json(session(alice).harrier("userprio", "-allusers", "--json")), "carol");
        assertEquals(4000, carol.path("PriorityFactor").asDouble(), carol.toString());

        grid.close();
        grid = start(Configuration.EMPTY);

        JsonNode again = record(json(session(alice).until("carol after the restart",
                out -> out.contains("carol"), "userprio", "-allusers", "--json")), "carol");
        assertEquals(4000, again.path("PriorityFactor").asDouble(), again.toString());
        assertTrue(Files.exists(dir.resolve("data/negotiator/accountant.json")));
    }
}
