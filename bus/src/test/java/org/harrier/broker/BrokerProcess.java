package org.harrier.broker;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The packaged standalone broker ({@code java -jar harrier-broker.jar}) as a child process,
 * driven as an operator or a service manager drives it: start, read the URL it prints, SIGTERM,
 * or kill -9.
 *
 * <p>The jar is broker-config's standalone zip as bus/pom.xml unpacks it before the integration
 * tests (the jar beside the {@code lib/} its manifest names); failsafe passes its path in
 * {@value #JAR_PROPERTY}. It is not the bus's test classpath, which mediates other library
 * versions than the broker is packaged with.
 */
final class BrokerProcess implements AutoCloseable {
    static final String JAR_PROPERTY = "harrier.standalone.broker.jar";
    private static final long START_DEADLINE_SECONDS = 60;

    private final Process process;
    private final Path stderr;
    private final CompletableFuture<String> url = new CompletableFuture<>();

    private BrokerProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        Thread stdout = new Thread(this::readUrl, "broker-stdout");
        stdout.setDaemon(true);
        stdout.start();
    }

    static BrokerProcess launch(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar().toString()));
        Collections.addAll(command, args);
        // Standard error goes to a file: a pipe's last lines can be lost when the JDK swaps the
        // stream of an exited process under a reader.
        Path stderr = Files.createTempFile("harrier-broker-stderr", ".txt");
        return new BrokerProcess(new ProcessBuilder(command).redirectError(stderr.toFile()).start(), stderr);
    }

    private static Path jar() {
        String jar = System.getProperty(JAR_PROPERTY);
        if (jar == null) {
            throw new IllegalStateException("system property " + JAR_PROPERTY + " is not set: run the standalone broker's"
                    + " tests through failsafe (mvn -pl bus -am verify), which unpacks broker-config's standalone zip");
        }
        if (!Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException(JAR_PROPERTY + " names " + jar + ", which is not a file");
        }
        return Path.of(jar);
    }

    /** The URL the broker printed when ready; fails if it exits or stays silent past the deadline. */
    String awaitUrl() throws Exception {
        try {
            return url.get(START_DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the broker printed no URL within " + START_DEADLINE_SECONDS + " s; stderr: " + errorLines());
        }
    }

    /** kill -9: no shutdown hook, no journal close, no lock release but the system's. */
    void killHard() throws InterruptedException {
        process.destroyForcibly();
        awaitExit();
    }

    /** SIGTERM, as a service manager stops it. */
    int terminate() throws InterruptedException {
        process.destroy();
        return awaitExit();
    }

    int awaitExit() throws InterruptedException {
        if (!process.waitFor(START_DEADLINE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the broker process did not exit; stderr: " + errorLines());
        }
        return process.exitValue();
    }

    List<String> errorLines() {
        try {
            return Files.readAllLines(stderr);
        } catch (IOException e) {
            throw new AssertionError("reading the broker's stderr from " + stderr, e);
        }
    }


    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        Files.deleteIfExists(stderr);
    }

    private void readUrl() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("amqp://")) {
                    url.complete(line);
                }
            }
        } catch (IOException e) {
            // the process went away; fall through
        }
        url.completeExceptionally(new AssertionError("the broker exited without printing a URL"));
    }
}
