package org.harrier.benchmarks.grid;

import static org.harrier.benchmarks.Figures.print;
import static org.harrier.benchmarks.Figures.verdict;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.harrier.bus.Bus;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.SubmitCluster;

/**
 * What every grid benchmark starts with, in this order: the spawn baseline measured (and
 * printed) before the grid exists, so the grid's JVM does not compete with it; then a fresh
 * {@link ChildGrid} in a temporary directory, a bus connection, its {@link Scheduler} and a
 * {@link JobWatch}. The figures a benchmark prints are divided by this run's baseline, never by
 * another day's.
 *
 * <p>Threads: built and used by the benchmark's main thread; the watch has its own rule.
 */
final class MeasuredGrid implements AutoCloseable {
    private final SpawnBaseline.Baseline baseline;
    private final ChildGrid grid;
    private final Bus bus;
    private final Scheduler scheduler;
    private final JobWatch watch;
    private final Path iwd;

    private MeasuredGrid(SpawnBaseline.Baseline baseline, ChildGrid grid, Bus bus, Path iwd) {
        this.baseline = baseline;
        this.grid = grid;
        this.bus = bus;
        this.scheduler = Scheduler.find(bus.console());
        this.watch = new JobWatch(bus.console());
        // A grid that dies (the kernel's OOM killer, a crash) would leave a run waiting out its
        // whole timeout for completions that cannot come; a wait then fails at once, saying why.
        grid.onExit(status -> watch.fail("the grid process exited with status " + status + "; its log: " + grid.log()));
        this.iwd = iwd;
    }

    /** Measures the baseline over {@code spawns} processes, prints it, then starts the grid with {@code jvm}. */
    static MeasuredGrid start(int spawns, List<String> jvm, PrintStream out) throws IOException, InterruptedException {
        SpawnBaseline.Baseline baseline = SpawnBaseline.measure(spawns);
        print(out, "spawn_per_s", "%.0f", baseline.perSecond(), "ProcessBuilder " + SpawnBaseline.COMMAND + ", "
                + SpawnBaseline.THREADS + " threads, " + spawns + " processes");
        print(out, "spawn_cpu_ms", "%.2f", baseline.cpuMillisPerSpawn(), "this JVM's user+system CPU per process it spawned");
        out.println("grid JVM options: " + (jvm.isEmpty() ? "(the JDK's defaults)" : String.join(" ", jvm)));
        Path dir = Files.createTempDirectory("harrier-gridbench");
        Path data = Files.createDirectories(dir.resolve("grid"));
        Path iwd = Files.createDirectories(dir.resolve("iwd"));
        ChildGrid grid = ChildGrid.start(data, jvm);
        Bus bus = null;
        try {
            bus = Bus.connect(grid.clientUrl());
            return new MeasuredGrid(baseline, grid, bus, iwd);
        } catch (RuntimeException | IOException e) {
            if (bus != null) {
                bus.close();
            }
            grid.close();
            throw e;
        }
    }

    SpawnBaseline.Baseline baseline() {
        return baseline;
    }

    ChildGrid grid() {
        return grid;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    JobWatch watch() {
        return watch;
    }

    /** The jobs' working directory, empty and private to this run. */
    Path iwd() {
        return iwd;
    }

    /** A connection of its own, as another user's console would open: for clients that submit side by side. */
    Bus connect() throws IOException {
        return Bus.connect(grid.clientUrl());
    }

    /** Prints {@code jobsPerSecond} over this run's spawn rate against {@code target}. */
    void printRatio(PrintStream out, double jobsPerSecond, double target, String note) {
        double ratio = jobsPerSecond / baseline.perSecond();
        print(out, "ratio", "%.3f", ratio, verdict(ratio >= target, "%s; target >= %.2f", note, target));
    }

    record Throughput(double submitMillis, double jobsPerSecond) {
    }

    /**
     * One cluster of {@code jobs} from SubmitCluster to its last completion. The wait is generous,
     * so a grid at a tenth of issue 3's target still finishes: a slow grid is a figure, not an error.
     */
    Throughput cluster(ClassAd ad, int jobs) throws InterruptedException {
        return cluster(ad, jobs, Scheduler.WAIT.plusSeconds(jobs / 20));
    }

    /** The same with a wait of its own, for a grid expected to run slower than a tenth of issue 3's target. */
    Throughput cluster(ClassAd ad, int jobs, Duration wait) throws InterruptedException {
        long start = System.nanoTime();
        long cluster = scheduler.call(new SubmitCluster(ad, jobs, List.of())).clusterId();
        long submitted = System.nanoTime();
        long last = watch.awaitFinished(cluster, jobs, wait);
        return new Throughput((submitted - start) / 1e6, jobs / ((last - start) / 1e9));
    }

    @Override
    public void close() throws Exception {
        try {
            watch.close();
            bus.close();
        } finally {
            grid.close();
        }
    }
}
