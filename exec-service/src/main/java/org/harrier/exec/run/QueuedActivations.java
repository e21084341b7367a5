package org.harrier.exec.run;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.harrier.classad.ClassAd;
import org.harrier.exec.RunExited;
import org.harrier.exec.RunStarted;
import org.harrier.exec.claim.ClaimAttributes;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.DynamicSlot;
import org.harrier.exec.claim.OwnerThread;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.run.starter.ProcessOutcome;

/**
 * Jobs a scheduler queued behind a claim's running job (docs/protocols.md, "Queued activations"):
 * up to {@link ClaimBook#QUEUED_AT_MOST} per claim, in the order they came. When a job leaves the
 * claim (it ended, or could not start) and the claim is Idle, the first queued job starts at once,
 * and the report of the job that left says so ({@code NextStarted}): that is the queued job's
 * start report, so a claim running short jobs costs one message per job and never waits for an
 * Activate's round trip. A queued job that cannot start is reported after the one before it, and
 * the next starts in its place. The queue dies with its claim (released, evicted, the startd
 * closing): the scheduler, which hears of that, puts its jobs back to idle itself.
 *
 * <p>Threads: the startd's owner thread calls every method.
 */
public final class QueuedActivations {
    /** A job to queue: its id and the ad it runs with. */
    public record Job(String id, ClassAd ad) {
        public Job {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(ad, "ad");
        }
    }

    /** The answer to a queued Activate: the first job's start when it started at once on an Idle claim (else null), and how many are queued. */
    public record Outcome(RunStarted started, int queued) {
    }

    private final Map<String, Deque<Job>> byClaim = new HashMap<>();
    private final OwnerThread thread;
    private final JobStarts starts;
    private final BiConsumer<String, ProcessOutcome> exited;

    /** {@code starts} starts a job on its claim as an Activate does; {@code exited} takes its process's end. */
    public QueuedActivations(OwnerThread thread, JobStarts starts, BiConsumer<String, ProcessOutcome> exited) {
        this.thread = thread;
        this.starts = starts;
        this.exited = exited;
    }

    /**
     * An Activate with Queue: {@code jobs} go behind the claim's running job and the jobs queued
     * there before, in order; on an Idle claim the first starts now. A job queued already (a
     * restarted scheduler sending its recorded activation again) keeps its place. WrongState,
     * and nothing is queued, when the claim runs one of the jobs or ran it lately for the same
     * activation (the first Activate arrived), its job is being evicted, or more than {@link
     * ClaimBook#QUEUED_AT_MOST} would be queued; {@code reports} takes the reports of jobs that
     * could not start on an Idle claim, in order.
     */
    public Outcome activate(String claimId, List<Job> jobs, java.util.function.Consumer<RunExited> reports) {
        DynamicSlot d = thread.table().usable(claimId);
        if (d.claim().eviction() != ClaimAttributes.Eviction.NONE) {
            throw new StartdFailure.WrongState("claim on " + d.name() + " is being vacated; jobs " + ids(jobs) + " not queued");
        }
        Deque<Job> queue = byClaim.getOrDefault(claimId, new ArrayDeque<>());
        List<Job> added = new ArrayList<>();
        for (Job j : jobs) {
            thread.table().queueable(claimId, j.id(), j.ad());
            if (!replace(queue, j) && added.stream().noneMatch(a -> a.id().equals(j.id()))) {
                added.add(j);
            }
        }
        if (queue.size() + added.size() > ClaimBook.QUEUED_AT_MOST) {
            throw new StartdFailure.WrongState("the claim has " + queue.size() + " jobs queued already; " + added.size()
                    + " more would be over " + ClaimBook.QUEUED_AT_MOST);
        }
        queue.addAll(added);
        byClaim.put(claimId, queue);
        if (d.busy()) {
            return new Outcome(null, queue.size());
        }
        Job first = queue.poll();
        JobStarts.Attempt a = starts.attempt(claimId, first.id(), first.ad(), exited);
        if (a.failed() != null) {
            left(a.failed(), false).forEach(reports);
        } else if (queue.isEmpty()) {
            byClaim.remove(claimId);
        }
        return new Outcome(a.started(), queue.size());
    }

    /** Puts {@code j} in the place of the queued job of the same id, if there is one; true if there was. */
    private static boolean replace(Deque<Job> queue, Job j) {
        List<Job> all = new ArrayList<>(queue);
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).id().equals(j.id())) {
                all.set(i, j);
                queue.clear();
                queue.addAll(all);
                return true;
            }
        }
        return false;
    }

    /**
     * A job left its claim with {@code report} (it ended, or could not start): on a claim that is
     * Idle now, the first queued job starts and the report names it (NextStarted); one that cannot
     * start is reported next, and the next after it starts in its place. Returns the reports to
     * send, in order. When the claim is gone or the startd is {@code closing}, its queue goes.
     */
    public List<RunExited> left(RunExited report, boolean closing) {
        List<RunExited> out = new ArrayList<>(List.of(report));
        String claimId = report.claimId();
        Deque<Job> queue = byClaim.get(claimId);
        if (queue == null) {
            return out;
        }
        if (closing || !thread.table().holds(claimId)) {
            byClaim.remove(claimId);
            return out;
        }
        if (thread.table().claimed(claimId).busy()) {
            return out;
        }
        while (!queue.isEmpty()) {
            Job next = queue.poll();
            JobStarts.Attempt a;
            try {
                a = starts.attempt(claimId, next.id(), next.ad(), exited);
            } catch (StartdFailure e) {
                byClaim.remove(claimId); // the claim cannot run anything now (released meanwhile)
                return out;
            }
            if (a.started() != null) {
                out.set(out.size() - 1, out.get(out.size() - 1).withNextStarted(next.id()));
                break;
            }
            out.add(a.failed());
        }
        if (queue.isEmpty()) {
            byClaim.remove(claimId);
        }
        return out;
    }

    /** Deactivate of job {@code jobId}: true, and it is no longer queued, if it was queued on the claim. */
    public boolean drop(String claimId, String jobId) {
        Deque<Job> queue = byClaim.get(claimId);
        if (queue == null || !queue.removeIf(j -> j.id().equals(jobId))) {
            return false;
        }
        if (queue.isEmpty()) {
            byClaim.remove(claimId);
        }
        return true;
    }

    /** The startd is closing: no queued job will start. */
    public void closeAll() {
        byClaim.clear();
    }

    private static List<String> ids(List<Job> jobs) {
        return jobs.stream().map(Job::id).toList();
    }
}
