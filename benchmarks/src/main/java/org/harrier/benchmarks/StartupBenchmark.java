package org.harrier.benchmarks;

import static org.harrier.benchmarks.CommandLine.count;
import static org.harrier.benchmarks.CommandLine.parseOrExit;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How long a {@code harrier} command takes to start, run and exit (issue 16): {@code harrier q},
 * {@code q -totals}, {@code submit} of one job, {@code --version} and {@code --help}, each run as a
 * person runs it (bin/harrier, a new JVM every time) against a personal grid of its own, beside
 * {@code java -version} measured in the same run, the least any Java command costs. Commands take
 * turns round by round, so a busy moment on the machine falls on all of them alike.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.StartupBenchmark}
 * from the repository's root ({@code --help} for the options).
 */
public final class StartupBenchmark {
    /** Issue 16: a command within 0.2 s of java -version. */
    static final double TARGET_S = 0.2;
    private static final Duration GRID_START = Duration.ofSeconds(90);
    private static final Duration COMMAND_DEADLINE = Duration.ofSeconds(120);
    /** Variables that would send the commands to another grid than the one started here. */
    private static final List<String> FOREIGN_GRID_ENV = List.of("HARRIER_BROKER", "HARRIER_USER",
            "HARRIER_PASSWORD_FILE", "HARRIER_CA_FILE");

    private static final String USAGE = """
            Usage: java -cp benchmarks/target/benchmarks.jar org.harrier.benchmarks.StartupBenchmark [options]

            Starts a personal grid (harrier up, a fresh data directory, a free port), then runs each
            command N times, the commands taking turns, and prints the median wall time of each
            beside java -version's (the same java bin/harrier runs) and issue 16's target: within
            0.2 s of it. The note after each figure gives the median user+system CPU of the command.

              --runs N       runs of each command (default 15)
              --harrier SH   the launcher to time (default bin/harrier, from the working directory)
              --no-build     run it with HARRIER_NO_BUILD=1 (skips its check that the jar is current)
              -h, --help     this text
            """;

    record Options(int runs, Path harrier, boolean noBuild, boolean help) {
        static Options parse(String[] args) {
            int runs = 15;
            Path harrier = Path.of("bin", "harrier");
            boolean noBuild = false;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> {
                        return new Options(runs, harrier, noBuild, true);
                    }
                    case "--runs" -> runs = count(a, value(args, ++i, a), 1);
                    case "--harrier" -> harrier = Path.of(value(args, ++i, a));
                    case "--no-build" -> noBuild = true;
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (!Files.isExecutable(harrier)) {
                throw new IllegalArgumentException(harrier.toAbsolutePath() + " is not an executable launcher");
            }
            return new Options(runs, harrier.toAbsolutePath().normalize(), noBuild, false);
        }
    }

    /** One command timed: its figure's name, what it is, and its command line. */
    record Probe(String name, String what, List<String> command) {
    }

    /** Medians of one probe's runs, in seconds. */
    record Timing(double wall, double cpu) {
    }

