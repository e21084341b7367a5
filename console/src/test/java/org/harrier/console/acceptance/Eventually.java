package org.harrier.console.acceptance;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a condition the grid brings about in its own time: checked now and then until it
 * holds or the deadline passes, which fails the test naming what never happened and what was
 * last seen. Only the deadline is a time; no assertion depends on how fast anything was.
 */
final class Eventually {
    static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private Eventually() {
    }

    static void await(String what, BooleanSupplier condition) {
        await(what, PATIENCE, condition, () -> "");
    }

    static void await(String what, Duration limit, BooleanSupplier condition, Supplier<String> lastSeen) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                String seen = lastSeen.get();
                throw new AssertionError("waited " + limit.toSeconds() + " s for " + what
                        + (seen.isEmpty() ? "" : "; last seen: " + seen));
            }
            LockSupport.parkNanos(RECHECK_NANOS);
            if (Thread.interrupted()) {
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }
}
