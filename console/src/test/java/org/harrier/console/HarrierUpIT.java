package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/harrier up as a person runs it: a process that prints the broker URL and writes it to
 * broker.url, serves the other commands (which find it through --data), and stops cleanly on
 * SIGTERM, as on Ctrl-C.
 */
@Timeout(180)
class HarrierUpIT {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;

    private ProcessBuilder harrier(Path workingDir, String... args) {
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("bin/harrier").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDir.toFile());
        pb.environment().put("HARRIER_NO_BUILD", "1");
        pb.environment().remove("HARRIER_BROKER");
        return pb;
    }

    private Run run(Path workingDir, String... args) throws IOException, InterruptedException {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = harrier(workingDir, args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/harrier " + String.join(" ", args) + " did not finish");
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void upServesTheOtherCommandsAndStopsOnSigterm() throws Exception {
        Path data = dir.resolve("grid");
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.copy(ROOT.resolve("examples/hello.sub"), work.resolve("hello.sub"));
        Process up = harrier(work, "--data", data.toString(), "up", "--port", "0")
                .redirectError(dir.resolve("up.err").toFile()).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(up.getInputStream(), StandardCharsets.UTF_8))) {
            String first = lines.readLine();
            assertTrue(first != null && first.startsWith("Personal grid running. Broker: amqp://127.0.0.1:"),
                    first + "\n" + Files.readString(dir.resolve("up.err")));
            String url = first.substring(first.indexOf("amqp://"));
            assertEquals(url + "\n", Files.readString(data.resolve("broker.url")));

            Run submitted = run(work, "--data", data.toString(), "submit", "hello.sub");
            assertEquals(new Run(0, "Submitting job(s).\n1 job(s) submitted to cluster 1.\n", ""), submitted);
            Run waited = run(work, "--data", data.toString(), "wait", "1.0", "--timeout", "60");
            assertEquals(0, waited.status(), waited.err());
            assertEquals("hello from Harrier\n", Files.readString(work.resolve("hello.out")));
            Run status = run(work, "--data", data.toString(), "status");
            assertEquals(0, status.status(), status.err());
            assertTrue(status.out().contains(" LINUX ") || status.out().contains(" OSX "), status.out());

            up.destroy();
            assertTrue(up.waitFor(60, TimeUnit.SECONDS), "harrier up stops on SIGTERM");
            assertFalse(Files.exists(data.resolve("broker.url")), "broker.url is removed on the way out");
            Run after = run(work, "--data", data.toString(), "q");
            assertEquals(1, after.status());
            assertTrue(after.err().startsWith("harrier: cannot reach the broker at amqp://127.0.0.1:5672"), after.err());
        } finally {
            up.destroyForcibly();
        }
    }

    @Test
    void upOnAPortInUseSaysSoInOneLine() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            Run r = run(dir, "--data", dir.resolve("g").toString(), "up", "--port", Integer.toString(taken.getLocalPort()));
            assertEquals(1, r.status());
            assertEquals("", r.out());
            assertTrue(r.err().startsWith("harrier: cannot start the personal grid: cannot listen for AMQP on 127.0.0.1:"
                    + taken.getLocalPort()), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }
}
