package org.harrier.scheduler.bus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.harrier.bus.Console;
import org.harrier.bus.QmfException;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.harrier.testing.Await;

/** A scheduler run as its own JVM ({@link SchedulerService#main}), as the crash and full-disk tests need it. */
record SchedulerProcess(Process process, Path log, String name) {

    /** Starts scheduler {@code name} on {@code spool} against broker {@code url}, its output to {@code log}. */
    static SchedulerProcess start(String url, String name, Path spool, Path log) throws IOException {
        return start(url, name, spool, log, List.of());
    }

    /** As {@link #start(String, String, Path, Path)}, with more of the scheduler's options ({@code --max-history-log 20000}). */
    static SchedulerProcess start(String url, String name, Path spool, Path log, List<String> options) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                "org.harrier.scheduler.bus.SchedulerService", "--broker", url, "--name", name, "--spool", spool.toString()));
        command.addAll(options);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new SchedulerProcess(p, log, name);
    }

    AgentName agent() {
        return AgentName.harrier("scheduler", name);
    }

    ObjectId object() {
        return ObjectId.grid("scheduler", name);
    }

    /** Waits until its scheduler object answers; an AssertionError with its output if the process dies first. */
    void awaitServing(Console console) {
        Await.until("scheduler " + name + " (" + log.getFileName() + ") to answer", Duration.ofSeconds(60), () -> {
            try {
                Console.join(console.invoke(agent(), object(), "GetAd", Map.of("Id", "999999.0"), Duration.ofSeconds(2)));
                return false;
            } catch (QmfException e) {
                // The scheduler object answers (an agent without it yet says something else).
                return e.getMessage().contains("no job 999999.0");
            } catch (RuntimeException e) {
                if (!process.isAlive()) {
                    throw new AssertionError("scheduler " + name + " died:" + output(), e);
                }
                return false;
            }
        }, this::output);
    }

    /** Its output so far, for a failure's message. */
    String output() {
        try {
            return "\n" + Files.readString(log);
        } catch (IOException e) {
            return "";
        }
    }
}
