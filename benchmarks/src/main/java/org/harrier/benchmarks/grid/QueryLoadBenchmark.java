package org.harrier.benchmarks.grid;

import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.jvmOptions;
import static org.harrier.benchmarks.CommandLine.runAndExit;
import static org.harrier.benchmarks.CommandLine.value;
import static org.harrier.benchmarks.Figures.print;
import static org.harrier.benchmarks.Figures.verdict;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.GetTotals;

/**
 * Issue 16's "while four such queries run in a loop, the GridBenchmark ratio drops by at most 10%
 * and no ad expires". A personal grid ({@link MeasuredGrid}) with a deep queue of jobs that never
 * match ({@link DeepQueue}), then GridBenchmark's measurement (a cluster of /bin/true jobs, its
 * jobs/s over the same run's spawn baseline) in pairs of rounds: first with no queries, then while
 * four clients each run one {@code harrier q} in a loop ({@link QueryLoop}). Prints both ratios,
 * the loaded one over the quiet one, how many query commands completed, and how many ads the
 * collector let expire meanwhile ({@link ExpiryLog}).
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.QueryLoadBenchmark}
 * from the repository's root (the commands run through bin/harrier; {@code --help} for the options).
 */
public final class QueryLoadBenchmark {
    static final double DROP_TARGET = 0.9;
    private static final Duration SETTLE_LIMIT = Duration.ofMinutes(20);
    /** The grid's CPU under which it counts as idle again after the queue was submitted: a fifth of a core. */
    private static final double SETTLED_CORES = 0.2;
    private static final Duration WIND_DOWN = Duration.ofMinutes(15);
    private static final Duration QUIET_WAIT = Scheduler.WAIT;

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.QueryLoadBenchmark [options]

            Measures spawn_per_s (as GridBenchmark), starts a personal grid in a process of its own,
            queues N jobs that never match (Requirements FALSE) in C clusters, waits for the grid to
            go idle, runs a warm-up cluster of /bin/true jobs, then pairs of measured clusters: one
            with no queries, one while four clients each run a harrier q command in a loop (q ID,
            q -totals, q -constraint matching 1% of the deep queue, q -af ClusterId ProcId; through
            bin/harrier, a JVM per command, every answer checked). Prints each round's jobs_per_s
            and ratio to spawn_per_s, the loaded ratio over the quiet one (target >= 0.9), the query
            commands completed, and the ads the collector let expire (its log; target 0).

