package org.harrier.benchmarks;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Syntax;
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
 * Job-ad parses per second: 1,024 distinct 40-attribute job ads in old syntax, taken in turn;
 * the baseline splits each line at '=' into a map.
 * {@code java -jar benchmarks/target/benchmarks.jar ParseBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ParseBenchmark {
    private String[] texts;
    private int next;

    @Setup
    public void setUp() {
        texts = Workload.jobAds(1024);
    }

    private String nextText() {
        next = (next + 1) & (texts.length - 1);
        return texts[next];
    }

    @Benchmark
    public ClassAd parseJobAd() {
        return ClassAd.parse(nextText(), Syntax.OLD);
    }

    @Benchmark
    public Map<String, String> baselineSplitLines() {
        return Baseline.textMap(nextText(), false);
    }
}
