package org.harrier.benchmarks.grid;

import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.jvmOptions;
import static org.harrier.benchmarks.CommandLine.runAndExit;
import static org.harrier.benchmarks.CommandLine.value;
import static org.harrier.benchmarks.Figures.print;
import static org.harrier.benchmarks.Figures.verdict;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.harrier.classad.ClassAd;

/**
 * Issue 16's "no slow-down at depth": N {@code /bin/true} jobs queued up front by one
 * SubmitCluster, then drained. A queue whose per-job cost grows with its length shows it as a
 * last tenth slower than the first, so the figure is the completion rate over the last 10% of
 * completions over the rate over the first 10%. Each tenth's rate counts from its own first
 * completion to its last ({@link Completions#rate}), so the first is not charged for the
 * submission or the first start, and a warm-up cluster runs before, so it is not charged for the
 * grid's JVM compiling either.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.DepthBenchmark}
 * ({@code --help} for the options).
 */
public final class DepthBenchmark {
    static final double FLATNESS_TARGET = 0.9;

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.DepthBenchmark [options]

            Measures spawn_per_s (as GridBenchmark), starts a personal grid in a process of its own,
            runs a warm-up cluster, then queues N /bin/true jobs with one SubmitCluster and lets the
            grid drain them. Prints the completion rate over the first 10% and over the last 10% of
            the completions and last / first (target >= 0.9), and jobs_per_s over the whole drain
            (SubmitCluster to the last completion) with its ratio to spawn_per_s.

              --jobs N           jobs queued up front (default 200000)
              --warmup-jobs N    jobs in the warm-up cluster before (default 2000)
              --spawns N         processes for the spawn baseline (default 2000)
              --grid-jvm OPTS    options for the grid's JVM, space separated (default: what
                                 bin/harrier uses, -XX:TieredStopAtLevel=1; "" for the JDK's)
              -h, --help         this text
            """;

    record Options(int jobs, int warmupJobs, int spawns, List<String> gridJvm, boolean help) {
        static Options parse(String[] args) {
            int jobs = 200_000;
            int warmupJobs = 2000;
            int spawns = 2000;
            List<String> gridJvm = ChildGrid.DEFAULT_JVM;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(jobs, warmupJobs, spawns, gridJvm, true);
                    }
                    // Twenty at least, so each tenth has two completions to measure between.
                    case "--jobs" -> jobs = count(a, value(args, ++i, a), 20);
                    case "--warmup-jobs" -> warmupJobs = count(a, value(args, ++i, a), 1);
                    case "--spawns" -> spawns = count(a, value(args, ++i, a), 10);
                    case "--grid-jvm" -> gridJvm = jvmOptions(value(args, ++i, a));
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Options(jobs, warmupJobs, spawns, gridJvm, false);
        }
    }

    private DepthBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        runAndExit("DepthBenchmark", USAGE, args, Options::parse, Options::help, DepthBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        try (MeasuredGrid grid = MeasuredGrid.start(o.spawns(), o.gridJvm(), out)) {
            ClassAd ad = GridBenchmark.jobAd(grid.iwd());
            MeasuredGrid.Throughput warmup = grid.cluster(ad, o.warmupJobs());
            print(out, "warmup_jobs_per_s", "%.1f", warmup.jobsPerSecond(), String.format(Locale.ROOT,
                    "%d jobs in one cluster, not counted below", o.warmupJobs()));
            int before = grid.watch().completed();
            MeasuredGrid.Throughput drain = grid.cluster(ad, o.jobs());
            Completions done = grid.watch().completions(before);
            if (done.size() != o.jobs()) {
                throw new IllegalStateException("heard " + done.size() + " completions for " + o.jobs() + " jobs");
            }
            out.printf(Locale.ROOT, "%d /bin/true jobs queued by one SubmitCluster, then drained%n", o.jobs());
            print(out, "submit_s", "%.2f", drain.submitMillis() / 1000, "until SubmitCluster answered (on disk)");
            int tenth = o.jobs() / 10;
            double first = done.rate(0, tenth);
            double last = done.rate(done.size() - tenth, tenth);
            print(out, "first_10pct_per_s", "%.1f", first, String.format(Locale.ROOT,
                    "completions 1-%d, from the first of them to the last", tenth));
            print(out, "last_10pct_per_s", "%.1f", last, String.format(Locale.ROOT,
                    "completions %d-%d", done.size() - tenth + 1, done.size()));
            double flatness = last / first;
            print(out, "last_over_first", "%.3f", flatness, verdict(flatness >= FLATNESS_TARGET,
                    "target >= %.1f", FLATNESS_TARGET));
            print(out, "jobs_per_s", "%.1f", drain.jobsPerSecond(), "SubmitCluster to the last completion");
            print(out, "ratio", "%.3f", drain.jobsPerSecond() / grid.baseline().perSecond(), "jobs_per_s / spawn_per_s");
        }
    }
}
