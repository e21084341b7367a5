package org.harrier.benchmarks.grid;

import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.jvmOptions;
import static org.harrier.benchmarks.CommandLine.runAndExit;
import static org.harrier.benchmarks.CommandLine.value;
import static org.harrier.benchmarks.Figures.print;
import static org.harrier.benchmarks.Figures.verdict;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.GetTotals;

/**
 * Issue 16's "seed's second configuration": jobs submitted while jobs drain. The grid's drain
 * rate is measured first, on the second half of a warm-up cluster; then several clients each submit single-job
 * clusters (one {@code Submit} per job) at together 1.1 times that rate for a window, so the
 * queue grows slowly while the grid runs flat out. Printed: the completion rate sustained over
 * the window and its ratio to the spawn baseline, Submit's p50 and p99, and whether the idle
 * queue drained afterwards and how long after the last Submit; then where the CPU went: the
 * grid's per job once nobody submits, the grid's per Submit beyond that, and the clients'.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.DrainBenchmark}
 * ({@code --help} for the options).
 */
public final class DrainBenchmark {
    static final double RATIO_TARGET = 0.45;
    static final double P99_TARGET_MS = 100;
    /** How far above the measured drain rate the clients submit: the queue must grow, slowly. */
    static final double OVERLOAD = 1.1;

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.DrainBenchmark [options]

