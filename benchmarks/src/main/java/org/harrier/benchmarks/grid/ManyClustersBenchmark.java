package org.harrier.benchmarks.grid;

import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.jvmOptions;
import static org.harrier.benchmarks.CommandLine.runAndExit;
import static org.harrier.benchmarks.CommandLine.value;
import static org.harrier.benchmarks.Figures.print;
import static org.harrier.benchmarks.Figures.verdict;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.SubmitCluster;

/**
 * Issue 16's many clusters: C clusters of P {@code /bin/true} jobs, each cluster with a user log
 * of its own (condor_submit's {@code log = ...}, the {@code UserLog} attribute, absolute), one
 * client submitting them one after another while the grid already runs the first. Printed: jobs
 * per second from the first SubmitCluster to the last completion and its ratio to the spawn
 * baseline; then every log is read back and must hold exactly one submit, execute and terminate
 * event per job. A mismatch is printed line by line, in capitals: it is a lost or doubled event,
 * which issue 16 may not trade for speed.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.ManyClustersBenchmark}
 * ({@code --help} for the options).
 */
public final class ManyClustersBenchmark {
    static final double RATIO_TARGET = 0.4;
    /** The scheduler appends to user logs on a thread of its own, after the job's indication: how long to let it. */
    private static final Duration LOG_SETTLE = Duration.ofSeconds(30);
    private static final int MISMATCHES_SHOWN = 20;

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.grid.ManyClustersBenchmark [options]

            Measures spawn_per_s (as GridBenchmark), starts a personal grid in a process of its own,
            and submits C clusters of P /bin/true jobs one after another, each cluster with a user
            log (UserLog) of its own. Prints jobs_per_s, from the first SubmitCluster to the last
            completion, and its ratio to spawn_per_s (target >= 0.4); then counts every log's events:
            exactly one submit (000), execute (001) and terminate (005) event per job, nothing else.

              --clusters N       clusters (default 1000)
              --jobs N           jobs in each cluster (default 100)
              --spawns N         processes for the spawn baseline (default 2000)
              --grid-jvm OPTS    options for the grid's JVM, space separated (default: what
                                 bin/harrier uses, -XX:TieredStopAtLevel=1; "" for the JDK's)
              -h, --help         this text
            """;

    record Options(int clusters, int jobs, int spawns, List<String> gridJvm, boolean help) {
        static Options parse(String[] args) {
            int clusters = 1000;
            int jobs = 100;
            int spawns = 2000;
            List<String> gridJvm = ChildGrid.DEFAULT_JVM;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(clusters, jobs, spawns, gridJvm, true);
                    }
                    case "--clusters" -> clusters = count(a, value(args, ++i, a), 1);
                    case "--jobs" -> jobs = count(a, value(args, ++i, a), 1);
                    case "--spawns" -> spawns = count(a, value(args, ++i, a), 10);
                    case "--grid-jvm" -> gridJvm = jvmOptions(value(args, ++i, a));
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Options(clusters, jobs, spawns, gridJvm, false);
        }
    }

    private ManyClustersBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        runAndExit("ManyClustersBenchmark", USAGE, args, Options::parse, Options::help, ManyClustersBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        try (MeasuredGrid grid = MeasuredGrid.start(o.spawns(), o.gridJvm(), out)) {
            ClassAd job = GridBenchmark.jobAd(grid.iwd());
            Map<Path, Long> logs = new LinkedHashMap<>();
            int jobs = o.clusters() * o.jobs();
            int before = grid.watch().completed();
            long start = System.nanoTime();
            for (int c = 0; c < o.clusters(); c++) {
                Path log = grid.iwd().resolve(String.format(Locale.ROOT, "cluster-%04d.log", c));
                ClassAd ad = job.toBuilder().set("UserLog", log.toString()).build();
                logs.put(log, grid.scheduler().call(new SubmitCluster(ad, o.jobs(), List.of())).clusterId());
            }
            double submitSeconds = (System.nanoTime() - start) / 1e9;
            long last = grid.watch().awaitCompleted(before + jobs, Scheduler.WAIT.plusSeconds(jobs / 20));
            double perSecond = jobs / ((last - start) / 1e9);
            out.printf(Locale.ROOT, "%d clusters of %d /bin/true jobs, each with a user log, one client%n",
                    o.clusters(), o.jobs());
            print(out, "submit_s", "%.2f", submitSeconds, "until the last SubmitCluster answered");
            print(out, "jobs_per_s", "%.1f", perSecond, "the first SubmitCluster to the last completion");
            grid.printRatio(out, perSecond, RATIO_TARGET, "jobs_per_s / spawn_per_s");
            tally(logs, o.jobs(), out);
        }
    }

    /** Counts the logs until they hold what they must, or the appender had its time. */
    private static void tally(Map<Path, Long> logs, int procs, PrintStream out) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + LOG_SETTLE.toNanos();
        UserLogTally tally = UserLogTally.count(logs, procs);
        while (!tally.mismatches().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            tally = UserLogTally.count(logs, procs);
        }
        long expected = (long) logs.size() * procs;
        print(out, "user_log_events", "%.0f", (double) tally.submits() + tally.executes() + tally.terminates() + tally.others(),
                verdict(tally.mismatches().isEmpty(), "in %d logs: submit %d, execute %d, terminate %d, other %d;"
                        + " %d of each expected", logs.size(), tally.submits(), tally.executes(), tally.terminates(),
                        tally.others(), expected));
        for (String m : tally.mismatches().subList(0, Math.min(MISMATCHES_SHOWN, tally.mismatches().size()))) {
            out.println("USER LOG MISMATCH: " + m);
        }
        if (tally.mismatches().size() > MISMATCHES_SHOWN) {
            out.printf(Locale.ROOT, "USER LOG MISMATCH: ... and %d more%n", tally.mismatches().size() - MISMATCHES_SHOWN);
        }
    }
}
