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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.harrier.broker.BrokerSettings;
import org.harrier.broker.GridBroker;
import org.harrier.bus.Bus;
import org.harrier.bus.Console;
import org.harrier.protocol.scheduler.SubmitCluster;

/**
 * A queue of a million that answers at once (issue 16): N jobs queued in C clusters (SubmitCluster,
 * never matching), then {@code harrier q} run as a user runs it, a JVM per command, each timed
 * wall to wall beside the same run's {@code java -version}: q of one job id, q -totals, q
 * -constraint matching 1% of the jobs, and q -af ClusterId ProcId over every job (jobs/s). Each
 * command's output is checked (the right job, the right count, every job once) before its time
 * is believed. The scheduler is its own JVM on a fresh spool, as in {@link QueueBenchmark}.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.queue.QueryScaleBenchmark}.
 */
public final class QueryScaleBenchmark {
    static final double LOOKUP_TARGET_S = 0.5;
    static final double CONSTRAINT_TARGET_S = 2;
    static final double STREAM_TARGET_JOBS_PER_S = 100_000;
    private static final Duration WAIT = Duration.ofSeconds(300);

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.queue.QueryScaleBenchmark [options]

            Starts a broker here and the scheduler as its own JVM on a fresh spool, queues N jobs
            in C clusters, then times harrier q as a user runs it (bin/harrier, a JVM per command;
            the median of R runs, beside java -version's): q ID, q -totals, q -constraint matching
            1% of the jobs (ProcId % 100 == 7) and q -af ClusterId ProcId over every job.

              --jobs N           jobs queued (default 1000000)
              --clusters C       clusters they are submitted in, one SubmitCluster each (default 1000)
              --rounds R         runs of each command (default 3)
              --harrier SH       the launcher the commands run through (default bin/harrier, from
                                 the working directory; run with HARRIER_NO_BUILD=1)
              --cli-jvm OPTS     options for each command's JVM (HARRIER_JAVA_OPTS; default
                                 -XX:TieredStopAtLevel=1, as bin/harrier)
              --scheduler-jvm OPTS  options for the scheduler's JVM (default -XX:TieredStopAtLevel=1)
              --scheduler-name N the scheduler's name (default this host's, as a scheduler started
                                 without --name has, which commands find without waiting out
                                 the locate; any other name costs each command that wait)
              --scheduler-cp CP  the class path the scheduler runs from (default this benchmark's):
                                 another commit's build, with its --harrier, to compare the two
              -h, --help         this text
            """;

    record Options(int jobs, int clusters, int rounds, Path harrier, List<String> cliJvm, List<String> schedulerJvm,
            String schedulerClasspath, String schedulerName, boolean help) {
        Options {
            if (jobs < clusters) {
                throw new IllegalArgumentException("--jobs must be at least --clusters (" + clusters + "), got " + jobs);
            }
        }

        static Options parse(String[] args) {
            int jobs = 1_000_000;
            int clusters = 1_000;
            int rounds = 3;
            Path harrier = Path.of("bin", "harrier");
            List<String> cli = List.of("-XX:TieredStopAtLevel=1");
            List<String> scheduler = List.of("-XX:TieredStopAtLevel=1");
            String schedulerClasspath = System.getProperty("java.class.path");
            String schedulerName = hostName();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(jobs, clusters, rounds, harrier, cli, scheduler, schedulerClasspath, schedulerName, true);
                    }
                    case "--jobs" -> jobs = count(a, value(args, ++i, a), 1);
                    case "--clusters" -> clusters = count(a, value(args, ++i, a), 1);
                    case "--rounds" -> rounds = count(a, value(args, ++i, a), 1);
                    case "--harrier" -> harrier = Path.of(value(args, ++i, a));
                    case "--cli-jvm" -> cli = jvmOptions(value(args, ++i, a));
                    case "--scheduler-jvm" -> scheduler = jvmOptions(value(args, ++i, a));
                    case "--scheduler-cp" -> schedulerClasspath = value(args, ++i, a);
                    case "--scheduler-name" -> schedulerName = value(args, ++i, a);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Options(jobs, clusters, rounds, harrier, cli, scheduler, schedulerClasspath, schedulerName, false);
        }

        /** Procs of cluster {@code c} (1-based): the jobs shared out, the first clusters taking one more. */
        int procsOf(int c) {
            return jobs / clusters + (c <= jobs % clusters ? 1 : 0);
        }
    }

    private QueryScaleBenchmark() {
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    public static void main(String[] args) throws Exception {
        runAndExit("QueryScaleBenchmark", USAGE, args, Options::parse, Options::help, QueryScaleBenchmark::run);
    }

    static void run(Options o, PrintStream out) throws Exception {
        if (!Files.isExecutable(o.harrier())) {
            throw new IllegalArgumentException(o.harrier().toAbsolutePath() + " is not an executable launcher (--harrier)");
        }
        Path dir = Files.createTempDirectory("harrier-querybench");
        out.printf(Locale.ROOT, "%,d jobs in %,d clusters; command JVM options: %s%n", o.jobs(), o.clusters(),
                o.cliJvm().isEmpty() ? "(the JDK's defaults)" : String.join(" ", o.cliJvm()));
        try (GridBroker broker = GridBroker.start(BrokerSettings.personal(dir.resolve("broker")).withPort(0));
             Bus bus = Bus.connect(broker.clientUrl())) {
            Console console = bus.console();
            try (SchedulerProcess scheduler = SchedulerProcess.start(broker.clientUrl(), dir.resolve("spool"),
                    dir.resolve("scheduler.log"), o.schedulerJvm(), o.schedulerClasspath(),
                    o.schedulerName())) {
                scheduler.awaitServing(console, WAIT);
                Set<String> published = ConcurrentHashMap.newKeySet();
                try (AutoCloseable jobs = console.subscribe("job", d -> published.add(d.id().key()))) {
                    long start = System.nanoTime();
                    for (int c = 1; c <= o.clusters(); c++) {
                        Console.join(console.call(scheduler.agent(), scheduler.object(),
                                new SubmitCluster(QueueBenchmark.jobAd(), o.procsOf(c), List.of()), WAIT));
                    }
                    print(out, "queued_s", "%.2f", (System.nanoTime() - start) / 1e9, String.format(Locale.ROOT,
                            "%,d SubmitCluster calls until acknowledged", o.clusters()));
                    // A new job's object is announced to every console after the submission is
                    // answered; the scheduler's outbox sends a million of those for tens of seconds,
                    // and a query answered meanwhile waits behind them. The queue is measured settled.
                    long deadline = System.nanoTime() + WAIT.toNanos() * 5;
                    while (published.size() < o.jobs() && System.nanoTime() < deadline) {
                        Thread.sleep(50);
                    }
                    print(out, "published_s", "%.2f", (System.nanoTime() - start) / 1e9, String.format(Locale.ROOT,
                            "until a console had heard %,d of the %,d new job objects; then the commands (scheduler %s)",
                            published.size(), o.jobs(), o.schedulerName()));
                }
                Commands commands = new Commands(o, broker, dir);
                measure(o, commands, out);
            }
        }
    }

    private static void measure(Options o, Commands commands, PrintStream out) throws IOException, InterruptedException {
        double javaVersion = median(o.rounds(), () -> commands.javaVersion());
        print(out, "java_version_s", "%.3f", javaVersion, "java -version with the same options: the floor of every command");

        int middle = (o.clusters() + 1) / 2;
        String id = middle + "." + (o.procsOf(middle) - 1);
        double lookup = median(o.rounds(), () -> commands.harrier(List.of("q", id), text -> {
            long rows = text.lines().filter(l -> l.trim().startsWith(id + " ")).count();
            return rows == 1 && text.contains("\n1 jobs;") ? null : "q " + id + " did not show that one job:\n" + text;
        }));
        print(out, "q_id_s", "%.3f", lookup, verdict(lookup <= LOOKUP_TARGET_S,
                "harrier q %s, wall; %.3f s past java -version; target <= %.1f s", id, lookup - javaVersion, LOOKUP_TARGET_S));

        String all = String.format(Locale.ROOT, "%d jobs;", o.jobs());
        double totals = median(o.rounds(), () -> commands.harrier(List.of("q", "-totals"), text ->
                text.startsWith(all) ? null : "q -totals did not count " + all + "\n" + text));
        print(out, "q_totals_s", "%.3f", totals, verdict(totals <= LOOKUP_TARGET_S,
                "harrier q -totals, wall; %.3f s past java -version; target <= %.1f s", totals - javaVersion, LOOKUP_TARGET_S));

        long selected = 0;
        for (int c = 1; c <= o.clusters(); c++) {
            selected += o.procsOf(c) > 7 ? (o.procsOf(c) - 8) / 100 + 1 : 0;
        }
        String some = String.format(Locale.ROOT, "\n%d jobs;", selected);
        double constrained = median(o.rounds(), () -> commands.harrier(List.of("q", "-constraint", "ProcId % 100 == 7"), text ->
                text.contains(some) ? null : "q -constraint did not show " + some.strip() + "\n" + tail(text)));
        print(out, "q_constraint_s", "%.3f", constrained, verdict(constrained <= CONSTRAINT_TARGET_S,
                "harrier q -constraint 'ProcId %% 100 == 7' (%,d jobs, %.1f%%), wall; target <= %.0f s", selected,
                100.0 * selected / o.jobs(), CONSTRAINT_TARGET_S));

        double stream = median(o.rounds(), () -> commands.harrier(List.of("q", "-af", "ClusterId", "ProcId"), text ->
                everyJobOnce(o, text)));
        double rate = o.jobs() / stream;
        print(out, "q_af_s", "%.3f", stream, String.format(Locale.ROOT,
                "harrier q -af ClusterId ProcId, wall, every one of the %,d jobs printed once", o.jobs()));
        print(out, "q_af_jobs_per_s", "%.0f", rate, verdict(rate >= STREAM_TARGET_JOBS_PER_S,
                "jobs / q_af_s; target >= %,.0f", STREAM_TARGET_JOBS_PER_S));
    }

    /** Null when {@code text} has a line "cluster proc" for each job and nothing else. */
    static String everyJobOnce(Options o, String text) {
        int[] seen = new int[o.clusters() + 1];
        long lines = 0;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            String[] f = line.split(" ");
            int c = Integer.parseInt(f[0]);
            int p = Integer.parseInt(f[1]);
            if (c < 1 || c > o.clusters() || p != seen[c]) {
                return "q -af printed " + line + " out of order or twice, after " + lines + " lines";
            }
            seen[c]++;
            lines++;
        }
        return lines == o.jobs() ? null : "q -af printed " + lines + " lines for " + o.jobs() + " jobs";
    }

    private static String tail(String text) {
        return text.length() > 2_000 ? "..." + text.substring(text.length() - 2_000) : text;
    }

    @FunctionalInterface
    interface Timed {
        double seconds() throws IOException, InterruptedException;
    }

    private static double median(int rounds, Timed timed) throws IOException, InterruptedException {
        List<Double> times = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            times.add(timed.seconds());
        }
        Collections.sort(times);
        return times.get(times.size() / 2);
    }

    /** Commands run as their own JVMs, logged in as the broker's owner, timed wall to wall. */
    private record Commands(Options o, GridBroker broker, Path dir) {
        /** A check of a command's output: null when right, else what is wrong. */
        interface Check {
            String problem(String output);
        }

        /** {@code harrier ARGS} through the launcher, as a user types it (its startup archive included). */
        double harrier(List<String> args, Check check) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of(o.harrier().toString()));
            command.addAll(args);
            return time(command, check);
        }

        /** The floor of every command: the same JVM, with the same options, doing nothing. */
        double javaVersion() throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(o.cliJvm());
            command.add("-version");
            return time(command, output -> null);
        }

        private double time(List<String> command, Check check) throws IOException, InterruptedException {
            List<String> args = command;
            Path output = dir.resolve("command.out");
            ProcessBuilder b = new ProcessBuilder(command).redirectOutput(output.toFile()).redirectError(dir.resolve("command.err").toFile());
            Map<String, String> env = b.environment();
            env.put("HARRIER_BROKER", broker.url());
            env.put("HARRIER_NO_BUILD", "1");
            env.put("HARRIER_JAVA_OPTS", String.join(" ", o.cliJvm()));
            env.put("HARRIER_USER", GridBroker.owner());
            env.put("HARRIER_PASSWORD_FILE", broker.security().passwordFile(GridBroker.owner()).toString());
            long start = System.nanoTime();
            Process p = b.start();
            if (!p.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new IllegalStateException(String.join(" ", args) + " did not finish within " + WAIT);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            String text = Files.readString(output, StandardCharsets.UTF_8);
            String problem = p.exitValue() != 0 ? "exit status " + p.exitValue() : check.problem(text);
            if (problem != null) {
                throw new IllegalStateException(String.join(" ", args.subList(Math.max(0, args.size() - 4), args.size())) + ": "
                        + problem + "\n" + Files.readString(dir.resolve("command.err")));
            }
            return seconds;
        }
    }
}
