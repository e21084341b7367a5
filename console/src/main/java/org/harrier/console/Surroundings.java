package org.harrier.console;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
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
                System.getProperty("user.name"), new SystemClock());
    }

    public Surroundings withEnv(Map<String, String> newEnv) {
        return new Surroundings(newEnv, workingDir, home, user, clock);
    }

    /**
     * The system clock in the default time zone, looked up when first asked for. Finding a zone's
     * rules the first time runs a ServiceLoader over the class path, which opens each of its sixty
     * jars, most of them the broker's (benchmarks/README.md, "Starting a command"); commands that
     * show no local time (submit, q -totals, rm) need not pay for it. The zone is fixed at the first
     * look, as Clock.systemDefaultZone() fixes it when made.
     */
    static final class SystemClock extends Clock {
        private volatile ZoneId zone;

        @Override
        public ZoneId getZone() {
            ZoneId z = zone;
            if (z == null) {
                z = ZoneId.systemDefault();
                zone = z;
            }
            return z;
        }

        @Override
        public Clock withZone(ZoneId newZone) {
            return Clock.system(newZone);
        }

        @Override
        public Instant instant() {
            return Instant.now();
        }

        @Override
        public long millis() {
            return System.currentTimeMillis();
        }
    }
}
