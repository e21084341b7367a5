package org.harrier.benchmarks.grid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One user running one {@code harrier q} command over and over, back to back, each run a JVM of
 * its own through {@code bin/harrier} (HARRIER_NO_BUILD=1, as QueryScaleBenchmark runs them), with
 * {@code --data} naming the grid's data directory so it finds the broker and logs in as a user of
 * a personal grid does. Every output is checked; a wrong answer or a failed command is a failure,
 * kept with its reason, and the loop goes on. {@link #stop} lets the command in flight finish, so
 * every loop completes at least one command and none is cut off mid-stream.
 *
 * <p>Threads: the loop runs on a thread of its own; the benchmark's thread starts, stops and
 * reads it, the counts under this object's monitor.
 */
final class QueryLoop {
    /** A command's arguments after {@code harrier}, and the check of its output: null when right, else what is wrong. */
    record Query(String name, List<String> args, Check check) {
        Query {
            if (name.isBlank() || args.isEmpty()) {
                throw new IllegalArgumentException("a query needs a name and its arguments, got '" + name + "' " + args);
            }
            args = List.copyOf(args);
        }
    }

    interface Check {
        String problem(String output);
    }

    /** Where commands run: the launcher, the grid's data directory, the commands' JVM options and a directory for their output. */
    record Launcher(Path harrier, Path data, List<String> jvm, Path dir) {
        Launcher {
            if (!Files.isExecutable(harrier)) {
                throw new IllegalArgumentException(harrier.toAbsolutePath() + " is not an executable launcher (--harrier)");
            }
            jvm = List.copyOf(jvm);
        }
    }

    private static final Duration COMMAND_WAIT = Duration.ofMinutes(10);
    private static final int FAILURES_KEPT = 3;

    private final Query query;
    private final Launcher launcher;
    private final Thread thread;
    private final List<Long> endNanos = new ArrayList<>();
    private final List<Double> seconds = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private int failed;
    private volatile boolean stopped;

    private QueryLoop(Query query, Launcher launcher) {
        this.query = query;
        this.launcher = launcher;
        this.thread = new Thread(this::loop, "query-" + query.name());
        thread.setDaemon(true);
    }

    static QueryLoop start(Query query, Launcher launcher) {
        QueryLoop loop = new QueryLoop(query, launcher);
        loop.thread.start();
        return loop;
    }

    Query query() {
        return query;
    }

    /** Starts no further command; waits up to {@code timeout} for the one in flight. */
    void stop(Duration timeout) throws InterruptedException {
        stopped = true;
        thread.join(timeout.toMillis());
        if (thread.isAlive()) {
            throw new IllegalStateException("harrier " + String.join(" ", query.args()) + " did not finish within " + timeout);
        }
    }

    /** Commands that finished right from {@code fromNanos} to {@code toNanos}. */
    synchronized int completedBetween(long fromNanos, long toNanos) {
        return (int) endNanos.stream().filter(t -> t >= fromNanos && t <= toNanos).count();
    }

    synchronized int completed() {
        return endNanos.size();
    }

    synchronized int failed() {
        return failed;
    }

    synchronized List<String> failures() {
        return List.copyOf(failures);
    }

    /** The median wall time of the commands that finished right; NaN if none did. */
    synchronized double medianSeconds() {
        List<Double> sorted = new ArrayList<>(seconds);
        sorted.sort(null);
        return sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() / 2);
    }

    /** User plus system CPU of this JVM's reaped children, in milliseconds: the commands, once each loop has waited for its own. */
    static double commandsCpuMillis() throws IOException {
        return ChildGrid.reapedCpuMillis(ProcessHandle.current().pid());
    }

    private void loop() {
        do {
            long start = System.nanoTime();
            String problem;
            try {
                problem = runOnce();
            } catch (IOException | RuntimeException e) {
                problem = e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long end = System.nanoTime();
            synchronized (this) {
                if (problem == null) {
                    endNanos.add(end);
                    seconds.add((end - start) / 1e9);
                } else if (++failed <= FAILURES_KEPT) {
                    failures.add("harrier " + String.join(" ", query.args()) + ": " + problem);
                }
            }
        } while (!stopped);
    }

    /** Runs the command once; null when it exited 0 with the right output, else what went wrong. */
    private String runOnce() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.harrier().toString(), "--data", launcher.data().toString()));
        command.addAll(query.args());
        Path output = launcher.dir().resolve(query.name() + ".out");
        Path errors = launcher.dir().resolve(query.name() + ".err");
        ProcessBuilder b = new ProcessBuilder(command).redirectOutput(output.toFile()).redirectError(errors.toFile());
        Map<String, String> env = b.environment();
        // The data directory alone says where the grid is and who logs in: nothing inherited may override it.
        env.remove("HARRIER_BROKER");
        env.remove("HARRIER_USER");
        env.remove("HARRIER_PASSWORD_FILE");
        env.put("HARRIER_NO_BUILD", "1");
        env.put("HARRIER_JAVA_OPTS", String.join(" ", launcher.jvm()));
        Process p = b.start();
        if (!p.waitFor(COMMAND_WAIT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            return "did not finish within " + COMMAND_WAIT;
        }
        if (p.exitValue() != 0) {
            return "exit status " + p.exitValue() + ": " + Files.readString(errors, StandardCharsets.UTF_8).strip();
        }
        return query.check().problem(Files.readString(output, StandardCharsets.UTF_8));
    }
}
