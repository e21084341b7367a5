package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.run.QueuedActivations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Activations queued behind a claim's running job (docs/protocols.md, "Queued activations"), with
 * real processes: queued jobs start in order, each the moment the one before it ends, and are
 * dropped when they waited too long or were deactivated, or fail with the claim.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdQueueTest {
    @TempDir
    Path iwd;

    final StartdTest.Events events = new StartdTest.Events();
    final Startd startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", StartdTest.MACHINE, Expr.parse("TRUE"), 0),
            ClaimIds.seeded(7), ExecSettings.builder().killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50))
                    .queueHold(Duration.ofMillis(1500)).build().timings()), events);

    @AfterEach
    void close() {
        startd.close();
    }

    ClassAd job(String cmd, String arguments) {
        return StartdTest.job(iwd, cmd, arguments);
    }

    @Test
    void aQueuedJobStartsTheMomentTheRunningJobEndsAndIsAnsweredThen() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        Path gate = iwd.resolve("gate");
        startd.activate(g.claimId(), "1.0", job("/bin/sh", "-c 'while [ ! -e gate ]; do sleep 0.05; done'")).get();
        CompletableFuture<QueuedActivations.Outcome> queued = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        Thread.sleep(200);
        assertFalse(queued.isDone(), "answered only when it starts");

        Files.createFile(gate);
        QueuedActivations.Outcome o = queued.get(10, TimeUnit.SECONDS);
        assertEquals(new RunStarted("1.1", g.claimId(), StartdTest.SCHEDULER, "slot1_1@node"), o.started());
        assertFalse(o.dropped());
        assertEquals("1.0", events.next(RunExited.class).jobId(), "the running job's exit is reported first");
        assertEquals("1.1", events.next(RunExited.class).jobId());
    }

    @Test
    void onAnIdleClaimAQueuedActivationStartsAtOnce() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        QueuedActivations.Outcome o = startd.activateQueued(g.claimId(), "1.0", job("/bin/true", "")).get(10, TimeUnit.SECONDS);
        assertEquals("1.0", o.started().jobId());
        assertEquals("1.0", events.next(RunExited.class).jobId());
    }

    @Test
    void aQueuedJobIsDroppedWhenTheRunningJobOutlastsTheHold() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get();
        QueuedActivations.Outcome o = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", "")).get(10, TimeUnit.SECONDS);
        assertTrue(o.dropped());
        assertNull(o.started());
        startd.deactivate(g.claimId(), "1.0").get();
        assertEquals("1.0", events.next(RunExited.class).jobId());
        assertNull(events.reports.poll(500, TimeUnit.MILLISECONDS), "the dropped job never runs");
        assertNotNull(startd.activate(g.claimId(), "1.2", job("/bin/true", "")).get(), "the claim takes a job as before");
    }

    @Test
    void deactivatingTheQueuedJobDropsItAndTheRunningJobGoesOn() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get();
        CompletableFuture<QueuedActivations.Outcome> queued = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        startd.deactivate(g.claimId(), "1.1").get();
        assertTrue(queued.get(5, TimeUnit.SECONDS).dropped());
        assertNull(events.reports.poll(300, TimeUnit.MILLISECONDS), "the running job goes on");
        assertEquals("1.0", startd.slot().dynamicSlots().values().iterator().next().jobId());
    }

    @Test
    void upToEightJobsQueueButNotTheRunningJobItselfAndOneQueuedAgainKeepsItsPlace() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get();
        assertInstanceOf(StartdFailure.WrongState.class, StartdTest.failure(startd.activateQueued(g.claimId(), "1.0", job("/bin/sleep", "300"))));
        List<CompletableFuture<QueuedActivations.Outcome>> queued = new ArrayList<>();
        for (int proc = 1; proc <= ClaimBook.QUEUED_AT_MOST; proc++) {
            queued.add(startd.activateQueued(g.claimId(), "1." + proc, job("/bin/true", "")));
        }
        StartdFailure ninth = StartdTest.failure(startd.activateQueued(g.claimId(), "1.9", job("/bin/true", "")));
        assertTrue(ninth.getMessage().contains("8 jobs queued already"), ninth.getMessage());
        CompletableFuture<QueuedActivations.Outcome> again = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        assertTrue(queued.get(0).get(5, TimeUnit.SECONDS).dropped(), "the same job queued again replaces the first call");
        assertFalse(again.isDone());

        startd.deactivate(g.claimId(), "1.0").get();
        assertEquals("1.0", events.next(RunExited.class).jobId());
        assertEquals("1.1", again.get(10, TimeUnit.SECONDS).started().jobId(), "in its first place");
        for (int proc = 1; proc <= ClaimBook.QUEUED_AT_MOST; proc++) {
            assertEquals("1." + proc, events.next(RunExited.class).jobId(), "each started when the one before it ended, in order");
        }
        for (int proc = 2; proc <= ClaimBook.QUEUED_AT_MOST; proc++) {
            assertEquals("1." + proc, queued.get(proc - 1).get(10, TimeUnit.SECONDS).started().jobId());
        }
    }

    @Test
    void aQueuedJobThatCannotStartIsAnsweredSoAndTheNextStartsInItsPlace() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        Path gate = iwd.resolve("gate");
        startd.activate(g.claimId(), "1.0", job("/bin/sh", "-c 'while [ ! -e gate ]; do sleep 0.05; done'")).get();
        CompletableFuture<QueuedActivations.Outcome> missing = startd.activateQueued(g.claimId(), "1.1",
                job(iwd.resolve("no-such-program").toString(), ""));
        CompletableFuture<QueuedActivations.Outcome> next = startd.activateQueued(g.claimId(), "1.2", job("/bin/true", ""));
        Files.createFile(gate);
        QueuedActivations.Outcome failed = missing.get(10, TimeUnit.SECONDS);
        assertNull(failed.started(), "not started: its exit report says why");
        assertFalse(failed.dropped());
        assertEquals("1.2", next.get(10, TimeUnit.SECONDS).started().jobId());
        assertEquals("1.0", events.next(RunExited.class).jobId());
        RunExited never = events.next(RunExited.class);
        assertEquals("1.1", never.jobId());
        assertEquals("1.2", events.next(RunExited.class).jobId());
    }

    @Test
    void theHoldDropsEveryJobQueuedOnTheClaimSoNoneStartsOutOfOrder() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get();
        CompletableFuture<QueuedActivations.Outcome> first = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        Thread.sleep(500);
        CompletableFuture<QueuedActivations.Outcome> second = startd.activateQueued(g.claimId(), "1.2", job("/bin/true", ""));
        assertTrue(first.get(10, TimeUnit.SECONDS).dropped());
        // Dropped in the same step as the first (its own hold ends 500 ms later).
        assertTrue(second.get(400, TimeUnit.MILLISECONDS).dropped(), "dropped with the first, before its own hold is over");
        startd.deactivate(g.claimId(), "1.0").get();
        assertEquals("1.0", events.next(RunExited.class).jobId());
        assertNull(events.reports.poll(500, TimeUnit.MILLISECONDS), "neither dropped job runs");
    }

    @Test
    void deactivatingAJobInTheMiddleDropsItAloneAndAJobThatRanLatelyIsNotQueuedAgain() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        Path gate = iwd.resolve("gate");
        startd.activate(g.claimId(), "1.0", job("/bin/sh", "-c 'while [ ! -e gate ]; do sleep 0.05; done'")).get();
        CompletableFuture<QueuedActivations.Outcome> one = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        CompletableFuture<QueuedActivations.Outcome> two = startd.activateQueued(g.claimId(), "1.2", job("/bin/true", ""));
        CompletableFuture<QueuedActivations.Outcome> three = startd.activateQueued(g.claimId(), "1.3", job("/bin/sleep", "300"));
        startd.deactivate(g.claimId(), "1.2").get();
        assertTrue(two.get(5, TimeUnit.SECONDS).dropped());
        Files.createFile(gate);
        assertEquals("1.1", one.get(10, TimeUnit.SECONDS).started().jobId());
        assertEquals("1.3", three.get(10, TimeUnit.SECONDS).started().jobId());
        assertEquals("1.0", events.next(RunExited.class).jobId());
        assertEquals("1.1", events.next(RunExited.class).jobId());

        StartdFailure ranLately = StartdTest.failure(startd.activateQueued(g.claimId(), "1.1", job("/bin/true", "")));
        assertInstanceOf(StartdFailure.WrongState.class, ranLately, "a restarted scheduler's queued Activate again: the first arrived");
        startd.deactivate(g.claimId(), "1.3").get();
        assertEquals("1.3", events.next(RunExited.class).jobId());
        assertNull(events.reports.poll(300, TimeUnit.MILLISECONDS), "1.2 never ran");
    }

    @Test
    void aQueuedJobFailsWithItsClaimWhenTheClaimIsReleased() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get();
        CompletableFuture<QueuedActivations.Outcome> queued = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        startd.release(g.claimId()).get();
        assertInstanceOf(StartdFailure.UnknownClaim.class, StartdTest.failure(queued));
        assertEquals("1.0", events.next(RunExited.class).jobId());
        assertNull(events.reports.poll(300, TimeUnit.MILLISECONDS), "the queued job never ran");
    }
}
