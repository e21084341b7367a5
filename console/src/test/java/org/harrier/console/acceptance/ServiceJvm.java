package org.harrier.console.acceptance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A service as its own JVM (its main class on this test's class path), so a test can run it as
 * an operator does and kill it as an operator or a crash would. Its output goes to files in
 * {@code dir}, shown when something about it fails. Closing it makes sure it is gone.
 */
final class ServiceJvm implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Path out;
    private final Path err;

    private ServiceJvm(String name, Process process, Path out, Path err) {
        this.name = name;
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /**
     * Starts startd {@code name} on {@code brokerUrl}, re-advertising its slot every second; its jobs
     * run as the test's own account ({@code --jobs-run-as startd}), since they use its private directories.
     */
    static ServiceJvm exec(String brokerUrl, String name, Path dir) throws IOException {
        Path execute = Files.createDirectories(dir.resolve(name + "-execute"));
        return start(name, dir, "org.harrier.exec.bus.ExecMain", "--broker", brokerUrl, "--name", name,
                "--update-interval", "1", "--execute-dir", execute.toString(), "--jobs-run-as", "startd");
    }

    /**
     * Starts startd {@code name} inside network namespace {@code netns} ({@code ip netns exec}),
     * so that it reaches the broker only over that namespace's interfaces, as a separate host would.
     */
    static ServiceJvm execIn(String netns, String brokerUrl, String name, Path dir, String... options) throws IOException {
        Path execute = Files.createDirectories(dir.resolve(name + "-execute"));
        List<String> args = new ArrayList<>(List.of("--broker", brokerUrl, "--name", name, "--machine", name,
                "--update-interval", "1", "--execute-dir", execute.toString(), "--jobs-run-as", "startd"));
        args.addAll(List.of(options));
        return start(List.of("ip", "netns", "exec", netns), name, dir, "org.harrier.exec.bus.ExecMain", args.toArray(String[]::new));
    }

    /** Runs {@code mainClass} with {@code args}; {@code name} labels its output files and messages. */
    static ServiceJvm start(String name, Path dir, String mainClass, String... args) throws IOException {
        return start(List.of(), name, dir, mainClass, args);
    }

    private static ServiceJvm start(List<String> prefix, String name, Path dir, String mainClass, String... args) throws IOException {
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new ServiceJvm(name, p, out, err);
    }

    /** The name of an exec service's partitionable slot. */
    String slot() {
        return "slot1@" + name;
    }

    /** Starts startd {@code name} as {@link #exec(String, String, Path)} does, with more options ({@code --cpus 2}, ...). */
    static ServiceJvm exec(String brokerUrl, String name, Path dir, String... more) throws IOException {
        Path execute = Files.createDirectories(dir.resolve(name + "-execute"));
        List<String> args = new ArrayList<>(List.of("--broker", brokerUrl, "--name", name, "--update-interval", "1",
                "--execute-dir", execute.toString(), "--jobs-run-as", "startd"));
        args.addAll(List.of(more));
        return start(name, dir, "org.harrier.exec.bus.ExecMain", args.toArray(String[]::new));
    }

    /**
     * Starts scheduler {@code name} keeping its queue in {@code spool}, publishing every second and
     * keeping its claims alive every second; {@code label} names this run's output files.
     */
    static ServiceJvm scheduler(String brokerUrl, String name, Path spool, Path dir, String label) throws IOException {
        return start(label, dir, "org.harrier.scheduler.bus.SchedulerService", "--broker", brokerUrl, "--name", name,
                "--spool", spool.toString(), "--update-interval", "1", "--alive-interval", "1");
    }

    /**
     * As {@link #scheduler(String, String, Path, Path, String)}, the JVM given {@code jvmOptions}
     * too (a test hook's system property, {@code -Dname=value}).
     */
    static ServiceJvm schedulerWith(List<String> jvmOptions, String brokerUrl, String name, Path spool, Path dir, String label)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.harrier.scheduler.bus.SchedulerService",
                "--broker", brokerUrl, "--name", name, "--spool", spool.toString(), "--update-interval", "1",
                "--alive-interval", "1"));
        Path out = dir.resolve(label + ".out");
        Path err = dir.resolve(label + ".err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new ServiceJvm(label, p, out, err);
    }

    /** A standalone broker ({@code harrier-broker}) on {@code data} and {@code port}; {@code label} names this run's files. */
    static ServiceJvm broker(Path data, int port, Path dir, String label) throws IOException {
        return start(label, dir, "org.harrier.broker.GridBrokerMain", "--data", data.toString(), "--port",
                Integer.toString(port));
    }

    /** What it printed on stdout so far. */
    String out() {
        try {
            return Files.readString(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** kill -9: no shutdown hook runs, so the slot is never withdrawn. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("service " + name + " survived SIGKILL");
        }
    }

    /** SIGTERM, as an operator stops it: its shutdown hook withdraws the slot; waits for the exit. */
    int stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("service " + name + " did not stop on SIGTERM\n" + output());
        }
        return process.exitValue();
    }

    /** For a process that ends by itself (a bad command line, no broker): its exit status. */
    int awaitExit() throws InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("service " + name + " did not exit by itself\n" + output());
        }
        return process.exitValue();
    }

    /** What it printed on stderr. */
    String err() {
        try {
            return Files.readString(err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What it printed, for failure messages. */
    String output() {
        try {
            return "[" + name + " stdout]\n" + Files.readString(out) + "[" + name + " stderr]\n" + Files.readString(err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
