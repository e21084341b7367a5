package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.harrier.classad.ClassAd;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Usage, kill signals and the memory limit against real processes: a shell holding N bytes in a
 * variable ({@code x=$(head -c N /dev/zero | tr -c x x)}) or pushing them through
 * {@code tail} (which keeps the whole NUL "line" in memory), a shell that traps its KillSig. The cgroup cases need a writable memory and freezer cgroup (root here); each
 * has a twin in {@link UsageArithmeticTest} that runs everywhere.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StarterUsageTest {
    static final Duration GRACE = Duration.ofSeconds(20);
    static final Cgroups CGROUPS = Cgroups.detect();

    @TempDir
    Path iwd;

    final Starter starter = new Starter(GRACE, Duration.ofMillis(50), CGROUPS);

    @AfterEach
    void closeStarter() {
        starter.close();
    }

    JobCommand shell(String script) {
        return shell(iwd, script);
    }

    /** {@code script} run by /bin/sh in {@code iwd}. */
    static JobCommand shell(Path iwd, String script) {
        return JobCommand.from(ClassAd.builder().set("Iwd", iwd.toString()).set("Cmd", "/bin/sh")
                .set("Arguments", "-c '" + script + "'").build(), StarterTest.BASE);
    }

    static void await(String what, BooleanSupplier condition) {
        Await.until(what, Duration.ofSeconds(30), condition::getAsBoolean);
    }

    @Test
    void memoryAndWrittenFilesAreMeasuredWhileTheJobRuns() throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        RunningJob job = starter.start(shell("head -c 2000000 /dev/urandom > written; "
                + "x=$(head -c 40000000 /dev/zero | tr -c x x); sleep 30"), JobControls.plain(GRACE), done::complete);
        await("40 MB resident", () -> job.resources().residentSetSizeKiB() > 30_000);
        await("the written file counted", () -> job.resources().diskUsageKiB() >= 1953);
        job.killNow();
        ProcessOutcome o = done.get();
        assertAll(() -> assertTrue(o.resources().residentSetSizeKiB() > 30_000, o::toString),
                () -> assertTrue(o.resources().imageSizeKiB() >= o.resources().residentSetSizeKiB(), o::toString),
                () -> assertTrue(o.resources().diskUsageKiB() >= 1953, "2,000,000 bytes: " + o),
                () -> assertFalse(o.held(), o::toString));
    }

    @Test
    void aVacatedJobGetsItsKillSigAndMayFinishInItsVacateTime() throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        RunningJob job = starter.start(shell("trap \"echo USR1 > got; exit 7\" USR1; touch ready; "
                + "while true; do sleep 0.05; done"), new JobControls("", 0, "USR1", GRACE), done::complete);
        await("the trap set", () -> Files.exists(iwd.resolve("ready")));
        job.kill();
        ProcessOutcome o = done.get();
        assertAll(() -> assertEquals("USR1", Files.readString(iwd.resolve("got")).strip()),
                () -> assertEquals(7, o.exitCode(), "it finished by itself within its vacate time: " + o));
    }

    @Test
    void aJobIgnoringItsKillSigIsKilledAfterItsVacateTime() throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        RunningJob job = starter.start(shell("trap \"\" TERM; touch ready; while true; do sleep 0.05; done"),
                new JobControls("", 0, "TERM", Duration.ofMillis(200)), done::complete);
        await("the trap set", () -> Files.exists(iwd.resolve("ready")));
        job.kill();
        ProcessOutcome o = done.get();
        assertAll(() -> assertTrue(o.exitBySignal(), o::toString), () -> assertEquals(9, o.exitSignal(), o::toString));
    }

    @Test
    void aJobOverItsMemoryLimitIsKilledAndHeldWithTheReason() throws Exception {
        assumeTrue(CGROUPS.usable(), CGROUPS.description());
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        starter.start(shell("head -c 300000000 /dev/zero | tail > /dev/null"),
                new JobControls("test_" + ProcessHandle.current().pid() + "_over", 64, "TERM", GRACE), done::complete);
        ProcessOutcome o = done.get();
        assertAll(() -> assertEquals(MemoryLimit.JOB_OUT_OF_RESOURCES, o.holdReasonCode(), o::toString),
                () -> assertTrue(o.holdReason().startsWith("Job has gone over cgroup memory limit of 64 megabytes."),
                        o.holdReason()),
                () -> assertTrue(o.resources().memoryUsageMiB() >= 60, "peaked near the limit: " + o));
    }

    @Test
    void aJobWithinItsLimitRunsInItsCgroupWhichIsRemovedWhenTheStarterCloses() throws Exception {
        assumeTrue(CGROUPS.usable(), CGROUPS.description());
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        String name = "test_" + ProcessHandle.current().pid() + "_within";
        RunningJob job = starter.start(shell("cat /proc/self/cgroup > cgroup; head -c 10000000 /dev/zero | tail > /dev/null"),
                new JobControls(name, 64, "TERM", GRACE), done::complete);
        ProcessOutcome o = done.get();
        Path cgroup = memoryCgroup(Files.readString(iwd.resolve("cgroup")));
        assertAll(() -> assertTrue(job.contained()), () -> assertFalse(o.held(), o::toString),
                () -> assertEquals(0, o.exitCode(), o::toString),
                () -> assertTrue(cgroup.getFileName().toString().startsWith(name + "."), "the job ran inside its cgroup: " + cgroup),
                () -> assertTrue(o.resources().residentSetSizeKiB() >= 9000, "the cgroup's peak: " + o));
        starter.close();
        assertFalse(Files.exists(cgroup), "removed, kept for the slot's next job or not");
    }

    /** The memory cgroup a job's /proc/self/cgroup names, as a path under the memory hierarchy. */
    static Path memoryCgroup(String procSelfCgroup) {
        Path unified = null;
        for (String line : procSelfCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && java.util.List.of(f[1].split(",")).contains("memory")) {
                return Path.of("/sys/fs/cgroup/memory" + f[2]);
            }
            if (f.length == 3 && f[0].equals("0") && f[1].isEmpty()) {
                unified = Path.of("/sys/fs/cgroup" + f[2]);
            }
        }
        if (unified == null) {
            throw new AssertionError("no memory cgroup in " + procSelfCgroup);
        }
        return unified;
    }

    @Test
    void aJobsCpuTimeIsExactFromItsCgroupEvenWithoutASample() throws Exception {
        assumeTrue(CGROUPS.measuresCpu(), CGROUPS.description());
        try (Starter unsampled = new Starter(GRACE, Duration.ofHours(1), CGROUPS)) {
            CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
            unsampled.start(shell("i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"),
                    new JobControls("test_" + ProcessHandle.current().pid() + "_cpu", 0, "TERM", GRACE), done::complete);
            ProcessOutcome o = done.get();
            assertTrue(o.cpu().userSeconds() + o.cpu().systemSeconds() > 0, "counted from cpuacct: " + o);
        }
    }

    @Test
    void aSuspendedJobIsFrozenInItsCgroupAndThawedOnResume() throws Exception {
        assumeTrue(CGROUPS.usable(), CGROUPS.description());
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        String name = "test_" + ProcessHandle.current().pid() + "_frozen";
        RunningJob job = starter.start(shell("while [ ! -e stop ]; do date +%s%N > tick; sleep 0.02; done"),
                new JobControls(name, 0, "TERM", GRACE), done::complete);
        await("the first tick", () -> Files.exists(iwd.resolve("tick")));
        job.suspend();
        Files.createFile(iwd.resolve("stop"));
        // No timing here: a frozen job cannot end however long we look; it ends once thawed.
        assertFalse(done.isDone(), "frozen before it could see the stop file");
        assertTrue(job.suspended());
        job.resume();
        ProcessOutcome o = done.get();
        assertEquals(0, o.exitCode(), o::toString);
    }
}
