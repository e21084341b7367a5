package org.harrier.classad.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The packaged {@code target/classad.jar}, run as a person runs it: {@code java -jar}, in its
 * own process, with real exit codes and pipes. Runs in Maven's {@code integration-test} phase,
 * after the jar is built.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClassAdEvalJarIT {
    private static final Path JAR = Path.of("target", "classad.jar");

    private record Result(int status, String out, String err) {
    }

    private static Result java(String stdin, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-jar");
        command.add(JAR.toString());
        Collections.addAll(command, args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        Process process = builder.start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(process.waitFor(50, TimeUnit.SECONDS), "classad.jar did not finish");
        return new Result(process.exitValue(),
                new String(out.get(), StandardCharsets.UTF_8),
                new String(err.get(), StandardCharsets.UTF_8));
    }

    private static Result java(String... args) throws Exception {
        return java("", Map.of(), args);
    }

    private static byte[] readAll(InputStream stream) {
        try (stream) {
            return stream.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("reading the child's output", e);
        }
    }

    @Test
    void printsEachValueOnItsOwnLine() throws Exception {
        Result r = java("-my-ad", "[ Memory = 2048; Cpus = 4 ]", "Memory / Cpus", "7 / 2.0", "\"abc\"", "x", "1 / 0", "{ 1, 2 }");
        assertAll(() -> assertEquals(0, r.status()),
                () -> assertEquals("512\n3.5\n\"abc\"\nundefined\nerror\n{ 1,2 }\n", r.out()),
                () -> assertEquals("", r.err()));
    }

    @Test
    void matchesAJobWithAMachine() throws Exception {
        Result r = java("--match",
                "[ Requirements = TARGET.Memory >= 1024; Rank = TARGET.Memory ]",
                "Memory = 2048\nRequirements = true\nRank = 0.5\n");
        assertEquals("match=true job_rank=2048.0 machine_rank=0.5\n", r.out());
    }

    @Test
    void answersJsonLinesOnStandardInputInUtf8WhateverTheLocale() throws Exception {
        Result r = java("{\"expr\": \"\\\"h\u00e9te\\\"\"}\n{\"expr\": \"1 +\"}\n{\"ad\": \"[ a = 1 ]\", \"expr\": \"a + 1\"}\n",
                Map.of("LC_ALL", "C", "LANG", "C"), "--jsonl");
        assertAll(() -> assertEquals(1, r.status()),
                () -> assertEquals("{\"value\": \"\\\"h\u00e9te\\\"\"}\n"
                        + "{\"error\": \"line 2: expr: line 1, column 4: expected an expression after '+' but found end of input\"}\n"
                        + "{\"value\": \"2\"}\n", r.out()));
    }

    @Test
    void exitsWithTwoOnAnUnknownOption() throws Exception {
        Result r = java("--frobnicate", "1");
        assertAll(() -> assertEquals(2, r.status()),
                () -> assertEquals("", r.out()),
                () -> assertTrue(r.err().startsWith("classad-eval: unknown option '--frobnicate'"), r.err()));
    }

    @Test
    void exitsWithOneOnAParseErrorNamingLineAndColumn() throws Exception {
        Result r = java("-my-ad", "A = 1\nB = (2\n", "A");
        assertAll(() -> assertEquals(1, r.status()),
                () -> assertEquals("", r.out()),
                () -> assertTrue(r.err().startsWith("classad-eval: -my-ad: line 2, column "), r.err()));
    }

    @Test
    void printsHelp() throws Exception {
        Result r = java("--help");
        assertAll(() -> assertEquals(0, r.status()),
                () -> assertTrue(r.out().contains("--match JOBAD MACHINEAD"), r.out()));
    }

    /** The jar must run with nothing else on the class path: it holds only Harrier's own classes. */
    @Test
    void theJarHoldsOnlyTheClassAdLibraryAndNamesItsMainClass() throws IOException {
        assertTrue(Files.isRegularFile(JAR), JAR + " is built in the package phase");
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertEquals("org.harrier.classad.cli.ClassAdEval", jar.getManifest().getMainAttributes().getValue("Main-Class"));
            assertEquals(null, jar.getManifest().getMainAttributes().getValue("Class-Path"));
            List<String> foreign = jar.stream().map(ZipEntry::getName)
                    .filter(n -> n.endsWith(".class") && !n.startsWith("org/harrier/classad/"))
                    .toList();
            assertEquals(List.of(), foreign);
        }
    }
}
