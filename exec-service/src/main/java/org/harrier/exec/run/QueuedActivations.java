package org.harrier.exec.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.harrier.classad.ClassAd;
import org.harrier.exec.RunStarted;
import org.harrier.exec.claim.ClaimAttributes;
import org.harrier.exec.claim.DynamicSlot;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.run.starter.ProcessOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Activations a scheduler queued behind a claim's running job (docs/protocols.md, "Queued
 * activations"): at most one per claim, started the moment the running job ends and leaves the
 * claim Idle, so a claim running short jobs never waits for its next Activate's round trip.
 * The startd hands it every Activate with Queue ({@link #activate}) and every job's end ({@link
 * #start}).
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

    private record Queued(String jobId, ClassAd job, CompletableFuture<Outcome> answer) {
    }

    private final Map<String, Queued> byClaim = new HashMap<>();
    private final OwnerThread thread;
    private final Duration hold;
    private final JobStarts starts;
    private final BiConsumer<String, ProcessOutcome> exited;

    /** {@code starts} starts a job on its claim as an Activate does; {@code exited} takes its process's end. */
    public QueuedActivations(OwnerThread thread, Duration hold, JobStarts starts, BiConsumer<String, ProcessOutcome> exited) {
        this.thread = thread;
        this.starts = starts;
        this.exited = exited;
        if (hold == null || hold.isNegative() || hold.isZero()) {
            throw new IllegalArgumentException("the queued activation hold must be positive, got " + hold);
        }
        this.hold = hold;
    }

    /**
     * An Activate with Queue: on an Idle claim the job starts now; on a busy one it is queued
     * ({@link #add}). WrongState when the claim runs this very job already (a restarted
     * scheduler's second Activate: the first arrived) or its job is being evicted.
     */
    public CompletableFuture<Outcome> activate(String claimId, String jobId, ClassAd job) {
        DynamicSlot d = thread.table().usable(claimId);
        if (!d.busy()) {
            return CompletableFuture.completedFuture(new Outcome(starts.activate(claimId, jobId, job, exited), false));
        }
        if (jobId.equals(d.jobId())) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is running job " + jobId);
        }
        if (d.claim().eviction() != ClaimAttributes.Eviction.NONE) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is being vacated; job " + jobId + " not queued");
        }
        return add(claimId, jobId, job);
    }

    /**
     * After a job's end: the claim's queued activation starts now on the Idle claim, or fails
     * with UnknownClaim when the claim ended with the job (released, evicted) or the startd is
     * {@code closing}.
     */
    public void start(String claimId, boolean closing) {
        Queued q = byClaim.remove(claimId);
        if (q == null) {
            return;
        }
        try {
            if (!thread.table().holds(claimId) || closing) {
                throw new StartdFailure.UnknownClaim("the claim ended before job " + q.jobId() + " could start");
            }
            q.answer().complete(new Outcome(starts.activate(claimId, q.jobId(), q.job(), exited), false));
        } catch (RuntimeException e) {
            q.answer().completeExceptionally(e);
        }
    }

    /**
     * Queues job {@code jobId} behind the claim's running job; WrongState when another job is
     * queued there already. The same job queued again (a restarted scheduler sending its
     * recorded activation again) replaces the first, whose caller is gone, and is answered instead.
     */
    CompletableFuture<Outcome> add(String claimId, String jobId, ClassAd job) {
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
