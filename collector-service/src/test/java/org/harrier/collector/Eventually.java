package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition other threads make true, polling until a deadline; fails the test naming it if it never does. */
final class Eventually {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private Eventually() {
    }

    static void until(String what, BooleanSupplier condition) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                fail("still waiting after " + DEADLINE.toSeconds() + " s for: " + what);
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted while waiting for: " + what);
            }
        }
    }
}
