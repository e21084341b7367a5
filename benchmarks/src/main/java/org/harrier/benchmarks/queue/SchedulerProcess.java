package org.harrier.benchmarks.queue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.scheduler.GetAd;
import org.harrier.bus.Console;

/**
 * The scheduler as its own JVM ({@code harrier-scheduler --spool DIR}), as an operator runs it,
 * so its heap and its restart are its own. The heap is read with {@code jcmd}: a full
 * collection, then the used heap it reports.
 */
final class SchedulerProcess implements AutoCloseable {
    static final String NAME = "bench";
    static final AgentName AGENT = AgentName.harrier("scheduler", NAME);
    static final ObjectId OBJECT = ObjectId.grid("scheduler", NAME);
    private static final Pattern USED = Pattern.compile("used (\\d+)K");

    private final Process process;
    private final Path log;
    private final AgentName agent;
    private final ObjectId object;

    private SchedulerProcess(Process process, Path log, String name) {
        this.process = process;
        this.log = log;
        this.agent = AgentName.harrier("scheduler", name);
        this.object = ObjectId.grid("scheduler", name);
    }

    static SchedulerProcess start(String brokerUrl, Path spool, Path log, List<String> jvm) throws IOException {
        return start(brokerUrl, spool, log, jvm, System.getProperty("java.class.path"));
    }

    /** With the scheduler's classes from {@code classpath}: another commit's build, to compare the two on the same spool. */
    static SchedulerProcess start(String brokerUrl, Path spool, Path log, List<String> jvm, String classpath) throws IOException {
        return start(brokerUrl, spool, log, jvm, classpath, NAME);
    }

    /**
     * Named {@code name}: a command finds a scheduler named after its own host at once, and waits
     * out the whole locate for any other (the console's BusGridClient prefers a personal grid's).
     */
    static SchedulerProcess start(String brokerUrl, Path spool, Path log, List<String> jvm, String classpath, String name)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvm);
        command.addAll(List.of("-cp", classpath, "org.harrier.scheduler.bus.SchedulerService",
                "--broker", brokerUrl, "--name", name, "--spool", spool.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new SchedulerProcess(p, log, name);
    }

    /** Nanoseconds until the scheduler answers a call (any answer, even "no such job"). */
    long awaitServing(Console console, Duration limit) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + limit.toNanos();
        while (true) {
            try {
                Console.join(console.call(agent, object, new GetAd("1.0"), Duration.ofSeconds(2)));
                return System.nanoTime() - start;
            } catch (RuntimeException e) {
                if (String.valueOf(e.getMessage()).contains("no job 1.0")) {
                    return System.nanoTime() - start; // the scheduler object answers, not just its agent
                }
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("the scheduler did not answer within " + limit + "; its log:\n"
                            + java.nio.file.Files.readString(log), e);
                }
                Thread.sleep(20);
            }
        }
    }

    /** Bytes of heap in use after a full collection. */
    long usedHeapAfterGc() throws IOException, InterruptedException {
        jcmd("GC.run");
        String info = jcmd("GC.heap_info");
        Matcher m = USED.matcher(info);
        if (!m.find()) {
            throw new IllegalStateException("jcmd GC.heap_info said nothing about the used heap:\n" + info);
        }
        return Long.parseLong(m.group(1)) * 1024;
    }

    /** The top of {@code jcmd GC.class_histogram}: where the heap goes. */
    String histogram(int lines) throws IOException, InterruptedException {
        return String.join("\n", jcmd("GC.class_histogram").lines().limit(lines + 3L).toList());
    }

    private String jcmd(String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + command + " failed:\n" + out);
        }
        return out;
    }

    AgentName agent() {
        return agent;
    }

    ObjectId object() {
        return object;
    }

    /** SIGKILL: nothing is flushed, nothing is withdrawn. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
