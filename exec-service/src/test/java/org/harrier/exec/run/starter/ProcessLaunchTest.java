package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProcessLaunchTest {
    String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(ProcessLaunch.PROPERTY);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(ProcessLaunch.PROPERTY);
        } else {
            System.setProperty(ProcessLaunch.PROPERTY, saved);
        }
    }

    @Test
    void vforkIsChosenWhenNobodyChoseAndAUsersChoiceStands() {
        System.clearProperty(ProcessLaunch.PROPERTY);
        ProcessLaunch.preferVfork();
        assertEquals("VFORK", System.getProperty(ProcessLaunch.PROPERTY), "on Linux");

        System.setProperty(ProcessLaunch.PROPERTY, "POSIX_SPAWN");
        ProcessLaunch.preferVfork();
        assertEquals("POSIX_SPAWN", System.getProperty(ProcessLaunch.PROPERTY));
    }

    /** Run in a JVM of its own: prints the name of the thread that hears a job's exit. */
    public static final class ExitThreadProbe {
        public static void main(String[] args) throws Exception {
            if (args.length > 0) {
                ProcessLaunch.pooledExitCallbacks();
            }
            Process p = new ProcessBuilder("/bin/sleep", "0.3").start();
            System.out.println(p.onExit().thenApply(done -> Thread.currentThread().getName()).get());
        }
    }

    /** The probe's answer, in a JVM that sees two cores, with or without {@link ProcessLaunch#pooledExitCallbacks}. */
    private static String exitThread(boolean pooled) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:ActiveProcessorCount=2", "-cp",
                System.getProperty("java.class.path"), ExitThreadProbe.class.getName()));
        if (pooled) {
            command.add("pooled");
        }
        Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(probe.waitFor(60, TimeUnit.SECONDS), "the probe JVM did not finish");
        return new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }

    @Test
    void onATwoCoreMachineAJobsExitIsHeardOnAPooledThreadNotANewOne() throws Exception {
        // The JDK's default there: a thread made for every exit (CompletableFuture's thread-per-task fallback).
        String without = exitThread(false);
        assertTrue(without.startsWith("Thread-"), "without the setting: " + without);
        String with = exitThread(true);
        assertTrue(with.startsWith("ForkJoinPool.commonPool-worker"), "with it: " + with);
    }
}
