package org.harrier.benchmarks.grid;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The rate a grid is measured against: {@code ProcessBuilder} running {@code /bin/true} on two
 * threads, to completion, in this JVM with the JDK's default launch mechanism. Nothing the grid
 * does per job can make it start processes faster than this machine can, so jobs_per_s over
 * spawn_per_s is the figure that carries between machines.
 */
final class SpawnBaseline {
    static final String COMMAND = "/bin/true";
    static final int THREADS = 2;

    private SpawnBaseline() {
    }

    /**
     * The baseline: processes per second, and this JVM's own CPU (user and system, as
     * {@link ChildGrid#cpuMillis} counts the grid's) per process spawned: what starting a process
     * costs its parent, the part of a job's cost no grid can avoid; and the CPU of the processes
     * themselves ({@code /bin/true}, reaped by this JVM), which a grid's jobs compare with.
     */
    record Baseline(double perSecond, double cpuMillisPerSpawn, double childCpuMillisPerSpawn) {
    }

    /**
     * The baseline over {@code count} spawns, after {@code count / 10} unmeasured ones. This
     * JVM's CPU comes from the JDK's process CPU clock (nanoseconds), not /proc's 10 ms ticks,
     * which a short run would round to nothing.
     */
    static Baseline measure(int count) throws InterruptedException, java.io.IOException {
        run(Math.max(1, count / 10));
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long cpuBefore = os.getProcessCpuTime();
        double childrenBefore = ChildGrid.reapedCpuMillis(ProcessHandle.current().pid());
        long start = System.nanoTime();
        run(count);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuMillis = (os.getProcessCpuTime() - cpuBefore) / 1e6;
        double children = ChildGrid.reapedCpuMillis(ProcessHandle.current().pid()) - childrenBefore;
        return new Baseline(count / seconds, cpuMillis / count, children / count);
    }

    private static void run(int count) throws InterruptedException {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Integer>> exits = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                exits.add(threads.submit(() -> new ProcessBuilder(COMMAND).start().waitFor()));
            }
            for (Future<Integer> exit : exits) {
                if (exit.get() != 0) {
                    throw new IllegalStateException(COMMAND + " exited " + exit.get());
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot run " + COMMAND + ": " + e.getCause(), e.getCause());
        } finally {
            threads.shutdownNow();
        }
    }
}
