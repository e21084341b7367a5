package org.harrier.benchmarks.grid;

import java.util.Arrays;

/**
 * When each of a run's jobs was heard finishing ({@code System.nanoTime}, in the order heard),
 * and the rates a benchmark reads off them. A rate over a stretch of completions counts from the
 * stretch's own first completion to its last, so it is not charged for whatever came before
 * (the submission, the first start, an earlier stretch).
 */
record Completions(long[] nanos) {
    Completions {
        nanos = nanos.clone();
    }

    int size() {
        return nanos.length;
    }

    /** Completions per second among the {@code count} from the {@code from}-th: count - 1 gaps over their span; NaN if heard all at once. */
    double rate(int from, int count) {
        if (from < 0 || count < 2 || from + count > nanos.length) {
            throw new IllegalArgumentException("a rate needs two or more of the " + nanos.length
                    + " completions, got " + count + " from " + from);
        }
        long span = nanos[from + count - 1] - nanos[from];
        return span <= 0 ? Double.NaN : (count - 1) / (span / 1e9);
    }

    /** How many were heard from {@code startNanos} to {@code endNanos}, both included. */
    long between(long startNanos, long endNanos) {
        return Arrays.stream(nanos).filter(t -> t >= startNanos && t <= endNanos).count();
    }
}
