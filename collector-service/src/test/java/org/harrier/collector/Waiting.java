package org.harrier.collector;


import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.harrier.testing.Await;

/** Waits for a condition other threads make true, polling until a deadline; fails the test naming it if it never does. */
final class Waiting {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private Waiting() {
    }

    static void until(String what, BooleanSupplier condition) {
        Await.until(what, DEADLINE, condition::getAsBoolean);
    }
}
