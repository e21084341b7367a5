package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Where harrier looks for its broker: --broker, $HARRIER_BROKER, <data>/broker.url, the default. */
class GridLocationTest {
    @TempDir
    Path home;

    @ParameterizedTest(name = "option={0} env={1} file={2} -> {3}")
    @CsvSource(nullValues = "-", value = {
        "amqp://opt:1, amqp://env:2, amqp://file:3, amqp://opt:1",
        "-,            amqp://env:2, amqp://file:3, amqp://env:2",
        "-,            -,            amqp://file:3, amqp://file:3",
        "-,            -,            -,             amqp://127.0.0.1:5672",
        "-,            ' ',          amqp://file:3, amqp://file:3",
    })
    void firstSourceThatSaysWins(String option, String env, String file, String expected) throws IOException {
        Map<String, String> vars = new HashMap<>();
        if (env != null) {
            vars.put("HARRIER_BROKER", env);
        }
        Surroundings s = new Surroundings(vars, home, home, "alice", Clock.systemUTC());
        Path data = GridLocation.dataDir(null, s);
        if (file != null) {
            Files.createDirectories(data);
            Files.writeString(data.resolve("broker.url"), file + "\n");
        }
        assertEquals(expected, GridLocation.broker(option, data, s).url());
    }

    @Test
    void dataDirectoryIsHomeDotHarrierOrTheOptionAgainstTheWorkingDirectory() {
        Surroundings s = new Surroundings(Map.of(), home.resolve("work"), home, "alice", Clock.systemUTC());
        assertEquals(home.resolve(".harrier"), GridLocation.dataDir(null, s));
        assertEquals(home.resolve("work/grid"), GridLocation.dataDir(Path.of("grid"), s));
        assertEquals(Path.of("/srv/grid"), GridLocation.dataDir(Path.of("/srv/grid"), s));
    }

    @Test
    void malformedUrlInTheFileNamesTheFile() throws IOException {
        Surroundings s = new Surroundings(Map.of(), home, home, "alice", Clock.systemUTC());
        Path data = Files.createDirectories(home.resolve(".harrier"));
        Files.writeString(data.resolve("broker.url"), "garbage\n");
        ConsoleFailure e = assertThrows(ConsoleFailure.class, () -> GridLocation.broker(null, data, s));
        assertEquals("'garbage' is not a broker URL: expected amqp://host:port (from " + data.resolve("broker.url") + ")",
                e.getMessage());
    }

    @Test
    void harrierCaFileNamesTheCaToTrustAgainstTheWorkingDirectory() throws IOException {
        Path ca = Files.writeString(home.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
        Surroundings s = new Surroundings(Map.of("HARRIER_CA_FILE", "ca.pem"), home, home, "alice", Clock.systemUTC());
        assertAll(() -> assertEquals(ca, GridLocation.broker("amqps://pool.example.org:5671", home.resolve(".harrier"), s).caFile()),
                () -> assertEquals(null, GridLocation.broker(null, home.resolve(".harrier"),
                        new Surroundings(Map.of(), home, home, "alice", Clock.systemUTC())).caFile()));
    }

    @Test
    void anUnreadableHarrierCaFileIsNamed() {
        Surroundings s = new Surroundings(Map.of("HARRIER_CA_FILE", "missing.pem"), home, home, "alice", Clock.systemUTC());
        ConsoleFailure e = assertThrows(ConsoleFailure.class, () -> GridLocation.broker(null, home.resolve(".harrier"), s));
        assertEquals("cannot read $HARRIER_CA_FILE " + home.resolve("missing.pem"), e.getMessage());
    }
}
