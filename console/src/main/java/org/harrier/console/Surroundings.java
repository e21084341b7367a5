package org.harrier.console;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;

/**
 * What a harrier command takes from the process it runs in: environment variables, the working
 * directory, the user and the clock. An input rather than globals, so tests run commands with
 * their own (docs/architecture.md, "Time, randomness and ids are inputs").
 */
public record Surroundings(Map<String, String> env, Path workingDir, Path home, String user, Clock clock) {
    public Surroundings {
        env = Map.copyOf(env);
        Objects.requireNonNull(workingDir, "workingDir");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(clock, "clock");
        if (!workingDir.isAbsolute() || !home.isAbsolute()) {
            throw new IllegalArgumentException("working and home directories must be absolute");
        }
    }

    public static Surroundings current() {
        return new Surroundings(System.getenv(), Path.of("").toAbsolutePath(), Path.of(System.getProperty("user.home")),
                System.getProperty("user.name"), Clock.systemDefaultZone());
    }

    public Surroundings withEnv(Map<String, String> newEnv) {
        return new Surroundings(newEnv, workingDir, home, user, clock);
    }
}
