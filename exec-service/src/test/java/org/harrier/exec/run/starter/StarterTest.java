package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The starter against real processes: /bin/sh, /bin/echo, /bin/true, /bin/false, sleep. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StarterTest {
    static final Map<String, String> BASE = Map.of("PATH", "/usr/bin:/bin");

    @TempDir
    Path iwd;

    final Starter starter = new Starter(Duration.ofMillis(300), Duration.ofMillis(50));

    @AfterEach
    void closeStarter() {
        starter.close();
    }

    /** A job ad in {@code iwd}: attribute/value pairs, values as ClassAd strings. */
    ClassAd job(String... attributes) {
        ClassAd.Builder b = ClassAd.builder().set("Iwd", iwd.toString());
        for (int i = 0; i < attributes.length; i += 2) {
            b.set(attributes[i], attributes[i + 1]);
        }
        return b.build();
    }

    ProcessOutcome run(ClassAd job) throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        starter.start(JobCommand.from(job, BASE), done::complete);
        return done.get();
    }

    String read(String name) throws IOException {
        return Files.readString(iwd.resolve(name));
    }

    static Stream<Arguments> exits() {
        return Stream.of(
                Arguments.of("/bin/true", "", new int[] {0, 0}),
                Arguments.of("/bin/false", "", new int[] {1, 0}),
                Arguments.of("/bin/sh", "-c 'exit 3'", new int[] {3, 0}),
                Arguments.of("/bin/sh", "-c 'exit 128'", new int[] {128, 0}),
                Arguments.of("/bin/sh", "-c 'kill -KILL $$'", new int[] {0, 9}),
                Arguments.of("/bin/sh", "-c 'kill -TERM $$'", new int[] {0, 15}),
                Arguments.of("/bin/sh", "-c 'kill -SEGV $$'", new int[] {0, 11}));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("exits")
    void reportsTheExitCodeOrTheSignal(String cmd, String arguments, int[] codeAndSignal) throws Exception {
        ProcessOutcome o = run(job("Cmd", cmd, "Arguments", arguments));
        assertEquals(codeAndSignal[0], o.exitCode());
        assertEquals(codeAndSignal[1] != 0, o.exitBySignal());
        assertEquals(codeAndSignal[1], o.exitSignal());
    }

    static Stream<Arguments> argumentLists() {
        return Stream.of(
                Arguments.of("Arguments", "one 'two with spaces' 3", List.of("one", "two with spaces", "3")),
                Arguments.of("Arguments", "one \"two\" 'spacey ''quoted'' argument'", List.of("one", "\"two\"", "spacey 'quoted' argument")),
                Arguments.of("Arguments", "a\\b '' $HOME", List.of("a\\b", "", "$HOME")),
                Arguments.of("Args", "one \"two\" 'three'", List.of("one", "\"two\"", "'three'")));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("argumentLists")
    void passesEachArgumentExactly(String attribute, String text, List<String> expected) throws Exception {
        // sh -c 'printf "[%s]\n" "$@"' sh <args>: one bracketed line per argument the process got.
        // Old syntax cannot quote the script, so there printf runs directly.
        ClassAd ad = attribute.equals("Args")
                ? job("Cmd", "/usr/bin/printf", "Args", "[%s]\\n " + text, "Out", "args.txt")
                : job("Cmd", "/bin/sh", "Arguments", "-c 'printf \"[%s]\\n\" \"$@\"' sh " + text, "Out", "args.txt");
        ProcessOutcome o = run(ad);
        assertEquals(0, o.exitCode());
        StringBuilder want = new StringBuilder();
        for (String a : expected) {
            want.append('[').append(a).append("]\n");
        }
        assertEquals(want.toString(), read("args.txt"));
    }

    static Stream<Arguments> environments() {
        return Stream.of(
                Arguments.of("Environment", "one=1 two=\"2\" three='spacey ''quoted'' value'",
                        Map.of("one", "1", "two", "\"2\"", "three", "spacey 'quoted' value")),
                Arguments.of("Env", "one=1;two=2;three=\"quotes have no 'special' meaning\"",
                        Map.of("one", "1", "two", "2", "three", "\"quotes have no 'special' meaning\"")),
                Arguments.of("Environment", "PATH=/opt/bin", Map.of("PATH", "/opt/bin")));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("environments")
    void theJobSeesTheBaseEnvironmentAndItsOwnEntriesAndNothingElse(String attribute, String text,
            Map<String, String> expected) throws Exception {
        ProcessOutcome o = run(job("Cmd", "/usr/bin/env", attribute, text, "Out", "env.txt"));
        assertEquals(0, o.exitCode());
        Set<String> lines = new HashSet<>(Arrays.asList(read("env.txt").split("\n")));
        Set<String> want = new HashSet<>();
        Map<String, String> all = new java.util.HashMap<>(BASE);
        all.putAll(expected);
        all.forEach((k, v) -> want.add(k + "=" + v));
        assertEquals(want, lines);
    }

    @Test
    void runsInIwdWithRelativeCmdAndFiles() throws Exception {
        Path script = iwd.resolve("run.sh");
        Files.writeString(script, "#!/bin/sh\npwd\ncat\necho oops >&2\nexit 4\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(iwd.resolve("in.txt"), "from stdin\n");
        ProcessOutcome o = run(job("Cmd", "run.sh", "In", "in.txt", "Out", "out.txt", "Err", "err.txt"));
        assertEquals(4, o.exitCode());
        assertEquals(iwd.toRealPath() + "\nfrom stdin\n", read("out.txt"));
        assertEquals("oops\n", read("err.txt"));
    }

    @Test
    void outAndErrNamingOneFileAreMergedAndAnOldFileIsTruncated() throws Exception {
        Files.writeString(iwd.resolve("both.txt"), "stale content from an earlier run that is long\n");
        run(job("Cmd", "/bin/sh", "Arguments", "-c 'echo out; echo err >&2'", "Out", "both.txt", "Err", "both.txt"));
        assertEquals("out\nerr\n", read("both.txt"));
    }

    @Test
    void withoutOutTheOutputGoesNowhereAndStdinIsEmpty() throws Exception {
        ProcessOutcome o = run(job("Cmd", "/bin/sh", "Arguments", "-c 'cat; echo hi'"));
        assertEquals(0, o.exitCode());
        try (Stream<Path> files = Files.list(iwd)) {
            assertEquals(0, files.count(), "nothing written to Iwd");
        }
    }

    @Test
    void measuresTheCpuTimeOfABusyLoop() throws Exception {
        // Spins until it has used 0.3 s of user CPU (its own /proc stat), then exits 0.
        String loop = "BEGIN { while (1) { getline l < \"/proc/self/stat\"; close(\"/proc/self/stat\");"
                + " n = split(l, f, \" \"); if (f[14] + 0 >= 30) exit 0; for (i = 0; i < 100000; i++) x++ } }";
        ProcessOutcome o = run(job("Cmd", "/usr/bin/awk").with("Arguments",
                new org.harrier.classad.StringValue("'" + loop.replace("'", "''") + "'")));
        assertEquals(0, o.exitCode());
        assertTrue(o.cpu().userSeconds() > 0, "user CPU " + o.cpu());
        // Not compared with the CPU time: /proc counts in clock ticks, and tests never race clocks.
        assertTrue(o.wallClockSeconds() > 0, "wall clock " + o.wallClockSeconds());
    }

    @Test
    void killingAJobKillsItsWholeTree() throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        RunningJob running = starter.start(JobCommand.from(job("Cmd", "/bin/sh",
                "Arguments", "-c 'sleep 300 & echo $! > child.pid; wait'"), BASE), done::complete);
        long child = awaitPid("child.pid");
        assertTrue(ProcessHandle.of(child).isPresent());
        running.kill();
        ProcessOutcome o = done.get();
        assertTrue(o.exitBySignal());
        assertEquals(15, o.exitSignal());
        await(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true));
        assertFalse(running.alive());
    }

    @Test
    void aTreeThatIgnoresSigtermIsKilledAfterTheGrace() throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        RunningJob running = starter.start(JobCommand.from(job("Cmd", "/bin/sh",
                "Arguments", "-c 'trap \"\" TERM; sleep 300 & echo $! > child.pid; wait'"), BASE), done::complete);
        long child = awaitPid("child.pid");
        running.kill();
        ProcessOutcome o = done.get();
        assertEquals(9, o.exitSignal());
        await(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true));
    }

    @Test
    void processesAJobLeavesBehindDieWithIt() throws Exception {
        Path marker = iwd.resolve("child.pid");
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        // The shell starts a background sleep, then waits until the starter has seen it
        // (a usage sample every 50 ms) before exiting and leaving the sleep orphaned.
        starter.start(JobCommand.from(job("Cmd", "/bin/sh",
                "Arguments", "-c 'sleep 300 & echo $! > child.pid; sleep 0.5; exit 0'"), BASE), done::complete);
        long child = awaitPid("child.pid");
        assertEquals(0, done.get().exitCode());
        await(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true));
        assertTrue(Files.exists(marker));
    }

    /** The state letter of /proc/<pid>/stat (proc(5)): 'T' stopped, 'S' sleeping, 'R' running... */
    static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (IOException e) {
            return '?';
        }
    }

    @Test
    void aSuspendedTreeIsStoppedAndRunsOnWhenContinued() throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        RunningJob running = starter.start(JobCommand.from(job("Cmd", "/bin/sh", "Arguments",
                "-c 'echo $$ > shell.pid; sleep 300 & echo $! > child.pid; while [ ! -e go ]; do sleep 0.05; done; kill $!; exit 4'"),
                BASE), done::complete);
        long shell = awaitPid("shell.pid");
        long child = awaitPid("child.pid");

        running.suspend();
        assertTrue(running.suspended());
        await(() -> state(shell) == 'T' && state(child) == 'T');
        running.suspend(); // already stopped: nothing to do

        running.resume();
        assertFalse(running.suspended());
        await(() -> state(shell) != 'T' && state(child) != 'T');
        Files.writeString(iwd.resolve("go"), "");
        assertEquals(4, done.get().exitCode(), "the job ran on to its own end");
    }

    @Test
    void killingASuspendedJobStillEndsItWithSigterm() throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        RunningJob running = starter.start(JobCommand.from(job("Cmd", "/bin/sh",
                "Arguments", "-c 'sleep 300 & echo $! > child.pid; wait'"), BASE), done::complete);
        long child = awaitPid("child.pid");
        running.suspend();
        await(() -> state(child) == 'T');
        running.kill();
        ProcessOutcome o = done.get();
        assertEquals(15, o.exitSignal(), "SIGTERM, delivered once the tree was continued");
        await(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true));
    }

    long awaitPid(String file) throws Exception {
        Path p = iwd.resolve(file);
        await(() -> {
            try {
                return Files.exists(p) && Files.readString(p).endsWith("\n");
            } catch (IOException e) {
                return false;
            }
        });
        return Long.parseLong(Files.readString(p).trim());
    }

    static void await(BooleanSupplier condition) {
        Await.until("the condition", Duration.ofSeconds(20), condition::getAsBoolean);
    }

    static Stream<Arguments> unstartable() {
        return Stream.of(
                Arguments.of(new String[] {"Cmd", "/no/such/program"}, 6, "Cmd /no/such/program does not exist"),
                Arguments.of(new String[] {"Cmd", "plain.txt"}, 6, "is not an executable file"),
                Arguments.of(new String[] {"Cmd", "/bin"}, 6, "is not an executable file"),
                Arguments.of(new String[] {"Cmd", "/bin/true", "Iwd", "/no/such/dir"}, 14, "Iwd /no/such/dir does not exist"),
                Arguments.of(new String[] {"Cmd", "/bin/true", "Iwd", "/proc/self/stat"}, 14, "is not a directory"),
                Arguments.of(new String[] {"Cmd", "/bin/true", "Iwd", "relative/dir"}, 14, "Iwd must be an absolute path"),
                Arguments.of(new String[] {"Cmd", "/bin/true", "In", "missing.txt"}, 8, "cannot be read"),
                Arguments.of(new String[] {"Cmd", "/bin/true", "Out", "no/such/dir/out.txt"}, 7, "Out"),
                Arguments.of(new String[] {"Cmd", "/bin/true", "Err", "/"}, 7, "Err / is a directory"),
                Arguments.of(new String[] {"Cmd", "/bin/echo", "Arguments", "'unterminated"}, 6, "unterminated single quote"),
                Arguments.of(new String[] {"Cmd", "/bin/echo", "Environment", "NOEQUALS"}, 6, "is not name=value"),
                Arguments.of(new String[] {"Arguments", "x"}, 6, "job ad has no Cmd"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("unstartable")
    void aJobThatCannotStartIsRefusedWithHtcondorsHoldCode(String[] attributes, int code, String reason) throws IOException {
        Files.writeString(iwd.resolve("plain.txt"), "not a program\n");
        JobSetupException e = assertThrows(JobSetupException.class,
                () -> starter.start(JobCommand.from(job(attributes), BASE), o -> { }));
        assertEquals(code, e.holdReasonCode());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void aJobAdWithoutIwdOrWithANonStringCmdIsRefused() {
        JobSetupException noIwd = assertThrows(JobSetupException.class,
                () -> JobCommand.from(ClassAd.parse("[Cmd = \"/bin/true\"]"), BASE));
        assertEquals(14, noIwd.holdReasonCode());
        JobSetupException badCmd = assertThrows(JobSetupException.class,
                () -> JobCommand.from(ClassAd.parse("[Cmd = 42; Iwd = \"/tmp\"]"), BASE));
        assertTrue(badCmd.getMessage().contains("Cmd must be a string"), badCmd.getMessage());
    }
}
