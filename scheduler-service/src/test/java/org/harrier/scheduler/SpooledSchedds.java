package org.harrier.scheduler;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.harrier.scheduler.store.QueueLog;
import org.harrier.testing.SettableClock;

/**
 * Schedds on a real queue log, started and started again on one spool as the service starts
 * one after a stop or a crash, on a manual owner thread and clock that every start shares.
 */
final class SpooledSchedds {
    static final SchedulerSettings SETTINGS =
            new SchedulerSettings(Duration.ofSeconds(5), 100, Duration.ofSeconds(5), "host1", Duration.ofSeconds(60));

    final ManualExecutor owner = new ManualExecutor();
    final SettableClock clock = new SettableClock(Instant.parse("2026-11-21T12:00:00Z"));

    /** A schedd on the spool's log, with its recording surroundings and what the log gave back. */
    record Running(Schedd schedd, RecordingStartds startds, RecordingEvents events, QueueLog.Recovery stored) {
    }

    /** A schedd on what {@code spool} holds, recovered (its claims asked about) before it is returned. */
    Running start(Path spool) throws Exception {
        QueueLog.Recovery stored = QueueLog.open(spool);
        RecordingStartds startds = new RecordingStartds();
        RecordingEvents events = new RecordingEvents();
        Schedd schedd = new Schedd("sched1", SETTINGS, startds, events, owner, clock, stored.queue(), stored.log());
        await(schedd.recover());
        return new Running(schedd, startds, events, stored);
    }

    /** Runs the owner thread until the future is done: answers wait for the log's writer thread too. */
    <T> T await(CompletableFuture<T> f) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!f.isDone()) {
            owner.runAll();
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the scheduler did not answer");
            }
            Thread.onSpinWait();
        }
        owner.runAll();
        return f.get();
    }

    /**
     * Runs the owner thread until {@code startds} has been sent {@code count} Activates: each goes
     * out only once its claim is recorded on disk, after the log's writer thread synced.
     */
    List<RecordingStartds.Call> activates(RecordingStartds startds, int count) {
        return org.harrier.testing.Await.value("Activate number " + count, Duration.ofSeconds(20), () -> {
            owner.runAll();
            List<RecordingStartds.Call> sent = startds.all("Activate");
            return sent.size() >= count ? sent : null;
        });
    }
}
