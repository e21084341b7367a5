package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.ClaimVerdict;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.SlotAds;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The startd with real processes and a recording listener in place of the bus. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdTest {
    static final String SCHEDULER = "harrier:scheduler:test";
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));

    @TempDir
    Path iwd;

    final Events events = new Events();
    final Startd startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(7),
            ExecSettings.builder().killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50)).build().timings()),
            events);

    /** Everything the startd reported, in order. */
    static final class Events implements StartdListener {
        final LinkedBlockingQueue<Object> reports = new LinkedBlockingQueue<>();
        volatile PartitionableSlot lastSlot;

        @Override
        public void slotsChanged(PartitionableSlot slot) {
            lastSlot = slot;
        }

        @Override
        public void jobExited(RunExited exited) {
            reports.add(exited);
        }

        <T> T next(Class<T> type) throws InterruptedException {
            Object o = reports.poll(20, TimeUnit.SECONDS);
            return assertInstanceOf(type, o, "next report");
        }
    }

    @AfterEach
    void close() {
        startd.close();
    }

    ClassAd job(String cmd, String arguments) {
        return job(iwd, cmd, arguments);
    }

    /** A job of alice's that runs {@code cmd} in {@code iwd} with 256 MiB. */
    static ClassAd job(Path iwd, String cmd, String arguments) {
        return ClassAd.builder().set("Cmd", cmd).set("Arguments", arguments).set("Iwd", iwd.toString())
                .set("Owner", "alice").set("RequestMemory", 256).build();
    }

    static StartdFailure failure(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        return assertInstanceOf(StartdFailure.class, e.getCause());
    }

    @Test
    void aClaimRunsJobAfterJobAndReturnsItsResourcesOnRelease() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertEquals("slot1_1@node", g.slot().name());
        assertEquals(new Resources(1, 256, 1024), g.slot().resources());
        assertEquals(new Resources(1, 768, 100000 - 1024), startd.slot().remaining());

        RunStarted started = startd.activate(g.claimId(), "1.0", job("/bin/sh", "-c 'exit 7'")).get();
        assertEquals(new RunStarted("1.0", g.claimId(), SCHEDULER, "slot1_1@node"), started);
        RunExited exited = events.next(RunExited.class);
        assertEquals("1.0", exited.jobId());
        assertEquals(7, exited.exitCode());
        assertFalse(exited.exitBySignal());
        assertFalse(exited.neverStarted());

        assertEquals("1.1", startd.activate(g.claimId(), "1.1", job("/bin/echo", "again")).get().jobId());
        assertEquals(0, events.next(RunExited.class).exitCode());

        startd.release(g.claimId()).get();
        assertEquals(MACHINE.total(), startd.slot().remaining());
        assertTrue(startd.slot().dynamicSlots().isEmpty());
        assertInstanceOf(StartdFailure.UnknownClaim.class, failure(startd.activate(g.claimId(), "1.2", job("/bin/true", ""))));
    }

    @Test
    void aRequestThatDoesNotFitIsRefusedWithTheReasonAndCounted() throws Exception {
        ClassAd big = ClassAd.builder().set("RequestCpus", 3).build();
        StartdFailure e = failure(startd.claim(big, SCHEDULER));
        assertInstanceOf(StartdFailure.ClaimRefused.class, e);
        assertEquals("claim refused: slot1@node needs 3 Cpus, 2 left", e.getMessage());
        assertEquals(1L, startd.refusals().get().get(ClaimVerdict.Refusal.DOES_NOT_FIT));
        assertEquals(MACHINE.total(), startd.slot().remaining());
    }

    @Test
    void claimIdsAreUnguessableAndNeverAdvertised() throws Exception {
        ClaimBook.Grant a = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        ClaimBook.Grant b = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertNotEquals(a.claimId(), b.claimId());
        assertEquals(22, a.claimId().length(), "128 bits, base64url");
        String ads = SlotAds.partitionable(startd.slot()).toString()
                + SlotAds.dynamic(startd.slot(), a.slot()) + SlotAds.dynamic(startd.slot(), b.slot());
        assertFalse(ads.contains(a.claimId()) || ads.contains(b.claimId()), ads);
    }

    @Test
    void activatingAnUnknownOrBusyClaimIsRefused() throws Exception {
        assertInstanceOf(StartdFailure.UnknownClaim.class, failure(startd.activate("forged", "1.0", job("/bin/true", ""))));
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertNotNull(startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get(), "started");
        StartdFailure busy = failure(startd.activate(g.claimId(), "1.1", job("/bin/true", "")));
        assertInstanceOf(StartdFailure.WrongState.class, busy);
        assertTrue(busy.getMessage().contains("running job 1.0"), busy.getMessage());
        assertInstanceOf(StartdFailure.WrongState.class, failure(startd.deactivate(g.claimId(), "9.9")));
        startd.deactivate(g.claimId(), "1.0").get();
        RunExited exited = events.next(RunExited.class);
        assertTrue(exited.exitBySignal());
        assertEquals(15, exited.exitSignal());
        startd.deactivate(g.claimId(), "1.0").get(); // already gone: nothing to do, no error
    }

    static char state(long pid) throws java.io.IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }

    long awaitPid(String file) throws Exception {
        Path p = iwd.resolve(file);
        Await.until(file + " with a pid", Duration.ofSeconds(20), () -> Files.exists(p) && Files.readString(p).endsWith("\n"));
        return Long.parseLong(Files.readString(p).trim());
    }

    static void awaitState(long pid, java.util.function.Predicate<Character> wanted) {
        Await.until("process " + pid + " in the state wanted", Duration.ofSeconds(20), () -> wanted.test(state(pid)));
    }

    @Test
    void anActivateRepeatingTheClaimsLastRunIsRefusedSoARestartedSchedulerNeverRunsAJobTwice() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        ClassAd first = job("/bin/true", "");
        assertNotNull(startd.activate(g.claimId(), "3.0", first).get(), "started");
        assertEquals("3.0", events.next(RunExited.class).jobId());

        StartdFailure again = failure(startd.activate(g.claimId(), "3.0", first));
        assertInstanceOf(StartdFailure.WrongState.class, again, "the same activation (3.0, NumJobStarts 0) ran already");
        assertTrue(again.getMessage().contains("already ran job 3.0"), again.getMessage());

        ClassAd rerun = first.with("NumJobStarts", org.harrier.classad.IntegerValue.of(1));
        assertNotNull(startd.activate(g.claimId(), "3.0", rerun).get(), "a later run of the job (it was requeued) starts");
        assertEquals("3.0", events.next(RunExited.class).jobId());
        assertNotNull(startd.activate(g.claimId(), "3.1", first).get(), "another job starts");
        assertEquals("3.1", events.next(RunExited.class).jobId());
    }

    @Test
    void aSuspendedJobIsStoppedKeepsItsClaimAndCompletesOnceContinued() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertNotNull(startd.activate(g.claimId(), "6.0", job("/bin/sh",
                "-c 'echo $$ > job.pid; while [ ! -e go ]; do sleep 0.05; done; exit 0'")).get(), "started");
        long pid = awaitPid("job.pid");

        startd.suspend(g.claimId(), "6.0").get();
        awaitState(pid, s -> s == 'T');
        startd.suspend(g.claimId(), "6.0").get(); // again: a no-op
        assertTrue(startd.slot().dynamicSlots().get("slot1_1@node").busy(), "the claim still runs the job");

        startd.resume(g.claimId(), "6.0").get();
        awaitState(pid, s -> s != 'T');
        startd.resume(g.claimId(), "6.0").get(); // not stopped: a no-op
        Files.writeString(iwd.resolve("go"), "");
        RunExited exited = events.next(RunExited.class);
        assertEquals("6.0", exited.jobId());
        assertEquals(0, exited.exitCode());
    }

    @Test
    void suspendingWhatTheClaimDoesNotRunIsRefused() throws Exception {
        assertInstanceOf(StartdFailure.UnknownClaim.class, failure(startd.suspend("forged", "1.0")));
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        StartdFailure idle = failure(startd.resume(g.claimId(), "1.0"));
        assertInstanceOf(StartdFailure.WrongState.class, idle);
        assertTrue(idle.getMessage().startsWith("no job runs on the claim on slot1_1@node"), idle.getMessage());
        assertNotNull(startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get());
        StartdFailure other = failure(startd.suspend(g.claimId(), "1.1"));
        assertEquals("claim on slot1_1@node runs job 1.0, not 1.1", other.getMessage());
        startd.suspend(g.claimId(), "1.0").get();
        startd.deactivate(g.claimId(), "1.0").get();
        assertEquals(15, events.next(RunExited.class).exitSignal(), "a suspended job is killed by SIGTERM too");
    }

    @Test
    void aJobThatCannotStartIsReportedAsExitedWithAHoldReasonAndTheClaimStaysUsable() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertNull(startd.activate(g.claimId(), "2.0", job("/no/such/program", "")).get(), "not started");
        RunExited exited = events.next(RunExited.class);
        assertTrue(exited.neverStarted());
        assertEquals(6, exited.holdReasonCode());
        assertEquals(RunExited.NEVER_STARTED, exited.exitCode());
        assertTrue(exited.holdReason().contains("/no/such/program does not exist"), exited.holdReason());
        assertFalse(startd.slot().dynamicSlots().get("slot1_1@node").busy());

        assertEquals("2.1", startd.activate(g.claimId(), "2.1", job("/bin/true", "")).get().jobId());
    }

    @Test
    void releasingABusyClaimKillsTheJobAndReturnsTheResourcesOnceItIsDead() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertNotNull(startd.activate(g.claimId(), "3.0", job("/bin/sleep", "300")).get(), "started");
        assertTrue(startd.slot().dynamicSlots().get("slot1_1@node").busy());
        startd.release(g.claimId()).get();
        assertInstanceOf(StartdFailure.UnknownClaim.class, failure(startd.activate(g.claimId(), "3.1", job("/bin/true", ""))));
        RunExited exited = events.next(RunExited.class);
        assertEquals(15, exited.exitSignal());
        assertEquals(MACHINE.total(), startd.refusals().thenApply(r -> startd.slot().remaining()).get());
    }

    @Test
    void theJobSeesItsSlotInItsEnvironment() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        ClassAd env = job("/usr/bin/env", "").with("Out", Expr.parse("\"env.txt\""));
        assertNotNull(startd.activate(g.claimId(), "4.0", env).get(), "started");
        assertEquals(0, events.next(RunExited.class).exitCode());
        List<String> lines = Files.readAllLines(iwd.resolve("env.txt"));
        assertTrue(lines.contains("_CONDOR_SLOT=slot1_1"), lines.toString());
        assertTrue(lines.contains("OMP_NUM_THREADS=1"), lines.toString());
    }

    @Test
    void closingKillsRunningJobsAndReportsTheirExits() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertNotNull(startd.activate(g.claimId(), "5.0", job("/bin/sh", "-c 'sleep 300 & echo $! > child.pid; wait'")).get(),
                "started");
        long child = awaitPid("child.pid");
        startd.close();
        RunExited exited = events.next(RunExited.class);
        assertTrue(exited.exitBySignal());
        Await.until("the child to die too", Duration.ofSeconds(20),
                () -> !ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false));
    }
}
