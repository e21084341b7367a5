package org.harrier.benchmarks.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rates the benchmarks read off completion times, on times made up by hand. */
class CompletionsTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aStretchsRateCountsFromItsOwnFirstCompletionNotFromTheRunsStart() {
        Completions c = new Completions(new long[] {10 * SECOND, 11 * SECOND, 12 * SECOND, 12 * SECOND + SECOND / 2,
                13 * SECOND});
        assertEquals(1.0, c.rate(0, 3));
        assertEquals(2.0, c.rate(2, 3));
    }

    @Test
    void completionsHeardAllAtOnceHaveNoRate() {
        assertTrue(Double.isNaN(new Completions(new long[] {5, 5, 5}).rate(0, 3)));
    }

    @Test
    void aRateNeedsTwoCompletionsInsideTheRun() {
        Completions c = new Completions(new long[] {1, 2, 3});
        assertEquals("a rate needs two or more of the 3 completions, got 1 from 0",
                assertThrows(IllegalArgumentException.class, () -> c.rate(0, 1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.rate(2, 2));
    }

    @Test
    void betweenCountsBothEnds() {
        assertEquals(3, new Completions(new long[] {1, 2, 3, 4, 5}).between(2, 4));
    }
}
