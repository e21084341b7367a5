package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slot's jobs, one after another, in the one cgroup its last job emptied (cgroup version 1,
 * root here): real processes, real cgroups. What the next job must not inherit is the test:
 * CPU time, the memory peak, anything still running or frozen, another limit.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CgroupShelfTest {
    static final Duration GRACE = StarterUsageTest.GRACE;
    static final Cgroups CGROUPS = StarterUsageTest.CGROUPS;

    @TempDir
    Path iwd;

    final Starter starter = new Starter(GRACE, Duration.ofHours(1), CGROUPS);
    final String slot = "slot1_1@shelf-test-" + ProcessHandle.current().pid();

    @BeforeEach
    void versionOne() {
        assumeTrue(CGROUPS.versionOne(), "a slot's jobs share a cgroup only on version 1: " + CGROUPS.description());
    }

    @AfterEach
    void closeStarter() {
        starter.close();
    }

    /** Runs {@code script} on the slot with {@code limitMiB}; the outcome and the memory cgroup it ran in. */
    Ran run(String script, long limitMiB) throws Exception {
        CompletableFuture<ProcessOutcome> done = new CompletableFuture<>();
        Files.deleteIfExists(iwd.resolve("cgroup"));
        starter.start(StarterUsageTest.shell(iwd, "cat /proc/self/cgroup > cgroup; " + script), new JobControls(slot, limitMiB, "TERM", GRACE),
                done::complete);
        ProcessOutcome o = done.get();
        return new Ran(o, StarterUsageTest.memoryCgroup(Files.readString(iwd.resolve("cgroup"))));
    }

    record Ran(ProcessOutcome outcome, Path cgroup) {
    }

    /** Whether {@code pid} runs: a killed process may stay a zombie until whoever adopted it reaps it. */
    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void theSlotsNextJobRunsInTheCgroupItsLastJobEmptiedCountingOnlyItsOwnCpuAndPeak() throws Exception {
        Ran busy = run("i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done; x=$(head -c 30000000 /dev/zero | tr -c x x)", 256);
        Ran idle = run("true", 256);
        double busyCpu = busy.outcome().cpu().userSeconds() + busy.outcome().cpu().systemSeconds();
        double idleCpu = idle.outcome().cpu().userSeconds() + idle.outcome().cpu().systemSeconds();
        assertAll(() -> assertEquals(busy.cgroup(), idle.cgroup(), "the same cgroup"),
                () -> assertTrue(busyCpu > 0.2, "the first job's CPU: " + busy.outcome()),
                () -> assertTrue(idleCpu < busyCpu / 4, "the second counts its own CPU only: " + idle.outcome()),
                () -> assertTrue(busy.outcome().resources().residentSetSizeKiB() > 25_000, busy.outcome()::toString),
                () -> assertTrue(idle.outcome().resources().residentSetSizeKiB() < 5_000,
                        "the second job's peak is its own: " + idle.outcome()));
    }

    @Test
    void aJobWithAnotherMemoryLimitGetsACgroupOfItsOwn() throws Exception {
        Ran first = run("true", 256);
        Ran second = run("cat /sys/fs/cgroup/memory$(grep memory /proc/self/cgroup | cut -d: -f3)/memory.limit_in_bytes > limit", 384);
        assertAll(() -> assertNotEquals(first.cgroup(), second.cgroup()),
                () -> assertEquals(384L << 20, Long.parseLong(Files.readString(iwd.resolve("limit")).strip())));
    }

    @Test
    void whatTheLastJobLeftRunningOrItsOomKillNeverReachesTheNext() throws Exception {
        Ran left = run("setsid sleep 300 & echo $! > left", 256);
        long leftPid = Long.parseLong(Files.readString(iwd.resolve("left")).strip());
        Ran after = run("cat /sys/fs/cgroup/memory$(grep memory /proc/self/cgroup | cut -d: -f3)/cgroup.procs > procs", 256);
        List<String> procs = Files.readAllLines(iwd.resolve("procs"));
        assertAll(() -> assertFalse(running(leftPid), "killed with the job that left it"),
                () -> assertFalse(procs.contains(Long.toString(leftPid)), "not in the next job's cgroup: " + procs),
                () -> assertTrue(procs.size() <= 2, "the next job's shell and cat only: " + procs),
                () -> assertEquals(0, after.outcome().exitCode(), after.outcome()::toString),
                () -> assertTrue(left.outcome().exitCode() == 0, left.outcome()::toString));
        Ran over = run("head -c 300000000 /dev/zero | tail > /dev/null", 64);
        assertTrue(over.outcome().held(), over.outcome()::toString);
        Ran next = run("true", 64);
        assertFalse(next.outcome().held(), "the OOM kill was the last job's: " + next.outcome());
    }

    @Test
    void aShelvedCgroupIsRemovedOnceIdleAndTheShelfHoldsOnePerSlot() throws Exception {
        CgroupShelf shelf = new CgroupShelf();
        JobCgroup used = CGROUPS.create(slot, 0);
        Process p = new ProcessBuilder(used.entry(List.of("true"))).start();
        assertEquals(0, p.waitFor());
        Await.until("the process gone from the cgroup", Duration.ofSeconds(20), () -> used.procs().isEmpty());
        assertTrue(shelf.put(slot, used, used.counts(), 1_000));
        assertEquals(List.of(), shelf.idle(1_000 + CgroupShelf.IDLE - 1, CgroupShelf.IDLE), "not idle long enough");

        JobCgroup other = CGROUPS.create(slot, 0);
        assertTrue(shelf.put(slot, other, other.counts(), 2_000), "an empty cgroup is shelved");
        assertFalse(Files.exists(used.path()), "the one it displaced is removed");
        List<JobCgroup> idle = shelf.idle(2_000 + CgroupShelf.IDLE, CgroupShelf.IDLE);
        assertEquals(List.of(other.path()), idle.stream().map(JobCgroup::path).toList());
        idle.forEach(JobCgroup::remove);
        assertAll(() -> assertFalse(Files.exists(other.path())), () -> assertTrue(shelf.take(slot, 0).isEmpty()));

        JobCgroup late = CGROUPS.create(slot, 0);
        assertEquals(List.of(), shelf.clear());
        assertFalse(shelf.put(slot, late, late.counts(), 3_000), "a job ending after the starter closed: its caller removes the cgroup");
        assertTrue(late.remove());
    }
}
