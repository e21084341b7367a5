package org.harrier.exec.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.harrier.classad.ClassAd;
import org.harrier.exec.RunStarted;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.claim.StartdFailure;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Activations a scheduler queued behind a claim's running job (docs/protocols.md, "Queued
 * activations"): at most one per claim, started the moment the running job ends and leaves the
 * claim Idle, so a claim running short jobs never waits for its next Activate's round trip.
 *
 * <p>A queued activation is answered when it starts, or is given up ("dropped": nothing follows
 * for that job, the scheduler runs it again wherever it likes) when the claim's job has not ended
 * within {@code hold} or Deactivate names the queued job; it fails with UnknownClaim when the
 * claim ends first (released, evicted). The hold keeps the answer well within the scheduler's
 * call timeout, so a scheduler never gives up on an activation the startd still holds.
 *
 * <p>Threads: the startd's owner thread calls every method; the hold's timer hands its drop back
 * to it ({@link OwnerThread#executor}).
 */
public final class QueuedActivations {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedActivations.class);

    /** What became of a queued activation: {@code started} (null: the job could not start, its exit report says why), or dropped. */
    public record Outcome(RunStarted started, boolean dropped) {
        public static final Outcome DROPPED = new Outcome(null, true);
    }

    /** A queued activation taken to start now; its {@code answer} completes with the start. */
    public record Queued(String jobId, ClassAd job, CompletableFuture<Outcome> answer) {
    }

    private final Map<String, Queued> byClaim = new HashMap<>();
    private final OwnerThread thread;
    private final Duration hold;

    public QueuedActivations(OwnerThread thread, Duration hold) {
        this.thread = thread;
        if (hold == null || hold.isNegative() || hold.isZero()) {
            throw new IllegalArgumentException("the queued activation hold must be positive, got " + hold);
        }
        this.hold = hold;
    }

    /**
     * Queues job {@code jobId} behind the claim's running job; WrongState when another job is
     * queued there already. The same job queued again (a restarted scheduler sending its
     * recorded activation again) replaces the first, whose caller is gone, and is answered instead.
     */
    public CompletableFuture<Outcome> add(String claimId, String jobId, ClassAd job) {
        Queued was = byClaim.get(claimId);
        if (was != null && !was.jobId().equals(jobId)) {
            throw new StartdFailure.WrongState("the claim has job " + was.jobId() + " queued already, not " + jobId);
        }
        if (was != null) {
            was.answer().complete(Outcome.DROPPED);
        }
        Queued q = new Queued(jobId, job, new CompletableFuture<>());
        byClaim.put(claimId, q);
        CompletableFuture.delayedExecutor(hold.toMillis(), TimeUnit.MILLISECONDS, thread.executor()).execute(() -> {
            if (byClaim.remove(claimId, q)) {
                LOG.info("job {} queued on claim {} dropped: the claim's job did not end within {} ms", jobId, claimId,
                        hold.toMillis());
                q.answer().complete(Outcome.DROPPED);
            }
        });
        return q.answer();
    }

    /** The claim's queued activation, taken off the queue to be started (or failed) by the caller; null if none. */
    public Queued take(String claimId) {
        return byClaim.remove(claimId);
    }

    /** Deactivate of job {@code jobId}: true, and the activation is dropped, if it is the one queued on the claim. */
    public boolean drop(String claimId, String jobId) {
        Queued q = byClaim.get(claimId);
        if (q == null || !q.jobId().equals(jobId)) {
            return false;
        }
        byClaim.remove(claimId);
        q.answer().complete(Outcome.DROPPED);
        return true;
    }

    /** The startd is closing: every queued activation fails, its job never started here. */
    public void closeAll() {
        List<Queued> all = new ArrayList<>(byClaim.values());
        byClaim.clear();
        for (Queued q : all) {
            q.answer().completeExceptionally(new StartdFailure.UnknownClaim("the startd is shutting down"));
        }
    }
}
