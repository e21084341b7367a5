package org.harrier.benchmarks.queue;

import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.jvmOptions;
import static org.harrier.benchmarks.CommandLine.runAndExit;
import static org.harrier.benchmarks.CommandLine.value;
import static org.harrier.benchmarks.Figures.print;
import static org.harrier.benchmarks.Figures.verdict;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.GetHistory;
import org.harrier.protocol.scheduler.GetTotals;
import org.harrier.scheduler.store.HistoryFile;

/**
 * {@code harrier history} over a long history (issue 16): N finished jobs' final ads are written
 * to a spool's history file (through {@link HistoryFile}, which also writes its index), a
 * scheduler JVM is started on that spool, and {@code harrier history} runs as its own JVM, as a
 * user runs it, for one job, the newest 10, one cluster, and a constraint that 1% of the jobs
 * meet, each beside {@code java -version} in the same run, then a call the scheduler answers on
 * its owner thread (GetTotals, as it does submissions, claims and exits) sent while that scan
 * reads. Jobs are written round-robin over the clusters, as concurrent clusters finish, so a
 * cluster's ads lie all over the file. Every answer is checked (which jobs, how many) before its
 * time is printed.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.queue.HistoryScaleBenchmark}.
 */
public final class HistoryScaleBenchmark {
    static final double LOOKUP_TARGET_S = 0.5;
    private static final Duration WAIT = Duration.ofSeconds(300);
    private static final Pattern ROW = Pattern.compile("(?m)^\\s*(\\d+)\\.(\\d+)\\s");
    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.queue.HistoryScaleBenchmark [options]