    private StartupBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Options options = parseOrExit("StartupBenchmark", USAGE, args, Options::parse);
        if (options.help()) {
            System.out.print(USAGE);
            return;
        }
        run(options, System.out);
    }

    static void run(Options o, PrintStream out) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("harrier-startup");
        Path data = dir.resolve("grid");
        Files.writeString(dir.resolve("one.sub"), "executable = /bin/true\nhold = true\nqueue\n", StandardCharsets.UTF_8);
        String harrier = o.harrier().toString();
        List<Probe> probes = List.of(
                new Probe("java_version_s", "java -version, the baseline", List.of("java", "-version")),
                new Probe("q_totals_s", "harrier q -totals", List.of(harrier, "--data", data.toString(), "q", "-totals")),
                new Probe("q_s", "harrier q", List.of(harrier, "--data", data.toString(), "q")),
                new Probe("submit_s", "harrier submit of a one-job file (held, so the grid stays idle)",
                        List.of(harrier, "--data", data.toString(), "submit", "one.sub")),
                new Probe("version_s", "harrier --version", List.of(harrier, "--version")),
                new Probe("help_s", "harrier --help", List.of(harrier, "--help")));
        ChildProcesses children = new ChildProcesses(dir, o.noBuild());
        children.run(List.of(harrier, "--version")); // builds the jar first if bin/harrier finds it stale
        Process grid = children.start(List.of(harrier, "--data", data.toString(), "up", "--port", "0"), dir.resolve("grid.log"));
        try {
            awaitFile(grid, data.resolve("broker.url"), dir.resolve("grid.log"));
            for (Probe p : probes) {
                children.run(p.command()); // once untimed: the grid's first answers, the page cache
            }
            Map<Probe, List<double[]>> runs = new LinkedHashMap<>();
            for (int round = 0; round < o.runs(); round++) {
                for (Probe p : probes) {
                    runs.computeIfAbsent(p, k -> new ArrayList<>()).add(children.run(p.command()));
                }
            }
            report(o, runs, out);
        } finally {
            grid.destroy(); // SIGTERM, as Ctrl-C: the grid stops in order
            if (!grid.waitFor(30, TimeUnit.SECONDS)) {
                grid.destroyForcibly().waitFor();
            }
        }
    }

    private static void report(Options o, Map<Probe, List<double[]>> runs, PrintStream out) {
        Path archive = o.harrier().getParent().resolveSibling(Path.of("console", "target", "harrier.jsa"));
        out.printf(Locale.ROOT, "Harrier startup: %d runs of each command, taking turns, medians; %s; Java %s, %d CPUs%n",
                o.runs(), o.harrier(), System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        out.println("startup archive: " + (Files.exists(archive) ? archive : "none"));
        Timing baseline = null;
        for (Map.Entry<Probe, List<double[]>> e : runs.entrySet()) {
            Timing t = new Timing(median(e.getValue(), 0), median(e.getValue(), 1));
            String cpu = String.format(Locale.ROOT, "; cpu %.3f s", t.cpu());
            if (baseline == null) {
                baseline = t;
                print(out, e.getKey().name(), "%.3f", t.wall(), e.getKey().what() + cpu);
            } else {
                double over = t.wall() - baseline.wall();
                print(out, e.getKey().name(), "%.3f", t.wall(), verdict(over <= TARGET_S,
                        "%s%s; %+.3f s over java -version, target within %.1f s", e.getKey().what(), cpu, over, TARGET_S));
            }
        }
    }

    private static double median(List<double[]> runs, int column) {
        double[] values = runs.stream().mapToDouble(r -> r[column]).sorted().toArray();
        return values[values.length / 2];
    }

    private static void awaitFile(Process grid, Path file, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + GRID_START.toNanos();
        while (!Files.exists(file)) {
            if (!grid.isAlive()) {
                throw new IllegalStateException("harrier up exited " + grid.exitValue() + "; its output:\n" + Files.readString(log));
            }
            if (System.nanoTime() > deadline) {
                grid.destroyForcibly().waitFor();
                throw new IllegalStateException("harrier up wrote no " + file + " within " + GRID_START.toSeconds() + " s");
            }
            Thread.sleep(20); // another process: nothing to await but its file
        }
    }

    /**
     * Runs commands in the benchmark's directory, away from any other grid, and times them: wall
     * time, and the user+system CPU the process and its own children used (what the kernel adds to
     * this JVM's reaped-children times, /proc/self/stat, once it is waited for). The main thread
     * owns it.
     */
    static final class ChildProcesses {
        private final Path dir;
        private final boolean noBuild;
        private final long ticksPerSecond = clockTicks();

        ChildProcesses(Path dir, boolean noBuild) {
            this.dir = dir;
            this.noBuild = noBuild;
        }

        Process start(List<String> command, Path output) throws IOException {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            FOREIGN_GRID_ENV.forEach(pb.environment()::remove);
            if (noBuild) {
                pb.environment().put("HARRIER_NO_BUILD", "1");
            }
            return pb.start();
        }

        /** Runs {@code command} to its end: {wall seconds, CPU seconds}; fails when it does not exit 0. */
        double[] run(List<String> command) throws IOException, InterruptedException {
            Path output = dir.resolve("command.out");
            long cpuBefore = reapedTicks();
            long start = System.nanoTime();
            Process p = start(command, output);
            if (!p.waitFor(COMMAND_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within " + COMMAND_DEADLINE);
            }
            double wall = (System.nanoTime() - start) / 1e9;
            double cpu = (reapedTicks() - cpuBefore) / (double) ticksPerSecond;
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + ":\n"
                        + Files.readString(output));
            }
            return new double[] {wall, cpu};
        }

        /** cutime + cstime: the CPU of this JVM's children it has waited for, in clock ticks. */
        private static long reapedTicks() throws IOException {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[13]) + Long.parseLong(f[14]);
        }

        private static long clockTicks() {
            try {
                Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
                p.waitFor();
                return Long.parseLong(out);
            } catch (IOException | NumberFormatException e) {
                return 100; // Linux's USER_HZ nearly everywhere
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 100;
            }
        }
    }
}
