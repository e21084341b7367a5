package org.harrier.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Symmetric matches per second of the {@link Pool#standard()} job and machine ads; the
 * baseline is {@link Baseline#symmetricMatch} on the same pairs.
 * {@code java -jar benchmarks/target/benchmarks.jar MatchBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MatchBenchmark {
    private Pool pool;

    @Setup
    public void setUp() {
        pool = Pool.standard();
        pool.checkBaselineAgrees();
    }

    /** What the negotiator does: a fresh evaluation context per match. */
    @Benchmark
    public boolean symmetricMatch() {
        return pool.matchNext();
    }

    @Benchmark
    public boolean symmetricMatchReusingContext() {
        return pool.matchNextReusingContext();
    }

    @Benchmark
    public boolean baselineHandWrittenPredicate() {
        return pool.baselineMatchNext();
    }
}
