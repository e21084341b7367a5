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
 * real processes: the queued job starts the moment the running one ends, and is dropped when it
 * waited too long or was deactivated, or fails with the claim.
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
    void aSecondJobOrTheRunningJobItselfIsNotQueued() throws Exception {
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), StartdTest.SCHEDULER).get();
        startd.activate(g.claimId(), "1.0", job("/bin/sleep", "300")).get();
        assertInstanceOf(StartdFailure.WrongState.class, StartdTest.failure(startd.activateQueued(g.claimId(), "1.0", job("/bin/sleep", "300"))));
        CompletableFuture<QueuedActivations.Outcome> first = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        StartdFailure second = StartdTest.failure(startd.activateQueued(g.claimId(), "1.2", job("/bin/true", "")));
        assertTrue(second.getMessage().contains("job 1.1 queued already"), second.getMessage());
        CompletableFuture<QueuedActivations.Outcome> again = startd.activateQueued(g.claimId(), "1.1", job("/bin/true", ""));
        assertTrue(first.get(5, TimeUnit.SECONDS).dropped(), "the same job queued again replaces the first call");
        assertFalse(again.isDone());
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