              --jobs N           jobs in the deep queue (default 1000000)
              --clusters C       clusters they are submitted in, one SubmitCluster each (default 1000)
              --grid-jobs N      /bin/true jobs in each measured cluster (default 5000)
              --warmup-jobs N    /bin/true jobs in the warm-up cluster, not counted (default 2000)
              --pairs N          pairs of rounds, without and with the queries (default 1)
              --lead-seconds N   the queries run this long before a loaded round's cluster (default 5)
              --queries LIST     which loops run, comma separated (default q-id,q-totals,q-constraint,q-af):
                                 one alone shows what it costs the grid
              --spawns N         processes for the spawn baseline (default 2000)
              --harrier SH       the launcher the queries run through (default bin/harrier, from
                                 the working directory; run with HARRIER_NO_BUILD=1)
              --cli-jvm OPTS     options for each query's JVM (default -XX:TieredStopAtLevel=1)
              --grid-jvm OPTS    options for the grid's JVM (default -XX:TieredStopAtLevel=1)
              -h, --help         this text
            """;

    record Options(int jobs, int clusters, int gridJobs, int warmupJobs, int pairs, int leadSeconds, List<String> queries,
                   int spawns, Path harrier, List<String> cliJvm, List<String> gridJvm, boolean help) {
        Options {
            if (jobs < clusters) {
                throw new IllegalArgumentException("--jobs must be at least --clusters (" + clusters + "), got " + jobs);
            }
            if (queries.isEmpty() || !DeepQueue.QUERIES.containsAll(queries)) {
                throw new IllegalArgumentException("--queries must name some of " + String.join(",", DeepQueue.QUERIES)
                        + ", got " + String.join(",", queries));
            }
            queries = List.copyOf(queries);
        }

        static Options parse(String[] args) {
            int jobs = 1_000_000;
            int clusters = 1_000;
            int gridJobs = 5000;
            int warmupJobs = 2000;
            int pairs = 1;
            int lead = 5;
            List<String> queries = DeepQueue.QUERIES;
            int spawns = 2000;
            Path harrier = Path.of("bin", "harrier");
            List<String> cli = ChildGrid.DEFAULT_JVM;
            List<String> gridJvm = ChildGrid.DEFAULT_JVM;
            boolean help = false;
            for (int i = 0; i < args.length && !help; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> help = true;
                    case "--jobs" -> jobs = count(a, value(args, ++i, a), 1);
                    case "--clusters" -> clusters = count(a, value(args, ++i, a), 1);
                    case "--grid-jobs" -> gridJobs = count(a, value(args, ++i, a), 1);
                    case "--warmup-jobs" -> warmupJobs = count(a, value(args, ++i, a), 1);
                    case "--pairs" -> pairs = count(a, value(args, ++i, a), 1);
                    case "--lead-seconds" -> lead = count(a, value(args, ++i, a), 0);
                    case "--queries" -> queries = List.of(value(args, ++i, a).split(",", -1));
                    case "--spawns" -> spawns = count(a, value(args, ++i, a), 10);
                    case "--harrier" -> harrier = Path.of(value(args, ++i, a));
                    case "--cli-jvm" -> cli = jvmOptions(value(args, ++i, a));
                    case "--grid-jvm" -> gridJvm = jvmOptions(value(args, ++i, a));
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Options(jobs, clusters, gridJobs, warmupJobs, pairs, lead, queries, spawns, harrier, cli, gridJvm,
                    help);
        }
    }

    private QueryLoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        runAndExit("QueryLoadBenchmark", USAGE, args, Options::parse, Options::help, QueryLoadBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        if (!Files.isExecutable(o.harrier())) {
            throw new IllegalArgumentException(o.harrier().toAbsolutePath() + " is not an executable launcher (--harrier)");
        }
        out.println("load average at the start: " + loadAverage());
        try (MeasuredGrid grid = MeasuredGrid.start(o.spawns(), o.gridJvm(), out)) {
            ExpiryLog expiries = new ExpiryLog(grid.grid().log());
            long queueing = expiries.mark();
            long start = System.nanoTime();
            DeepQueue queue = DeepQueue.submit(grid.scheduler(), grid.iwd(), o.jobs(), o.clusters());
            print(out, "queued_s", "%.2f", (System.nanoTime() - start) / 1e9, String.format(Locale.ROOT,
                    "%,d jobs that never match in %,d clusters (%d-%d), SubmitCluster calls until acknowledged",
                    o.jobs(), o.clusters(), queue.firstCluster(), queue.lastCluster()));
            double settled = settle(grid.grid());
            print(out, "settled_s", "%.1f", settled, String.format(Locale.ROOT,
                    "then until the grid used under %.1f of a core over 2 s (its job objects published)", SETTLED_CORES));

            Map<String, Integer> queueingExpired = expiries.since(queueing);
            long warming = expiries.mark();
            ClassAd ad = GridBenchmark.jobAd(grid.iwd());
            MeasuredGrid.Throughput warmup = grid.cluster(ad, o.warmupJobs());
            print(out, "warmup_jobs_per_s", "%.1f", warmup.jobsPerSecond(), String.format(Locale.ROOT,
                    "%d /bin/true jobs in one cluster, not counted below (the grid's JVM compiles)", o.warmupJobs()));
            Map<String, Integer> quietExpired = new TreeMap<>(expiries.since(warming));

            QueryLoop.Launcher launcher = new QueryLoop.Launcher(o.harrier(), grid.grid().data(), o.cliJvm(),
                    Files.createDirectories(grid.iwd().resolveSibling("queries")));
            Map<String, Integer> loadedExpired = new TreeMap<>();
            int commands = 0;
            int failed = 0;
            List<String> failures = new ArrayList<>();
            for (int pair = 1; pair <= o.pairs(); pair++) {
                long quietMark = expiries.mark();
                out.printf(Locale.ROOT, "pair %d, no queries: %d /bin/true jobs in one cluster%n", pair, o.gridJobs());
                double quiet = measured(grid, ad, o.gridJobs(), QUIET_WAIT.plusSeconds(o.gridJobs() / 20), out)
                        .jobsPerSecond();
                expiries.since(quietMark).forEach((type, n) -> quietExpired.merge(type, n, Integer::sum));

                out.printf(Locale.ROOT, "pair %d, %d query loops (%s): %d /bin/true jobs in one cluster%n", pair,
                        o.queries().size(), String.join(", ", o.queries()), o.gridJobs());
                long loadedMark = expiries.mark();
                double commandsCpu = QueryLoop.commandsCpuMillis();
                long phase = System.nanoTime();
                List<QueryLoop> loops = queue.queries().stream().filter(q -> o.queries().contains(q.name()))
                        .map(q -> QueryLoop.start(q, launcher)).toList();
                Thread.sleep(o.leadSeconds() * 1000L);
                long from = System.nanoTime();
                double loaded;
                long to;
                try {
                    // A floor of one job a second: under the queries the grid has run at a tenth of its quiet rate.
                    loaded = measured(grid, ad, o.gridJobs(), QUIET_WAIT.plusSeconds(o.gridJobs()), out).jobsPerSecond();
                    to = System.nanoTime();
                } finally {
                    for (QueryLoop loop : loops) {
                        loop.stop(WIND_DOWN);
                    }
                }
                expiries.since(loadedMark).forEach((type, n) -> loadedExpired.merge(type, n, Integer::sum));
                double cores = (QueryLoop.commandsCpuMillis() - commandsCpu) / ((System.nanoTime() - phase) / 1e6);
                printQueries(loops, from, to, out);
                print(out, "query_cpu_cores", "%.2f", cores, String.format(Locale.ROOT,
                        "the query commands' own CPU (their JVMs) from the loops' start to the last one's end, of %d cores",
                        Runtime.getRuntime().availableProcessors()));
                for (QueryLoop loop : loops) {
                    commands += loop.completed();
                    failed += loop.failed();
                    failures.addAll(loop.failures());
                }
                double drop = loaded / quiet;
                print(out, "loaded_over_quiet", "%.3f", drop, verdict(drop >= DROP_TARGET,
                        "ratio with the queries / ratio without; target >= %.1f (a drop of at most 10%%)", DROP_TARGET));
            }
            print(out, "query_commands", "%.0f", (double) commands, String.format(Locale.ROOT,
                    "completed and checked in the loaded rounds, each a harrier q JVM; failed %d", failed));
            failures.forEach(f -> out.println("QUERY FAILED: " + f));
            int expired = ExpiryLog.total(loadedExpired);
            print(out, "ads_expired", "%.0f", (double) expired, verdict(expired == 0,
                    "collector ads expired while the queries ran %s; target 0", loadedExpired));
            print(out, "ads_expired_queueing", "%.0f", (double) ExpiryLog.total(queueingExpired), String.format(Locale.ROOT,
                    "while the deep queue was submitted and its job objects published, until settled %s", queueingExpired));
            print(out, "ads_expired_quiet", "%.0f", (double) ExpiryLog.total(quietExpired), String.format(Locale.ROOT,
                    "in the warm-up and the rounds without queries %s", quietExpired));
            GetTotals.Totals totals = grid.scheduler().call(new GetTotals());
            print(out, "queued_after", "%.0f", (double) totals.jobs(), String.format(Locale.ROOT,
                    "jobs left in the queue, %d of them idle; the deep queue is %d", totals.idle(), o.jobs()));
        }
        out.println("load average at the end: " + loadAverage());
    }

    /** The machine's 1, 5 and 15 minute load averages: other work on these shared cores shows here. */
    private static String loadAverage() throws IOException {
        String[] f = Files.readString(Path.of("/proc", "loadavg")).split(" ");
        return f[0] + " " + f[1] + " " + f[2];
    }

    /** One measured cluster, printed as GridBenchmark prints a round; all its jobs finished when it returns. */
    private static MeasuredGrid.Throughput measured(MeasuredGrid grid, ClassAd ad, int jobs, Duration wait,
            PrintStream out) throws InterruptedException, IOException {
        double cpuBefore = grid.grid().cpuMillis();
        long start = System.nanoTime();
        MeasuredGrid.Throughput t = grid.cluster(ad, jobs, wait);
        double wallMillis = (System.nanoTime() - start) / 1e6;
        double cpu = grid.grid().cpuMillis() - cpuBefore;
        print(out, "jobs_per_s", "%.1f", t.jobsPerSecond(), String.format(Locale.ROOT,
                "SubmitCluster to the last of its %d completions", jobs));
        print(out, "ratio", "%.3f", t.jobsPerSecond() / grid.baseline().perSecond(), "jobs_per_s / spawn_per_s");
        // With queries running, the grid's CPU includes serving them: per job it says what the
        // queries cost the grid; in cores, whether the grid got the machine's CPU or waited for it.
        print(out, "grid_cpu_ms_per_job", "%.2f", cpu / jobs, String.format(Locale.ROOT,
                "the grid process's user+system CPU over the cluster, per job; %.2f cores", cpu / wallMillis));
        return t;
    }

    private static void printQueries(List<QueryLoop> loops, long from, long to, PrintStream out) {
        int during = 0;
        StringBuilder each = new StringBuilder();
        for (QueryLoop loop : loops) {
            int n = loop.completedBetween(from, to);
            during += n;
            each.append(each.length() == 0 ? "" : ", ").append(loop.query().name()).append(' ').append(n);
        }
        print(out, "queries_during", "%.0f", (double) during, "query commands that finished while the cluster ran: " + each);
        for (QueryLoop loop : loops) {
            print(out, loop.query().name().replace('-', '_') + "_s", "%.2f", loop.medianSeconds(), String.format(Locale.ROOT,
                    "harrier %s, median wall of %d under load", String.join(" ", loop.query().args()), loop.completed()));
        }
    }

    /** Seconds until the grid's CPU over two seconds falls under {@link #SETTLED_CORES}; at most {@link #SETTLE_LIMIT}. */
    private static double settle(ChildGrid grid) throws IOException, InterruptedException {
        long start = System.nanoTime();
        double before = grid.cpuMillis();
        while (System.nanoTime() - start < SETTLE_LIMIT.toNanos()) {
            Thread.sleep(2000);
            double now = grid.cpuMillis();
            if (now - before < SETTLED_CORES * 2000) {
                break;
            }
            before = now;
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