            Measures spawn_per_s (as GridBenchmark), starts a personal grid in a process of its own,
            runs a warm-up cluster of /bin/true jobs to measure the grid's drain rate (over the
            cluster's second half, once the grid's JVM has compiled its code), then has
            several clients, each on a connection of its own, submit one job per Submit call at
            together 1.1 x that rate, first for a client warm-up (not measured: this JVM compiles
            the clients' code), then for the window, while jobs run. Prints the completion rate over
            the window and its ratio to spawn_per_s (target >= 0.45), Submit p50 and p99 (target
            p99 < 100 ms), and whether every submitted job completed and no idle job is left
            (the scheduler's GetTotals), with the time from the last Submit to the last completion;
            then the grid's CPU per job with nobody submitting, per Submit beyond that, and the
            clients' CPU per Submit.

              --seconds N        the submission window (default 60)
              --clients N        submitting clients (default 4)
              --client-warmup N  seconds of submissions before the window, not measured (default 10)
              --warmup-jobs N    jobs in the warm-up cluster that measures the drain rate (default 2000)
              --rate N           submit N jobs/s in all instead of 1.1 x the measured drain rate
              --spawns N         processes for the spawn baseline (default 2000)
              --grid-jvm OPTS    options for the grid's JVM, space separated (default: what
                                 bin/harrier uses, -XX:TieredStopAtLevel=1; "" for the JDK's)
              -h, --help         this text
            """;

    record Options(int seconds, int clients, int clientWarmup, int warmupJobs, int rate, int spawns, List<String> gridJvm,
            boolean help) {
        static Options parse(String[] args) {
            int seconds = 60;
            int clients = 4;
            int clientWarmup = 10;
            int warmupJobs = 2000;
            int rate = 0;
            int spawns = 2000;
            List<String> gridJvm = ChildGrid.DEFAULT_JVM;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(seconds, clients, clientWarmup, warmupJobs, rate, spawns, gridJvm, true);
                    }
                    case "--seconds" -> seconds = count(a, value(args, ++i, a), 1);
                    case "--clients" -> clients = count(a, value(args, ++i, a), 1);
                    case "--client-warmup" -> clientWarmup = count(a, value(args, ++i, a), 0);
                    case "--warmup-jobs" -> warmupJobs = count(a, value(args, ++i, a), 4); // two in each half
                    case "--rate" -> rate = count(a, value(args, ++i, a), 1);
                    case "--spawns" -> spawns = count(a, value(args, ++i, a), 10);
                    case "--grid-jvm" -> gridJvm = jvmOptions(value(args, ++i, a));
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Options(seconds, clients, clientWarmup, warmupJobs, rate, spawns, gridJvm, false);
        }
    }

    private DrainBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        runAndExit("DrainBenchmark", USAGE, args, Options::parse, Options::help, DrainBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        try (MeasuredGrid grid = MeasuredGrid.start(o.spawns(), o.gridJvm(), out)) {
            ClassAd ad = GridBenchmark.jobAd(grid.iwd());
            JobWatch watch = grid.watch();
            double drain = drainRate(grid, ad, o.warmupJobs());
            print(out, "drain_per_s", "%.1f", drain, String.format(Locale.ROOT,
                    "warm-up: %d jobs in one cluster; completions over its second half, the grid's JVM compiled",
                    o.warmupJobs()));
            double offered = o.rate() > 0 ? o.rate() : OVERLOAD * drain;
            print(out, "offered_per_s", "%.1f", offered, o.rate() > 0 ? "--rate" : String.format(Locale.ROOT,
                    "%.1f x drain_per_s, from %d clients, one Submit per job, for %d s", OVERLOAD, o.clients(), o.seconds()));

            int before = watch.completed();
            // The clients' first seconds compile their code in this JVM (C2, a third of its CPU then),
            // which competes with the grid for the two cores: the window starts once that is done.
            int warmed = o.clientWarmup() == 0 ? 0 : PacedSubmitters.run(grid, ad, o.clients(), offered,
                    Duration.ofSeconds(o.clientWarmup())).submitted();
            CpuSpent spent = CpuSpent.from(grid, watch.completed());
            PacedSubmitters.Window window = PacedSubmitters.run(grid, ad, o.clients(), offered,
                    Duration.ofSeconds(o.seconds()));
            CpuSpent inWindow = spent.until(grid);
            long backlog = grid.scheduler().call(new GetTotals()).idle();
            long windowEnd = window.startNanos() + Duration.ofSeconds(o.seconds()).toNanos();
            print(out, "submitted_per_s", "%.1f", window.submittedPerSecond(), String.format(Locale.ROOT,
                    "%d jobs; below offered_per_s when the clients fell behind", window.submitted()));
            print(out, "idle_at_window_end", "%.0f", backlog, "idle jobs (GetTotals) once the last Submit was answered");

            double sustained = watch.completions(before).between(window.startNanos(), windowEnd) / (double) o.seconds();
            print(out, "completed_per_s", "%.1f", sustained, String.format(Locale.ROOT,
                    "completions heard during the %d s window", o.seconds()));
            grid.printRatio(out, sustained, RATIO_TARGET, "completed_per_s / spawn_per_s");
            print(out, "submit_p50_ms", "%.1f", window.latencyMillis(0.5), "Submit until answered (acknowledged on disk)");
            double p99 = window.latencyMillis(0.99);
            print(out, "submit_p99_ms", "%.1f", p99, verdict(p99 < P99_TARGET_MS, "worst %.1f; target < %.0f",
                    window.latencyMillis(1), P99_TARGET_MS));
            CpuSpent draining = CpuSpent.from(grid, watch.completed());
            drained(grid, before + warmed + window.submitted(), window, out);
            cpu(inWindow, draining.until(grid), window.submitted(), out);
        }
    }

    /**
     * What the window cost beyond the jobs it ran: the grid's CPU per job while it drains with
     * nobody submitting (single-job clusters, the same jobs) stands for a job's run, and the rest
     * of the window's grid CPU is charged to its Submits. The clients' CPU (this JVM: the four
     * clients and the job watch) is printed apart; on a shared two-core machine it competes with
     * the grid as much as the grid's own.
     */
    private static void cpu(CpuSpent window, CpuSpent drain, int submitted, PrintStream out) {
        double perJob = drain.gridMillis() / Math.max(1, drain.completions());
        print(out, "drain_cpu_ms_per_job", "%.2f", perJob, String.format(Locale.ROOT,
                "the grid's user+system CPU per job from the last Submit to the last completion (%d jobs)",
                drain.completions()));
        double perSubmit = (window.gridMillis() - window.completions() * perJob) / Math.max(1, submitted);
        print(out, "submit_grid_cpu_ms", "%.2f", perSubmit, String.format(Locale.ROOT,
                "the window's grid CPU (%.0f ms for %d completions) less drain_cpu_ms_per_job each, per Submit",
                window.gridMillis(), window.completions()));
        print(out, "submit_client_cpu_ms", "%.2f", window.clientMillis() / Math.max(1, submitted),
                "this JVM's CPU over the window per Submit: the clients, their connections and the job watch");
    }

    /** The grid's and this JVM's CPU, and the completions heard, since a moment; or between two. */
    record CpuSpent(double gridMillis, double clientMillis, int completions) {
        static CpuSpent from(MeasuredGrid grid, int completed) throws java.io.IOException {
            return new CpuSpent(grid.grid().cpuMillis(), processCpuMillis(), completed);
        }

        /** From this reading to now. */
        CpuSpent until(MeasuredGrid grid) throws java.io.IOException {
            return new CpuSpent(grid.grid().cpuMillis() - gridMillis, processCpuMillis() - clientMillis,
                    grid.watch().completed() - completions);
        }

        private static double processCpuMillis() {
            return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                    .getOperatingSystemMXBean()).getProcessCpuTime() / 1e6;
        }
    }

    /**
     * The rate the grid drains one cluster at once its JVM has compiled: the warm-up cluster's
     * completions over their second half. The whole cluster's rate, a fresh grid's, would set
     * the offered rate too low to build a queue.
     */
    private static double drainRate(MeasuredGrid grid, ClassAd ad, int jobs) throws InterruptedException {
        int before = grid.watch().completed();
        MeasuredGrid.Throughput warmup = grid.cluster(ad, jobs);
        double secondHalf = grid.watch().completions(before).rate(jobs / 2, jobs - jobs / 2);
        return Double.isNaN(secondHalf) ? warmup.jobsPerSecond() : secondHalf;
    }

    /** Waits, generously, for every submitted job to complete, then asks the scheduler how many are idle. */
    private static void drained(MeasuredGrid grid, int completions, PacedSubmitters.Window window, PrintStream out)
            throws InterruptedException {
        JobWatch watch = grid.watch();
        Duration wait = Scheduler.WAIT.plusSeconds(window.submitted() / 20);
        Long last = null;
        try {
            last = watch.awaitCompleted(completions, wait);
        } catch (IllegalStateException timedOut) {
            // reported below, with how many are left: a grid that cannot drain is a figure too
        }
        long idle = grid.scheduler().call(new GetTotals()).idle();
        int left = completions - watch.completed();
        boolean drained = last != null && idle == 0;
        double after = last == null ? Double.NaN : Math.max(0, last - window.lastAnswerNanos()) / 1e9;
        print(out, "drained_after_s", "%.2f", after, verdict(drained,
                "last Submit answered to last completion; jobs not completed %d, idle jobs left %d (GetTotals)",
                Math.max(0, left), idle));
    }
}
