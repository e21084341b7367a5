package org.harrier.exec.run;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.harrier.classad.ClassAd;
import org.harrier.exec.RunStarted;
import org.harrier.exec.claim.ClaimAttributes;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.DynamicSlot;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.run.starter.ProcessOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Activations a scheduler queued behind a claim's running job (docs/protocols.md, "Queued
 * activations"): up to {@link ClaimBook#QUEUED_AT_MOST} per claim, in the order they came, the first started
 * the moment the running job ends and leaves the claim Idle, so a claim running short jobs never
 * waits for its next Activate's round trip.
 * The startd hands it every Activate with Queue ({@link #activate}) and every job's end ({@link
 * #start}).
 *
 * <p>A queued activation is answered when it starts, or is given up ("dropped": nothing follows
 * for that job, the scheduler runs it again wherever it likes) when it has not started within
 * {@code hold} of its Activate (with every one queued behind it) or Deactivate names it; it fails
 * with UnknownClaim when the claim ends first (released, evicted). The hold keeps the answer well within the scheduler's
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

    private static final int MAX_QUEUED = ClaimBook.QUEUED_AT_MOST;

    private final Map<String, Deque<Queued>> byClaim = new HashMap<>();
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
     * ({@link #add}). WrongState when the claim runs this very job already or ran it lately (a
     * restarted scheduler's second Activate: the first arrived) or its job is being evicted.
     */
    public CompletableFuture<Outcome> activate(String claimId, String jobId, ClassAd job) {
        DynamicSlot d = thread.table().usable(claimId);
        if (!d.busy()) {
            return CompletableFuture.completedFuture(new Outcome(starts.activate(claimId, jobId, job, exited), false));
        }
        thread.table().queueable(claimId, jobId, job);
        if (d.claim().eviction() != ClaimAttributes.Eviction.NONE) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is being vacated; job " + jobId + " not queued");
        }
        return add(claimId, jobId, job);
    }

    /**
     * After a job's end: the claim's first queued activation starts now on the Idle claim (one
     * that cannot start has its exit report sent, and the next starts instead), or every one fails
     * with UnknownClaim when the claim ended with the job (released, evicted) or the startd is
     * {@code closing}.
     */
    public void start(String claimId, boolean closing) {
        Deque<Queued> queue = byClaim.get(claimId);
        while (queue != null && !queue.isEmpty()) {
            Queued q = queue.poll();
            if (queue.isEmpty()) {
                byClaim.remove(claimId);
            }
            try {
                if (!thread.table().holds(claimId) || closing) {
                    throw new StartdFailure.UnknownClaim("the claim ended before job " + q.jobId() + " could start");
                }
                RunStarted started = starts.activate(claimId, q.jobId(), q.job(), exited);
                q.answer().complete(new Outcome(started, false));
                if (started != null) {
                    return;
                }
            } catch (RuntimeException e) {
                q.answer().completeExceptionally(e);
            }
        }
    }

    /**
     * Queues job {@code jobId} behind the claim's running job and the jobs queued before it;
     * WrongState when {@link ClaimBook#QUEUED_AT_MOST} are queued there already. The same job queued again (a
     * restarted scheduler sending its recorded activation again) keeps its place and is answered
     * instead of the first, whose caller is gone.
     */
    CompletableFuture<Outcome> add(String claimId, String jobId, ClassAd job) {
        Deque<Queued> queue = byClaim.computeIfAbsent(claimId, c -> new ArrayDeque<>());
        Queued q = new Queued(jobId, job, new CompletableFuture<>());
        if (!replace(queue, q)) {
            if (queue.size() >= MAX_QUEUED) {
                throw new StartdFailure.WrongState("the claim has " + queue.size() + " jobs queued already, not " + jobId);
            }
            queue.add(q);
        }
        CompletableFuture.delayedExecutor(hold.toMillis(), TimeUnit.MILLISECONDS, thread.executor()).execute(() -> expire(claimId, q));
        return q.answer();
    }

    /** Puts {@code q} in the place of the queued activation of the same job, if there is one; true if there was. */
    private static boolean replace(Deque<Queued> queue, Queued q) {
        List<Queued> all = new ArrayList<>(queue);
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).jobId().equals(q.jobId())) {
                all.get(i).answer().complete(Outcome.DROPPED);
                all.set(i, q);
                queue.clear();
                queue.addAll(all);
                return true;
            }
        }
        return false;
    }

    /**
     * The hold of {@code q} is over and it has not started: it is dropped, and every activation
     * queued behind it with it, so a job never starts after one queued before it was dropped
     * (the scheduler applies the claim's starts in its queue's order).
     */
    private void expire(String claimId, Queued q) {
        Deque<Queued> queue = byClaim.get(claimId);
        if (queue == null || !queue.contains(q)) {
            return;
        }
        LOG.info("{} jobs queued on claim {} dropped: the claim's job did not end within {} ms of job {}'s Activate",
                queue.size(), claimId, hold.toMillis(), q.jobId());
        byClaim.remove(claimId);
        queue.forEach(dropped -> dropped.answer().complete(Outcome.DROPPED));
    }

    /** Deactivate of job {@code jobId}: true, and the activation is dropped, if it is queued on the claim. */
    public boolean drop(String claimId, String jobId) {
        Deque<Queued> queue = byClaim.get(claimId);
        if (queue == null) {
            return false;
        }
        for (Queued q : queue) {
            if (q.jobId().equals(jobId)) {
                queue.remove(q);
                if (queue.isEmpty()) {
                    byClaim.remove(claimId);
                }
                q.answer().complete(Outcome.DROPPED);
                return true;
            }
        }
        return false;
    }

    /** The startd is closing: every queued activation fails, its job never started here. */
    public void closeAll() {
        List<Queued> all = new ArrayList<>();
        byClaim.values().forEach(all::addAll);
        byClaim.clear();
        for (Queued q : all) {
            q.answer().completeExceptionally(new StartdFailure.UnknownClaim("the startd is shutting down"));
        }
    }
}
