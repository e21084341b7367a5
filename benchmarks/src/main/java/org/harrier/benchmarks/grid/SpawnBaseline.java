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

    /** Processes per second over {@code count} spawns, after {@code count / 10} unmeasured ones. */
    static double measure(int count) throws InterruptedException {
        run(Math.max(1, count / 10));
        long start = System.nanoTime();
        run(count);
        return count / ((System.nanoTime() - start) / 1e9);
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
