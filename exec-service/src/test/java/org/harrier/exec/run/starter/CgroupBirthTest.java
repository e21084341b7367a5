package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs born inside their cgroups (version 1, root here): the process is in the job's cgroups from
 * its first instruction with no shell in between, the starting thread is back in its own
 * cgroups afterwards, a failed step falls back to the shell entry for good, and a job cgroup
 * holding the startd's own thread never gets the startd signalled. Where the host has no
 * writable version-1 cgroups these cases are skipped; {@code StarterUsageTest} and
 * {@link CgroupLayoutTest} cover the rest everywhere.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CgroupBirthTest {
    static final Cgroups CGROUPS = Cgroups.detect();

    @TempDir
    Path dir;

    static String threadCgroups() throws Exception {
        return Files.readString(Path.of("/proc/thread-self/cgroup"));
    }

    static String threadId() throws Exception {
        return Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
    }

    String name(String what) {
        return "birth_" + ProcessHandle.current().pid() + "_" + what;
    }

    /** The startd's own cgroups, as Cgroups finds them: the parents of its job cgroups' base. */
    static List<Path> home() {
        JobCgroup made = CGROUPS.create("birth_" + ProcessHandle.current().pid() + "_home", 0);
        made.remove();
        return made.threadDirs().stream().map(p -> p.getParent().getParent()).toList();
    }

    @Test
    void aJobRightAfterAnotherIsBornInItsCgroupsWithoutAShellAndTheThreadStepsBack() throws Exception {
        assumeTrue(CGROUPS.usable() && CGROUPS.bornInside(), CGROUPS.description());
        String before = threadCgroups();
        CgroupBirth birth = CgroupBirth.below(home(), Long.MAX_VALUE);
        JobCgroup first = CGROUPS.create(name("first"), 128L << 20);
        JobCgroup cgroup = CGROUPS.create(name("born"), 128L << 20);
        Path out = dir.resolve("cgroup");
        ProcessBuilder quiet = new ProcessBuilder("/bin/true");
        ProcessBuilder pb = new ProcessBuilder("/bin/cat", "/proc/self/cgroup").redirectOutput(out.toFile());
        try {
            assertEquals(0, birth.start(quiet, first).waitFor());
            Process p = birth.start(pb, cgroup);
            assertEquals(0, p.waitFor());
            String seen = Files.readString(out);
            String job = cgroup.path().getFileName().toString();
            assertAll(() -> assertEquals("/bin/sh", quiet.command().get(0), "the first after a quiet spell: the shell entry"),
                    () -> assertEquals("/bin/cat", pb.command().get(0), "no shell entry: " + pb.command()),
                    () -> assertTrue(seen.lines().anyMatch(l -> l.contains(":memory:") && l.endsWith("/harrier/" + job)), seen),
                    () -> assertTrue(seen.lines().anyMatch(l -> l.contains(":freezer:") && l.endsWith("/harrier/" + job)), seen),
                    () -> assertEquals(before, threadCgroups(), "the starting thread is back in its own cgroups"),
                    () -> assertTrue(birth.bornInside()));
        } finally {
            assertTrue(first.remove() && cgroup.remove(), "the jobs' cgroups are empty once they exited");
        }
    }

    @Test
    void aCgroupServingJobAfterJobKeepsItsTasksFilesOpenUntilItIsRemoved() throws Exception {
        assumeTrue(CGROUPS.usable() && CGROUPS.bornInside(), CGROUPS.description());
        String before = threadCgroups();
        CgroupBirth birth = CgroupBirth.below(home(), Long.MAX_VALUE);
        JobCgroup cgroup = CGROUPS.create(name("again"), 0);
        String job = cgroup.path().getFileName().toString();
        for (int i = 0; i < 3; i++) {
            Path out = dir.resolve("cgroup" + i);
            ProcessBuilder pb = new ProcessBuilder("/bin/cat", "/proc/self/cgroup").redirectOutput(out.toFile());
            assertEquals(0, birth.start(pb, cgroup).waitFor());
            if (i > 0) {
                assertAll(() -> assertEquals("/bin/cat", pb.command().get(0), "born inside: " + pb.command()),
                        () -> assertTrue(Files.readString(out).lines().anyMatch(l -> l.contains(":freezer:")
                                && l.endsWith("/harrier/" + job)), "in its cgroup"));
            }
        }
        assertAll(() -> assertEquals(before, threadCgroups(), "back in its own cgroups each time"),
                () -> assertEquals(cgroup.threadDirs().size(), openTasksFiles(job), "one open tasks file per hierarchy"));
        assertTrue(cgroup.remove());
        assertEquals(0, openTasksFiles(job), "closed with the cgroup");
    }

    /** How many of this process's open files are tasks files of job cgroup {@code job}. */
    static long openTasksFiles(String job) throws Exception {
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.map(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString();
                } catch (java.io.IOException e) {
                    return "";
                }
            }).filter(target -> target.endsWith("/" + job + "/tasks")).count();
        }
    }

    @Test
    void theFirstJobAfterAQuietSpellEntersThroughTheShell() throws Exception {
        assumeTrue(CGROUPS.usable() && CGROUPS.bornInside(), CGROUPS.description());
        CgroupBirth birth = CgroupBirth.below(home());
        JobCgroup cgroup = CGROUPS.create(name("quiet"), 128L << 20);
        Path out = dir.resolve("cgroup");
        ProcessBuilder pb = new ProcessBuilder("/bin/cat", "/proc/self/cgroup").redirectOutput(out.toFile());
        try {
            assertEquals(0, birth.start(pb, cgroup).waitFor());
            String job = cgroup.path().getFileName().toString();
            assertAll(() -> assertEquals("/bin/sh", pb.command().get(0), pb.command()::toString),
                    () -> assertTrue(Files.readString(out).lines().anyMatch(l -> l.contains(":memory:")
                            && l.endsWith("/harrier/" + job)), "in its cgroup all the same"),
                    () -> assertTrue(birth.bornInside(), "later jobs may still be born inside"));
        } finally {
            assertTrue(cgroup.remove());
        }
    }

    @Test
    void aFailedStepInFallsBackToTheShellEntryForGood() throws Exception {
        assumeTrue(CGROUPS.usable() && CGROUPS.bornInside(), CGROUPS.description());
        String before = threadCgroups();
        // A job cgroup that was never made, started right after another start.
        List<Path> home = home();
        Path nowhere = dir.resolve("no-such-cgroup");
        JobCgroup missing = JobCgroup.existing(false, nowhere.resolve("m"), nowhere.resolve("f"),
                home.size() > 2 ? Optional.of(nowhere.resolve("c")) : Optional.empty());
        CgroupBirth birth = CgroupBirth.below(home, Long.MAX_VALUE);
        JobCgroup first = CGROUPS.create(name("before"), 0);
        assertEquals(0, birth.start(new ProcessBuilder("/bin/true"), first).waitFor());
        assertTrue(first.remove());
        ProcessBuilder pb = new ProcessBuilder("/bin/true");
        Process p = birth.start(pb, missing);
        assertAll(() -> assertEquals(0, p.waitFor()),
                () -> assertEquals("/bin/sh", pb.command().get(0), "the shell entry: " + pb.command()),
                () -> assertFalse(birth.bornInside(), "every later job enters through the shell"),
                () -> assertEquals(before, threadCgroups(), "the thread is back in its own cgroups"));
        ProcessBuilder next = new ProcessBuilder("/bin/true");
        assertEquals(0, birth.start(next, missing).waitFor());
        assertEquals("/bin/sh", next.command().get(0));
    }

    @Test
    void versionTwoAndHostsWithoutCgroupsUseTheShellEntry() throws Exception {
        CgroupBirth birth = CgroupBirth.shellOnly("cgroup v2 places processes, not threads");
        Path nowhere = dir.resolve("v2");
        JobCgroup v2 = JobCgroup.existing(true, nowhere, nowhere, Optional.of(nowhere));
        ProcessBuilder pb = new ProcessBuilder("/bin/true");
        assertEquals(0, birth.start(pb, v2).waitFor());
        assertAll(() -> assertFalse(birth.bornInside()),
                () -> assertEquals(List.of("/bin/sh", "-c"), pb.command().subList(0, 2)),
                () -> assertTrue(v2.threadDirs().isEmpty(), "v2 places no threads"));
    }

    @Test
    void aJobCgroupHoldingTheStartdsThreadNeverSignalsTheStartd() throws Exception {
        assumeTrue(CGROUPS.usable() && CGROUPS.bornInside(), CGROUPS.description());
        String before = threadCgroups();
        JobCgroup cgroup = CGROUPS.create(name("stuck"), 0);
        List<Path> home = cgroup.threadDirs().stream().map(p -> p.getParent().getParent()).toList();
        String thread = threadId();
        for (Path p : cgroup.threadDirs()) {
            Files.writeString(p.resolve("tasks"), thread);
        }
        try {
            assertTrue(cgroup.procs().isEmpty(), "the startd's own pid is not the job's: " + cgroup.procs());
            cgroup.signal("TERM");
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> cgroup.killAllAndRemove(Duration.ofMillis(200)));
            assertTrue(e.getMessage().contains("still in"), e.getMessage());
        } finally {
            for (Path p : home) {
                Files.writeString(p.resolve("tasks"), thread);
            }
        }
        assertEquals(before, threadCgroups());
        assertTrue(cgroup.remove(), "removable once the thread has left");
    }
}
