package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.OwnerAction;
import org.harrier.exec.claim.OwnerPolicy;
import org.harrier.exec.claim.OwnerPolicyTest;
import org.harrier.exec.claim.OwnerWatch;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.SlotAds;
import org.harrier.exec.claim.SlotPolicy;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.MachineSensor;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;
import org.harrier.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The owner policy applied by a startd to a real process, with KeyboardIdle injected and the
 * polls driven by the test: the owner comes back and the job's tree is stopped (state T in
 * /proc), goes away and it runs again, comes back to stay and it is vacated and reported evicted;
 * a job that ignores SIGTERM is killed by KILL long before its grace is over.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdOwnerPolicyTest {
    static final String SCHEDULER = "harrier:scheduler:test";
    static final String SLOT = "slot1_1@node";
    /** Writes its pid, then runs until the test creates {@code done}. */
    static final String UNTIL_DONE = "-c 'echo $$ > pid; while [ ! -e done ]; do sleep 0.05; done; exit 0'";

    @TempDir
    Path iwd;
    final AtomicLong keyboardIdle = new AtomicLong(3600);
    final LinkedBlockingQueue<RunExited> exits = new LinkedBlockingQueue<>();
    Startd startd;
    String claimId;
    SlotPolicy slotPolicy = SlotPolicy.DEFAULT;

    Startd startd(OwnerPolicy policy, Duration killGrace) {
        return startd(policy, killGrace, "TRUE");
    }

    Startd startd(OwnerPolicy policy, Duration killGrace, String start) {
        MachineSensor sensor = () -> new Measurements(0.1, 0, keyboardIdle.get(), keyboardIdle.get(), 512, 1000);
        startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", Machine.of("node", new Resources(2, 1024, 100000)),
                Expr.parse(start), 0), ClaimIds.seeded(5),
                ExecSettings.builder().killGrace(killGrace).usageInterval(Duration.ofMillis(50)).build().timings())
                .withPolicy(slotPolicy)
                .withOwnerWatch(new OwnerWatch(policy, sensor)),
                new StartdListener() {
                    @Override
                    public void slotsChanged(PartitionableSlot slot) {
                    }

                    @Override
                    public void jobExited(RunExited exited) {
                        exits.add(exited);
                    }
                });
        return startd;
    }

    @AfterEach
    void close() {
        if (startd != null) {
            startd.close();
        }
    }

    long running(String arguments) throws Exception {
        ClassAd job = ClassAd.builder().set("Cmd", "/bin/sh").set("Arguments", arguments).set("Iwd", iwd.toString())
                .set("Owner", "alice").set("RequestMemory", 256).build();
        ClaimBook.Grant g = startd.claim(job, SCHEDULER).get();
        claimId = g.claimId();
        assertNotNull(startd.activate(g.claimId(), "7.0", job).get(), "started");
        Path pid = iwd.resolve("pid");
        await(() -> Files.exists(pid) && !read(pid).isBlank(), "the job wrote its pid");
        return Long.parseLong(read(pid).trim());
    }

    List<OwnerAction> poll(long idle) throws Exception {
        keyboardIdle.set(idle);
        return startd.poll().get(10, TimeUnit.SECONDS).stream().map(OwnerWatch.Step::action).toList();
    }

    String activity() {
        return startd.slot().dynamicSlots().get(SLOT).activity();
    }

    @Test
    void startReadsTheMachineAsMeasuredSoTheSlotIsTheOwnersWhileTheyTypeAndClaimableWhenTheyLeave() throws Exception {
        startd(OwnerPolicy.DEFAULT, Duration.ofMillis(500), "KeyboardIdle > 15 * 60");
        ClassAd job = ClassAd.builder().set("Cmd", "/bin/true").set("Iwd", iwd.toString()).set("Owner", "alice").build();

        poll(30);
        assertEquals("\"Owner\"", ownerState());
        ExecutionException refused = assertThrows(ExecutionException.class, () -> startd.claim(job, SCHEDULER).get());
        assertTrue(refused.getCause().getMessage().contains("START (KeyboardIdle > 15 * 60) is false"),
                refused.getCause().getMessage());

        poll(1000);
        assertEquals("\"Unclaimed\"", ownerState());
        assertNotNull(SlotAds.partitionable(startd.slot(), startd.policy(), startd.measurements(), startd.matches().stay())
                .lookup("TotalTimeOwnerIdle"), "the owner's stay is counted");
        assertNotNull(startd.claim(job, SCHEDULER).get().claimId(), "claimed once the owner has gone");
    }

    private String ownerState() {
        return SlotAds.partitionable(startd.slot(), startd.policy(), startd.measurements(), startd.matches().stay())
                .lookup("State").toString();
    }

    @Test
    void theOwnerComesBackTheJobIsSuspendedThenContinuedThenVacated() throws Exception {
        startd(OwnerPolicyTest.DESKTOP, Duration.ofMillis(500));
        long pid = running(UNTIL_DONE);

        assertEquals(List.of(), poll(3600), "nobody at the keyboard");
        assertEquals("Busy", activity());

        assertEquals(List.of(OwnerAction.SUSPEND), poll(30));
        await(() -> state(pid) == 'T', "the job's process stopped");
        assertEquals("Suspended", activity());
        assertEquals(Expr.parse("30"), startd.measurements().advertisedIn(ClassAd.builder().build()).lookup("KeyboardIdle"));

        assertEquals(List.of(), poll(30), "suspended, the owner still typing");
        assertEquals(List.of(OwnerAction.CONTINUE), poll(400));
        await(() -> state(pid) != 'T', "the job's process runs again");
        assertEquals("Busy", activity());

        assertEquals(List.of(OwnerAction.SUSPEND), poll(20));
        assertEquals(List.of(OwnerAction.VACATE), poll(2), "the owner is back to stay");
        RunExited exit = assertInstanceOf(RunExited.class, exits.poll(20, TimeUnit.SECONDS), "an exit report");
        assertTrue(exit.evicted(), "reported as evicted: the scheduler puts the job back to Idle");
        assertEquals("7.0", exit.jobId());
        await(() -> startd.slot().dynamicSlots().isEmpty(), "the claim ended with its job");
    }

    @Test
    void killDuringVacatingKillsAJobThatIgnoresSigterm() throws Exception {
        OwnerPolicy policy = new OwnerPolicy(Expr.parse("FALSE"), Expr.parse("TRUE"), Expr.parse("KeyboardIdle < 10"),
                Expr.parse("KeyboardIdle < 1"), Expr.parse("FALSE"), Expr.parse("TRUE"));
        startd(policy, Duration.ofMinutes(5));
        long pid = running("-c 'trap \"\" TERM; echo $$ > pid; while [ ! -e done ]; do sleep 0.05; done'");

        assertEquals(List.of(OwnerAction.VACATE), poll(5));
        assertEquals("Vacating", activity());
        assertEquals("Preempting", startd.slot().dynamicSlots().get(SLOT).state());
        assertNull(exits.poll(300, TimeUnit.MILLISECONDS), "SIGTERM is ignored; the grace is five minutes");
        assertTrue(ProcessHandle.of(pid).isPresent(), "still alive while vacating");

        assertEquals(List.of(OwnerAction.KILL), poll(0));
        RunExited exit = assertInstanceOf(RunExited.class, exits.poll(20, TimeUnit.SECONDS), "killed well within the grace");
        assertTrue(exit.evicted());
        assertTrue(exit.exitBySignal());
    }

    @Test
    void theOwnersPreemptHonoursRetirementAndAJobThatEndsWithinItJustFinishes() throws Exception {
        slotPolicy = new SlotPolicy(Expr.parse("0"), Expr.parse("3600"));
        OwnerPolicy policy = new OwnerPolicy(Expr.parse("FALSE"), Expr.parse("TRUE"), Expr.parse("KeyboardIdle < 10"),
                Expr.parse("FALSE"), Expr.parse("FALSE"), Expr.parse("TRUE"));
        startd(policy, Duration.ofMillis(500));
        long pid = running(UNTIL_DONE);

        assertEquals(List.of(OwnerAction.VACATE), poll(5), "the owner is back: PREEMPT");
        assertEquals("Retiring", activity(), "MAXJOBRETIREMENTTIME lets the job run on");
        assertEquals("Claimed", startd.slot().dynamicSlots().get(SLOT).state());
        assertEquals(List.of(), poll(5), "a retiring job is not preempted again");
        assertTrue(ProcessHandle.of(pid).isPresent(), "still running while it retires");

        Files.writeString(iwd.resolve("done"), "");
        RunExited exit = assertInstanceOf(RunExited.class, exits.poll(20, TimeUnit.SECONDS), "an exit report");
        assertEquals(false, exit.evicted(), "finished within its retirement: a normal exit");
        assertEquals(0, exit.exitCode());
        await(() -> startd.slot().dynamicSlots().isEmpty(), "the claim ended with its job, as a preempted claim does");
    }

    @Test
    void aJobSuspendedByItsSchedulerIsNotContinuedByThePolicy() throws Exception {
        startd(OwnerPolicy.DEFAULT, Duration.ofMillis(500));
        long pid = running(UNTIL_DONE);
        startd.suspend(claimId, "7.0").get(10, TimeUnit.SECONDS);
        assertEquals("Suspended", activity(), "the slot shows the suspension");
        // SIGSTOP is sent when the call answers; the process stops once the kernel delivers it.
        await(() -> state(pid) == 'T', "the job's process stopped");

        assertEquals(List.of(), poll(3600), "CONTINUE is true by default, but the scheduler stopped this job");
        assertEquals('T', state(pid), "still stopped");

        startd.resume(claimId, "7.0").get(10, TimeUnit.SECONDS);
        assertEquals("Busy", activity());
        Files.writeString(iwd.resolve("done"), "");
        RunExited exit = assertInstanceOf(RunExited.class, exits.poll(20, TimeUnit.SECONDS), "an exit report");
        assertEquals(0, exit.exitCode());
    }

    private static char state(long pid) {
        String stat = read(Path.of("/proc/" + pid + "/stat"));
        return stat.isEmpty() ? '?' : stat.charAt(stat.lastIndexOf(')') + 2);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static void await(BooleanSupplier condition, String what) {
        Await.until(what, Duration.ofSeconds(15), condition::getAsBoolean);
    }
}
