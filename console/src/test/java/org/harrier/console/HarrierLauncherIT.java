package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** bin/harrier, run as a person runs it, against the jar this build packaged. */
@Timeout(120)
class HarrierLauncherIT {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    private static Run harrier(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("bin/harrier").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile());
        pb.environment().put("HARRIER_NO_BUILD", "1");
        pb.environment().remove("HARRIER_BROKER");
        Path out = Files.createTempFile("harrier", ".out");
        Path err = Files.createTempFile("harrier", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(100, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("bin/harrier " + String.join(" ", args) + " did not finish");
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void helpListsTheCommands() throws Exception {
        Run r = harrier("--help");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Usage: harrier"), r.out());
        assertTrue(r.out().contains("  submit "), r.out());
    }

    @Test
    void brokerThatIsNotRunningIsOneLineWithoutAStackTrace() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Run r = harrier("--broker", "amqp://127.0.0.1:" + port, "q");
        assertEquals(new Run(1, "", "harrier: cannot reach the broker at amqp://127.0.0.1:" + port
                + " (connection refused); is 'harrier up' running?\n"), r);
    }

    @Test
    void theHelloExampleDumpsAsAJobAd() throws Exception {
        Run r = harrier("submit", "-dump", "examples/hello.sub");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Cmd = \"/bin/echo\"\nArgs = \"hello from Harrier\"\nEnvironment = \"\"\nIwd = \""
                + ROOT + "\"\n"),
                r.out());
        assertTrue(r.out().contains("Out = \"hello.out\"\n"), r.out());
    }

    @Test
    void classAdEvalIsTheLibrarysCommand() throws Exception {
        assertEquals(new Run(0, "512\n", ""), harrier("classad-eval", "-my-ad", "[ Memory = 2048; Cpus = 4 ]", "Memory / Cpus"));
    }
}
