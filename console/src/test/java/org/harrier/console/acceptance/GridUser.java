package org.harrier.console.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.harrier.console.Harrier;
import org.harrier.console.Run;
import org.harrier.console.Surroundings;

/**
 * A person at a shell in {@code workDir} running harrier commands against the broker at
 * {@code url} (each command in-process, as {@code bin/harrier} would run it).
 */
record GridUser(String url, Path workDir) {
    private static final ObjectMapper JSON = new ObjectMapper();

    Run harrier(String... args) {
        List<String> line = new ArrayList<>(List.of("--broker", url));
        line.addAll(List.of(args));
        Surroundings here = new Surroundings(Map.of(), workDir, workDir, System.getProperty("user.name"),
                Clock.systemDefaultZone());
        return Run.of(here, Harrier.defaultConnector(), line.toArray(String[]::new));
    }

    Path write(String name, String text) {
        try {
            return Files.writeString(workDir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String read(String name) {
        try {
            return Files.readString(workDir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code name} with {@code submitFile}, runs harrier submit on it, returns the cluster id. */
    long submit(String name, String submitFile) {
        write(name, submitFile);
        Run r = harrier("submit", "--json", name);
        assertEquals(0, r.status(), () -> "harrier submit " + name + ": " + r.err());
        return json(r).get("ClusterId").asLong();
    }

    static JsonNode json(Run r) {
        try {
            return JSON.readTree(r.out());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + r.out() + r.err(), e);
        }
    }
}