            Writes N finished jobs to a spool's history, starts a broker here and a scheduler JVM on
            the spool, and times harrier history (bin/harrier, a JVM each run) for one job, -limit 10, one
            cluster and a constraint matching 1%, beside java -version; the median of R runs. Then
            times GetTotals (the scheduler's owner thread) sent while the 1% scan reads.

              --jobs N           finished jobs in the history (default 1000000)
              --clusters N       clusters they belong to, round-robin (default 1000)
              --runs N           runs of each command (default 5)
              --harrier SH       the launcher the commands run through (default bin/harrier, from
                                 the working directory; run with HARRIER_NO_BUILD=1)
              --scheduler-jvm OPTS  options for the scheduler's JVM (default -XX:TieredStopAtLevel=1)
              --scheduler-classpath CP  the scheduler's classes (default this JVM's): another
                                 commit's benchmarks.jar, to compare the two on one history
              --scheduler-name NAME  the scheduler's name (default this host's, as harrier up
                                 names it: a command stops looking for schedulers when that one
                                 answers; under another name it waits out its 250 ms locate)
              --spool DIR        keep the history in DIR (else in a temporary directory, deleted
                                 after): written there if DIR has none, else used as it is (it must
                                 be from a run with the same --jobs and --clusters)
              -h, --help         this text
            """;

    record Options(int jobs, int clusters, int runs, Path harrier, List<String> jvm, String classpath, Path spool,
            String schedulerName, boolean help) {
        Options {
            if (clusters > jobs) {
                throw new IllegalArgumentException("--clusters must be at most --jobs, got " + clusters + " and " + jobs);
            }
        }

        static Options parse(String[] args) {
            int jobs = 1_000_000;
            int clusters = 1_000;
            int runs = 5;
            Path harrier = Path.of("bin", "harrier");
            List<String> jvm = List.of("-XX:TieredStopAtLevel=1");
            String classpath = System.getProperty("java.class.path");
            Path spool = null;
            String name = hostName();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(jobs, clusters, runs, harrier, jvm, classpath, spool, name, true);
                    }
                    case "--jobs" -> jobs = count(a, value(args, ++i, a), 100);
                    case "--clusters" -> clusters = count(a, value(args, ++i, a), 1);
                    case "--runs" -> runs = count(a, value(args, ++i, a), 1);
                    case "--harrier" -> harrier = Path.of(value(args, ++i, a));
                    case "--scheduler-jvm" -> jvm = jvmOptions(value(args, ++i, a));
                    case "--scheduler-classpath" -> classpath = value(args, ++i, a);
                    case "--spool" -> spool = Path.of(value(args, ++i, a));
                    case "--scheduler-name" -> name = value(args, ++i, a);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Options(jobs, clusters, runs, harrier, jvm, classpath, spool, name, false);
        }

        /** The scheduler's default name, as the console finds it (BusGridClient) and harrier up names its scheduler. */
        private static String hostName() {
            try {
                return java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.net.UnknownHostException e) {
                return "localhost";
            }
        }

        /** Job {@code n} (0-based, in the order written): cluster 1 + n mod C, proc n div C. */
        int cluster(int n) {
            return 1 + n % clusters;
        }

        int proc(int n) {
            return n / clusters;
        }
    }

    private HistoryScaleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        runAndExit("HistoryScaleBenchmark", USAGE, args, Options::parse, Options::help, HistoryScaleBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        if (!Files.isExecutable(o.harrier())) {
            throw new IllegalArgumentException(o.harrier().toAbsolutePath() + " is not an executable launcher (--harrier)");
        }
        Path dir = Files.createTempDirectory("harrier-historybench");
        try {
            run(o, dir, o.spool() != null ? o.spool() : dir.resolve("spool"), out);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static void run(Options o, Path dir, Path spool, PrintStream out) throws Exception {
        out.println("spool: " + spool + (o.classpath().equals(System.getProperty("java.class.path")) ? ""
                : "; the scheduler's classes: " + o.classpath()));
        if (!Files.exists(spool.resolve("history"))) {
            Files.createDirectories(spool);
            long start = System.nanoTime();
            write(o, spool);
            print(out, "history_write_s", "%.1f", (System.nanoTime() - start) / 1e9, String.format(java.util.Locale.ROOT,
                    "%,d final ads in %,d clusters through HistoryFile, fsynced per 1,000", o.jobs(), o.clusters()));
        }
        print(out, "history_mib", "%.1f", Files.size(spool.resolve("history")) / 1048576.0, "");
        print(out, "index_mib", "%.1f", Files.size(spool.resolve("history-index")) / 1048576.0, "");
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl());
             SchedulerProcess scheduler = SchedulerProcess.start(broker.clientUrl(), spool, dir.resolve("scheduler.log"), o.jvm(),
                     o.classpath(), o.schedulerName())) {
            out.println("scheduler: " + scheduler.agent().name());
            awaitServing(bus.console(), scheduler);
            Runner runner = new Runner(new HarrierCli(o.harrier(), broker.url(), dir.resolve("broker")), bus.console(), scheduler,
                    o.runs(), out);
            int last = o.jobs() - 1;
            int middle = o.jobs() / 2;
            String job = o.cluster(middle) + "." + o.proc(middle);
            String before = o.cluster(middle - 1) + "." + o.proc(middle - 1);
            int cluster = o.cluster(last);
            int perCluster = o.jobs() / o.clusters() + (o.jobs() % o.clusters() >= cluster ? 1 : 0);
            int failed = (o.jobs() - 8) / 100 + 1;
            runner.once(new Command("history_first_id_s", "the first history command, once the scheduler answers GetTotals",
                    List.of("history", before), 1, before::equals, null));
            runner.javaVersion();
            runner.time(new Command("cli_q_id_s", "harrier q 1.0 (not queued; the oldest ad in the history): the command's own cost",
                    List.of("q", "1.0"), 0, id -> false, null));
            runner.time(new Command("history_id_s", "harrier history " + job, List.of("history", job), 1, job::equals,
                    new GetHistory("ClusterId == " + o.cluster(middle) + " && ProcId == " + o.proc(middle), null)));
            runner.time(new Command("history_limit10_s", "harrier history -limit 10: the newest 10", List.of("history", "-limit", "10"),
                    10, id -> jobNumber(o, id) > last - 10, new GetHistory(null, 10L)));
            runner.time(new Command("history_cluster_s", String.format(java.util.Locale.ROOT,
                    "harrier history %d: %,d jobs spread over the file", cluster, perCluster), List.of("history", Integer.toString(cluster)),
                    perCluster, id -> id.startsWith(cluster + "."), new GetHistory("ClusterId == " + cluster, null)));
            runner.time(new Command("history_constraint_1pct_s", String.format(java.util.Locale.ROOT,
                    "harrier history -constraint 'ExitCode == 1': %,d jobs, a scan of the file", failed),
                    List.of("history", "-constraint", "ExitCode == 1"), failed, id -> jobNumber(o, id) % 100 == 7,
                    new GetHistory("ExitCode == 1", null)));
            runner.ownerCallDuringScan(new GetHistory("ExitCode == 1", null));
            out.println("scheduler: " + indexReadReport(dir.resolve("scheduler.log")));
        }
    }

    /**
     * Waits until the scheduler answers GetTotals, which reads no history: the first history
     * command after that is timed as a user who asks just after the start would see it. Not
     * SchedulerProcess's GetAd of job 1.0: that job is in this history, its oldest ad, and a
     * scheduler without the index reads the whole file for it, longer than the probe waits.
     */
    private static void awaitServing(Console console, SchedulerProcess scheduler) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try {
                Console.join(console.call(scheduler.agent(), scheduler.object(), new GetTotals(), Duration.ofSeconds(10)));
                return;
            } catch (RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the scheduler did not answer GetTotals within " + WAIT, e);
                }
                Thread.sleep(100);
            }
        }
    }

    /** The scheduler's own report of reading its history's indexes after its recovery (none before issue 16's third session). */
    private static String indexReadReport(Path log) throws IOException {
        return Files.readString(log).lines().filter(l -> l.contains("history index of")).findFirst()
                .map(l -> l.substring(l.indexOf("history index of"))).orElse("not reported");
    }

    private static int jobNumber(Options o, String id) {
        int dot = id.indexOf('.');
        return Integer.parseInt(id.substring(dot + 1)) * o.clusters() + Integer.parseInt(id.substring(0, dot)) - 1;
    }

    /**
     * A command to time: its harrier arguments, how many rows it prints, which ids are right, and
     * the GetHistory it sends (null: none), also timed alone over this JVM's bus connection.
     */
    private record Command(String name, String note, List<String> args, int rows, Predicate<String> right, GetHistory call) {
    }

    /** Runs each command R times and prints its median, then its GetHistory's alone. */
    private record Runner(HarrierCli cli, Console console, SchedulerProcess scheduler, int runs, PrintStream out) {
        void once(Command c) throws IOException, InterruptedException {
            print(out, c.name(), "%.2f", cli(c, 1).get(0), c.note());
        }

        void javaVersion() throws IOException, InterruptedException {
            List<Double> s = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                cli.javaVersion();
                s.add((System.nanoTime() - t0) / 1e9);
            }
            print(out, "java_version_s", "%.2f", median(s), "baseline: java -version, the same JVM's start" + spread(s));
        }

        void time(Command c) throws IOException, InterruptedException {
            List<Double> s = cli(c, runs);
            String note = c.name().equals("history_id_s")
                    ? verdict(median(s) <= LOOKUP_TARGET_S, "%s; target <= %.1f s", c.note(), LOOKUP_TARGET_S) : c.note();
            print(out, c.name(), "%.2f", median(s), note + spread(s));
            if (c.call() == null) {
                return;
            }
            List<Double> ms = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                int ads = 0;
                GetHistory q = c.call();
                while (true) {
                    GetHistory.Ads page = Console.join(console.call(scheduler.agent(), scheduler.object(), q, WAIT));
                    ads += page.ads().size();
                    if (!page.more() || page.ads().isEmpty()) {
                        break;
                    }
                    ClassAd lastAd = page.ads().get(page.ads().size() - 1);
                    q = new GetHistory(q.constraint(), q.limit() == null ? null : q.limit() - ads,
                            lastAd.lookup("ClusterId").unparse() + "." + lastAd.lookup("ProcId").unparse());
                }
                ms.add((System.nanoTime() - t0) / 1e6);
                if (ads != c.rows()) {
                    throw new IllegalStateException(c.name() + ": GetHistory answered " + ads + " ads, not " + c.rows());
                }
            }
            print(out, c.name().replace("_s", "_call_ms"), "%.0f", median(ms), "its GetHistory calls alone, from this JVM" + spread(ms));
        }

        /**
         * GetTotals, which the scheduler answers on its owner thread (as it does submissions,
         * claims and exits), sent while {@code scan} reads the whole history: how long it waits,
         * and in how many runs the scan was still reading when it answered.
         */
        void ownerCallDuringScan(GetHistory scan) throws InterruptedException {
            List<Double> ms = new ArrayList<>();
            int during = 0;
            for (int r = 0; r < runs; r++) {
                java.util.concurrent.CompletableFuture<GetHistory.Ads> reading = console.call(scheduler.agent(), scheduler.object(),
                        scan, WAIT);
                Thread.sleep(50); // the scan has begun
                long t0 = System.nanoTime();
                Console.join(console.call(scheduler.agent(), scheduler.object(), new GetTotals(), WAIT));
                ms.add((System.nanoTime() - t0) / 1e6);
                during += reading.isDone() ? 0 : 1;
                Console.join(reading);
            }
            print(out, "owner_call_during_scan_ms", "%.0f", median(ms), String.format(java.util.Locale.ROOT,
                    "GetTotals sent 50 ms into the 1%% scan's GetHistory; the scan still reading in %d of %d%s", during, runs,
                    spread(ms)));
        }

        private List<Double> cli(Command c, int n) throws IOException, InterruptedException {
            List<Double> s = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                long t0 = System.nanoTime();
                String printed = cli.run(c.args());
                s.add((System.nanoTime() - t0) / 1e9);
                check(c, printed);
            }
            return s;
        }

        private static double median(List<Double> s) {
            List<Double> sorted = new ArrayList<>(s);
            Collections.sort(sorted);
            return sorted.get(sorted.size() / 2);
        }

        private String spread(List<Double> s) {
            return runs > 1 ? String.format(java.util.Locale.ROOT, " (median of %d, %.2f-%.2f)", runs, Collections.min(s),
                    Collections.max(s)) : "";
        }
    }

    /** The rows printed are the ones expected: how many, which, and each once. */
    private static void check(Command c, String printed) {
        Matcher m = ROW.matcher(printed);
        List<String> ids = new ArrayList<>();
        while (m.find()) {
            ids.add(m.group(1) + "." + m.group(2));
        }
        boolean right = ids.size() == c.rows() && ids.stream().allMatch(c.right()) && ids.stream().distinct().count() == ids.size();
        if (!right) {
            throw new IllegalStateException(c.name() + ": expected " + c.rows() + " right rows, got " + ids.size() + ":\n"
                    + (printed.length() > 2000 ? printed.substring(0, 2000) + "..." : printed));
        }
    }

    /** N final ads, 1,000 per append (one fsync each, as a busy scheduler's batches would be). */
    private static void write(Options o, Path spool) throws IOException {
        HistoryFile history = new HistoryFile(spool, Long.MAX_VALUE, 0);
        List<ClassAd> batch = new ArrayList<>(1000);
        for (int n = 0; n < o.jobs(); n++) {
            batch.add(finishedJob(o.cluster(n), o.proc(n), n));
            if (batch.size() == 1000 || n == o.jobs() - 1) {
                history.append(batch);
                history.force(); // a scheduler fsyncs its history less often now; this keeps the benchmark's figures comparable
                batch.clear();
            }
        }
    }

    /** A finished job's final ad, as the scheduler writes one (about 770 bytes); 1% of them exited with 1. */
    static ClassAd finishedJob(int cluster, int proc, int n) {
        long done = 1_795_000_000L + n / 50;
        return ClassAd.builder().set("ClusterId", cluster).set("ProcId", proc).set("Owner", "bench")
                .set("User", "bench@bench").set("Cmd", "/bin/true").set("Args", "").set("Iwd", "/tmp")
                .set("JobUniverse", 5).set("JobStatus", 4).set("LastJobStatus", 2).set("ExitCode", n % 100 == 7 ? 1 : 0)
                .set("ExitBySignal", false).set("QDate", done - 60).set("JobStartDate", done - 5)
                .set("JobCurrentStartDate", done - 5).set("CompletionDate", done).set("EnteredCurrentStatus", done)
                .set("RemoteWallClockTime", 5.0).set("NumJobStarts", 1).set("RequestCpus", 1).set("RequestMemory", 128)
                .set("RequestDisk", 1024).set("MemoryUsage", 3).set("ImageSize", 2500)
                .set("RemoteHost", "slot1_" + (n % 8 + 1) + "@bench.example").set("GlobalJobId", "bench#" + cluster + "." + proc + "#" + done)
                .set("Out", "out." + proc).set("Err", "err." + proc).set("CustomId", cluster + "." + proc)
                .setExpr("Requirements", "TARGET.Arch == \"X86_64\" && TARGET.OpSys == \"LINUX\" && TARGET.Memory >= RequestMemory")
                .build();
    }

    /** {@code harrier} as a user runs it: its own JVM, with bin/harrier's options, against this run's broker. */
    private record HarrierCli(Path launcher, String brokerUrl, Path data) {
        String run(List<String> args) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of(launcher.toString(), "--broker", brokerUrl,
                    "--data", data.toString()));
            command.addAll(args);
            return exec(command);
        }

        String javaVersion() throws IOException, InterruptedException {
            return exec(List.of(java(), "-XX:TieredStopAtLevel=1", "-version"));
        }

        private static String java() {
            return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }

        private static String exec(List<String> command) throws IOException, InterruptedException {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            pb.environment().keySet().removeIf(k -> k.startsWith("HARRIER_"));
            pb.environment().put("HARRIER_NO_BUILD", "1"); // the launcher runs the jar as built
            Process p = pb.start();
            String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command.subList(Math.min(4, command.size()), command.size()))
                        + " failed:\n" + printed);
            }
            return printed;
        }
    }
}
