package org.harrier.testing;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waiting in tests for something another thread or process makes true: the condition is asked
 * again every few milliseconds until it holds, and a test that waits longer than its limit fails
 * with what it waited for (and, when given, what it last saw). The one polling loop every
 * module's tests share; no test sleeps for a fixed time and hopes.
 */
public final class Await {
    private static final long RECHECK_MILLIS = 10;

    private Await() {
    }

    /** A condition that may throw (reading a file, asking the bus). */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** A probe that answers null until what it looks for is there. */
    @FunctionalInterface
    public interface Probe<T> {
        T find() throws Exception;
    }

    /** Waits until {@code condition} holds; AssertionError naming {@code what} after {@code limit}. */
    public static void until(String what, Duration limit, Condition condition) {
        until(what, limit, condition, () -> "");
    }

    /** As {@link #until(String, Duration, Condition)}, the failure also showing {@code lastSeen}. */
    public static void until(String what, Duration limit, Condition condition, Supplier<String> lastSeen) {
        value(what, limit, () -> condition.holds() ? Boolean.TRUE : null, lastSeen);
    }

    /** The first non-null answer of {@code probe}; AssertionError naming {@code what} after {@code limit}. */
    public static <T> T value(String what, Duration limit, Probe<T> probe) {
        return value(what, limit, probe, () -> "");
    }

    /** As {@link #value(String, Duration, Probe)}, the failure also showing {@code lastSeen}. */
    public static <T> T value(String what, Duration limit, Probe<T> probe, Supplier<String> lastSeen) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            T found;
            try {
                found = probe.find();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new AssertionError("waiting for " + what + " failed: " + e, e);
            }
            if (found != null) {
                return found;
            }
            if (System.nanoTime() - deadline > 0) {
                String seen = lastSeen.get();
                throw new AssertionError("still waiting after " + limit.toSeconds() + " s for " + what
                        + (seen == null || seen.isEmpty() ? "" : "; last seen: " + seen));
            }
            try {
                Thread.sleep(RECHECK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }
}
