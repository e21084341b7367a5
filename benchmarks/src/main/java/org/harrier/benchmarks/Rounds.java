package org.harrier.benchmarks;

import java.util.Arrays;

/**
 * Measures ways of doing the same work against a baseline, on the calling thread: a warm-up of
 * each, then rounds in which every candidate and the baseline take turns, so a slow moment of a
 * noisy machine hits all of them alike. Each rate is the median over the rounds; each ratio is
 * the median of the per-round ratios to the baseline.
 */
final class Rounds {
    /** Runs {@code n} operations and returns something derived from their results. */
    interface Work {
        long run(long n);
    }

    record Result(double candidatePerSecond, double baselinePerSecond, double ratio) {
    }

    /** Keeps every result alive, so the JIT cannot drop the work that made it. */
    static volatile long sink;

    private final double warmupSeconds;
    private final double roundSeconds;
    private final int rounds;

    Rounds(double warmupSeconds, double roundSeconds, int rounds) {
        this.warmupSeconds = warmupSeconds;
        this.roundSeconds = roundSeconds;
        this.rounds = rounds;
    }

    /** One result per candidate, in the order given. */
    Result[] compare(Work baseline, Work... candidates) {
        long[] batch = new long[candidates.length];
        for (int c = 0; c < candidates.length; c++) {
            batch[c] = warmUp(candidates[c]);
        }
        long baselineBatch = warmUp(baseline);
        double[][] rate = new double[candidates.length][rounds];
        double[][] ratio = new double[candidates.length][rounds];
        double[] baselineRate = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            for (int c = 0; c < candidates.length; c++) {
                rate[c][r] = perSecond(candidates[c], batch[c], roundSeconds);
            }
            baselineRate[r] = perSecond(baseline, baselineBatch, roundSeconds);
            for (int c = 0; c < candidates.length; c++) {
                ratio[c][r] = rate[c][r] / baselineRate[r];
            }
        }
        Result[] results = new Result[candidates.length];
        for (int c = 0; c < candidates.length; c++) {
            results[c] = new Result(median(rate[c]), median(baselineRate), median(ratio[c]));
        }
        return results;
    }

    /** Runs {@code work} for the warm-up time; returns a batch size of about 10 ms. */
    private long warmUp(Work work) {
        long batch = 1;
        long deadline = System.nanoTime() + (long) (warmupSeconds * 1e9);
        while (true) {
            long start = System.nanoTime();
            sink += work.run(batch);
            long took = System.nanoTime() - start;
            if (took < 10_000_000L && batch < (1L << 40)) {
                batch *= 2;
            }
            if (start + took >= deadline) {
                return batch;
            }
        }
    }

    private static double perSecond(Work work, long batch, double seconds) {
        long ops = 0;
        long start = System.nanoTime();
        long limit = (long) (seconds * 1e9);
        long elapsed;
        do {
            sink += work.run(batch);
            ops += batch;
            elapsed = System.nanoTime() - start;
        } while (elapsed < limit);
        return ops * 1e9 / elapsed;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
