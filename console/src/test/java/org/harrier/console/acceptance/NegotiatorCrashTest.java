package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.console.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The accountant's changes survive kill -9 of the central manager: a priority factor, a real
 * priority and accumulated usage that {@code harrier userprio} set (each acknowledged) are
 * there when a new collector process starts on the same spool. A configuration file that sets
 * a knob wrong stops the collector with the knob, file and line.
 */
@Timeout(180)
class NegotiatorCrashTest {
    private static final String COLLECTOR = "org.harrier.collector.bus.CollectorService";

    @TempDir
    Path dir;

    @Test
    void acknowledgedAccountingChangesSurviveKillMinus9() throws Exception {
        Path spool = dir.resolve("negotiator");
        Path config = Files.writeString(dir.resolve("cm.conf"), "NEGOTIATOR_POLICY = up-down\nPRIORITY_HALFLIFE = 7200\n");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0))) {
            GridUser user = new GridUser(broker.clientUrl(), Files.createDirectories(dir.resolve("work")));
            try (ServiceJvm first = ServiceJvm.start("collector", dir, COLLECTOR, "--broker", broker.clientUrl(),
                    "--update-interval", "1", "--spool", spool.toString(), "--config", config.toString())) {
                Eventually.await("the negotiator to answer", Eventually.PATIENCE,
                        () -> user.harrier("userprio", "-allusers").status() == 0, first::output);
                assertEquals(0, user.harrier("userprio", "-setfactor", "alice", "4000").status());
                assertEquals(0, user.harrier("userprio", "-setprio", "alice", "12.5").status());
                assertEquals(0, user.harrier("userprio", "-setaccum", "bob", "3").status());
                first.kill();
            }
            try (ServiceJvm second = ServiceJvm.start("collector2", dir, COLLECTOR, "--broker", broker.clientUrl(),
                    "--update-interval", "1", "--spool", spool.toString())) {
                Eventually.await("the restarted negotiator to answer", Eventually.PATIENCE,
                        () -> user.harrier("userprio", "-allusers").status() == 0, second::output);
                Run r = user.harrier("userprio", "-allusers", "--json");
                JsonNode alice = find(GridUser.json(r), "alice");
                JsonNode bob = find(GridUser.json(r), "bob");
                assertEquals(4000, alice.path("PriorityFactor").asDouble(), r.out());
                assertEquals(12.5, alice.path("Priority").asDouble() / 4000, 0.05, "RUP x factor: " + r.out());
                assertEquals(3, bob.path("AccumulatedUsage").asDouble(), 1e-6, r.out());
                second.stop();
            }
        }
    }

    @Test
    void aBadConfigurationFileStopsTheCollectorWithTheKnobAndLine() throws Exception {
        Path config = Files.writeString(dir.resolve("bad.conf"), "NEGOTIATOR_POLICY = round-robin\n");
        try (ServiceJvm bad = ServiceJvm.start("badcm", dir, COLLECTOR, "--broker", "amqp://127.0.0.1:1",
                "--config", config.toString())) {
            assertEquals(2, bad.awaitExit());
            assertTrue(bad.err().contains("NEGOTIATOR_POLICY"), bad::output);
            assertTrue(bad.err().contains("bad.conf:1"), bad::output);
        }
    }

    private static JsonNode find(JsonNode records, String name) {
        for (JsonNode n : records) {
            if (n.path("Name").asText().equals(name)) {
                return n;
            }
        }
        throw new AssertionError("no record of " + name + " in " + records);
    }
}
