package org.harrier.console.acceptance;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.harrier.testing.Await;

/**
 * Waits for a condition the grid brings about in its own time: checked now and then until it
 * holds or the deadline passes, which fails the test naming what never happened and what was
 * last seen. Only the deadline is a time; no assertion depends on how fast anything was.
 */
final class Eventually {
    static final Duration PATIENCE = Duration.ofSeconds(60);

    private Eventually() {
    }

    static void await(String what, BooleanSupplier condition) {
        await(what, PATIENCE, condition, () -> "");
    }

    static void await(String what, Duration limit, BooleanSupplier condition, Supplier<String> lastSeen) {
        Await.until(what, limit, condition::getAsBoolean, lastSeen);
    }
}
