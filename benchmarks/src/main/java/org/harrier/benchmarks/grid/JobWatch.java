package org.harrier.benchmarks.grid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.harrier.protocol.ObjectData;
import org.harrier.bus.Console;

/**
 * What the benchmark learns from the grid: every {@code job} data indication, as any console
 * would hear them. It keeps when each job was first seen Running and when each cluster's jobs
 * finished (JobStatus 4, on a change or on the delete that carries it), and when every
 * completion was heard, in order, for rates over a window of the run.
 *
 * <p>Threads: indications arrive on the console's delivery thread; the benchmark's thread waits
 * on this object's monitor.
 */
final class JobWatch implements AutoCloseable {
    static final long RUNNING = 2;
    static final long COMPLETED = 4;

    private final AutoCloseable subscription;
    private final Map<String, Long> runningAt = new HashMap<>();
    private final Set<String> finished = new HashSet<>();
    private final Map<Long, Integer> finishedPerCluster = new HashMap<>();
    private final Map<Long, Long> lastFinishAt = new HashMap<>();
    private final List<Long> completions = new ArrayList<>();
    private String failure;

    JobWatch(Console console) {
        this.subscription = console.subscribe("job", this::heard);
    }

    private synchronized void heard(ObjectData d) {
        long now = System.nanoTime();
        if (!(d.get("CustomId") instanceof String id) || !(d.get("JobStatus") instanceof Number status)) {
            return;
        }
        if (status.longValue() == RUNNING) {
            runningAt.putIfAbsent(id, now);
        }
        if (status.longValue() == COMPLETED && finished.add(id)) {
            long cluster = Long.parseLong(id.substring(0, id.indexOf('.')));
            finishedPerCluster.merge(cluster, 1, Integer::sum);
            lastFinishAt.put(cluster, now);
            completions.add(now);
            notifyAll();
        }
    }

    /** When job {@code id} ("cluster.proc") was first seen Running, waiting up to {@code timeout}. */
    synchronized long awaitRunning(String id, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!runningAt.containsKey(id)) {
            waitUntil(deadline, "job " + id + " to run");
        }
        return runningAt.get(id);
    }

    /** When the {@code count}-th job of {@code cluster} finished, waiting up to {@code timeout}. */
    synchronized long awaitFinished(long cluster, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (finishedPerCluster.getOrDefault(cluster, 0) < count) {
            waitUntil(deadline, count + " jobs of cluster " + cluster + " to finish (finished: "
                    + finishedPerCluster.getOrDefault(cluster, 0) + ")");
        }
        return lastFinishAt.get(cluster);
    }

    /** Jobs of every cluster heard finishing so far. */
    synchronized int completed() {
        return completions.size();
    }

    /** When the {@code count}-th job of any cluster finished, waiting up to {@code timeout}. */
    synchronized long awaitCompleted(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (completions.size() < count) {
            waitUntil(deadline, count + " jobs to finish (finished: " + completions.size() + ")");
        }
        return completions.get(count - 1);
    }

    /** The completions heard from the {@code from}-th on. */
    synchronized Completions completions(int from) {
        return new Completions(completions.subList(from, completions.size()).stream().mapToLong(Long::longValue).toArray());
    }

    /** Every wait, from now on, fails at once naming {@code reason}: nothing more will be heard (the grid is gone). */
    synchronized void fail(String reason) {
        failure = reason;
        notifyAll();
    }

    private void waitUntil(long deadline, String what) throws InterruptedException {
        if (failure != null) {
            throw new IllegalStateException("gave up waiting for " + what + ": " + failure);
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new IllegalStateException("timed out waiting for " + what);
        }
        wait(Math.max(1, left / 1_000_000));
    }

    @Override
    public void close() throws Exception {
        subscription.close();
    }
}
