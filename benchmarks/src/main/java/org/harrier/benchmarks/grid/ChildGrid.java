package org.harrier.benchmarks.grid;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.concurrent.TimeUnit;

/**
 * A personal grid in a process of its own, started as a user starts one: {@code harrier up}
 * (the console's main class, on this JVM's class path) with a fresh data directory and a free
 * port. Its own process, so its JVM is set up as {@code harrier up} sets itself up and its CPU
 * time can be read apart from the benchmark's.
 */
final class ChildGrid implements AutoCloseable {
    /** The JVM options {@code bin/harrier} starts every command with unless told otherwise. */
    static final List<String> DEFAULT_JVM = List.of("-XX:TieredStopAtLevel=1");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final long CLOCK_TICKS = clockTicks();

    private final Process process;
    private final Path data;
    private final Path log;
    private final String url;

    private ChildGrid(Process process, Path data, Path log, String url) {
        this.process = process;
        this.data = data;
        this.log = log;
        this.url = url;
    }

    static ChildGrid start(Path data, List<String> jvmOptions) throws IOException, InterruptedException {
        Path log = data.resolve("grid.log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("org.harrier.console.Harrier");
        command.add("--data");
        command.add(data.toString());
        command.add("up");
        command.add("--port");
        command.add("0");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Path urlFile = data.resolve("broker.url");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!Files.exists(urlFile)) {
            if (!p.isAlive()) {
                throw new IllegalStateException("harrier up exited " + p.exitValue() + "; its output:\n" + Files.readString(log));
            }
            if (System.nanoTime() > deadline) {
                p.destroyForcibly();
                throw new IllegalStateException("harrier up did not write " + urlFile + " within " + START_TIMEOUT);
            }
            Thread.sleep(20);
        }
        return new ChildGrid(p, data, log, Files.readString(urlFile).trim());
    }

    String url() {
        return url;
    }

    /** The URL with this account's password from the grid's security directory, as its commands log in. */
    String clientUrl() throws IOException {
        String user = System.getProperty("user.name");
        String password = Files.readString(data.resolve("security").resolve(user + ".password")).strip();
        return url.replace("amqp://", "amqp://" + user + ":" + password + "@");
    }

    Path log() {
        return log;
    }

    /** The grid's data directory: {@code harrier --data DIR} finds the broker and this account's password there. */
    Path data() {
        return data;
    }

    /** Runs {@code action} with the grid's exit status once its process has exited, whoever ended it. */
    void onExit(IntConsumer action) {
        process.onExit().thenAccept(p -> action.accept(p.exitValue()));
    }

    /** User plus system CPU time the grid process has used, in milliseconds (Linux /proc). */
    double cpuMillis() throws IOException {
        String[] f = stat(process.pid());
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 1000.0 / CLOCK_TICKS;
    }

    /** The user plus system CPU of the grid's jobs: its children that ended and were reaped, in milliseconds. */
    double jobCpuMillis() throws IOException {
        return reapedCpuMillis(process.pid());
    }

    /** The user plus system CPU of process {@code pid}'s children that ended and were reaped (cutime, cstime). */
    static double reapedCpuMillis(long pid) throws IOException {
        String[] f = stat(pid);
        return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 1000.0 / CLOCK_TICKS;
    }

    /** /proc/PID/stat's fields after the command name, which is in parentheses and may hold spaces. */
    private static String[] stat(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }

    /** SIGTERM, as Ctrl-C would: the grid stops its services and broker in order. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    /** The kernel's clock ticks per second, the unit of /proc CPU times. */
    private static long clockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
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
