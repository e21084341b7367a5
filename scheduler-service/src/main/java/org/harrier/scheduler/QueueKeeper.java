package org.harrier.scheduler;

import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.match.Autoclusters;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.match.Reconnect;
import org.harrier.scheduler.queue.AdLimits;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobHistory;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;
import org.harrier.scheduler.queue.QueueCounts;
import org.harrier.scheduler.queue.QueueOp;
import org.harrier.scheduler.queue.Submission;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.store.HistoryKeys;
import org.harrier.scheduler.store.Journal;

/**
 * Applies decided transactions to the queue and keeps everything derived from it in step: the
 * idle index matching reads, the history of finished jobs, the statistics, and the events the
 * bus publishes. {@link #commit} (and {@link #record}, for the scheduler's own bookkeeping) is
 * the only place the queue changes.
 *
 * <p>Order: a transaction is applied in memory first (one that does not fit the queue throws
 * before anything is written); the index and the events follow at once, and then it is handed
 * to the {@link Journal}, whose writer thread writes and fsyncs it later, batched with others,
 * together with the user-log events that telling it made (the user-log writer hands them to the
 * journal's {@code UserLogKeeper} as it formats them). A finished job's final ad
 * goes to the journal with the transaction that destroys it, and is durable no later than that
 * transaction ({@link Journal#finished}). This is safe
 * because nothing waits on memory alone: every answer of the {@code Schedd}, and every Activate
 * sent for a recorded claim, waits for {@link #synced}. A crash in between loses only changes
 * no caller was told were done (a job indication may have shown one; the restarted scheduler
 * publishes what its log holds), and a failed write stops the log, so no later change is
 * acknowledged.
 *
 * <p>Owner thread: every method runs on the scheduler's owner executor.
 */
final class QueueKeeper {
    private static final String LAST_JOB_STATUS = "LastJobStatus";
    private final JobQueue queue;
    private final Journal journal;
    private final Autoclusters idle;
    private final JobHistory history;
    private final StatisticsTracker stats = new StatisticsTracker();
    private final ScheddEvents events;
    private final Executor owner;
    private final Clock clock;
    private final Submission submission;
    private final Set<String> dirtyOwners = new LinkedHashSet<>();
    private boolean flushScheduled;

    QueueKeeper(Submission submission, int historySize, ScheddEvents events, Executor owner, Clock clock, JobQueue queue,
            Journal journal) {
        this.submission = submission;
        this.queue = queue;
        this.idle = new Autoclusters(queue::ad);
        this.journal = journal;
        this.history = new JobHistory(historySize);
        this.events = events;
        this.owner = owner;
        this.clock = clock;
    }

    JobQueue queue() {
        return queue;
    }

    Autoclusters idle() {
        return idle;
    }

    /** How big a job's ad may be (SchedulerSettings' MAX_JOB_ATTRIBUTES and MAX_JOB_ATTRIBUTE_SIZE). */
    AdLimits limits() {
        return submission.limits();
    }

    long now() {
        return clock.instant().getEpochSecond();
    }

    long nowMillis() {
        return clock.millis();
    }

    StatisticsTracker stats() {
        return stats;
    }

    /** Queues {@code count} procs of a new cluster; returns the cluster id. */
    int submit(ClassAd ad, int count, List<ClassAd> items) {
        int cluster = queue.nextClusterId();
        commit(submission.decide(ad, count, items, cluster, now()));
        stats.submitted(count);
        return cluster;
    }

    /** A job in a final state leaves the queue for history. */
    void finish(JobId id) {
        finish(List.of(id));
    }

    /** Jobs in a final state leave the queue for history, in one transaction. */
    void finish(List<JobId> ids) {
        Transaction.Builder tx = Transaction.builder();
        for (JobId id : ids) {
            if (queue.contains(id)) {
                tx.destroy(id);
            }
        }
        if (!tx.isEmpty()) {
            commit(tx.build());
        }
    }

    /**
     * The history as GetHistory reads it, off the owner thread ({@link HistoryView}): the history
     * file, through its index, when the journal keeps one (it has every finished job, the memory
     * only the recent ones), else a copy of the recent ones.
     */
    HistoryView historyView() {
        return journal.history().map(HistoryView::of)
                .orElseGet(() -> HistoryView.of(history.newestFirst(ad -> true, Integer.MAX_VALUE)));
    }

    /** The ad of a queued or finished job as users read it; {@link ScheddFailure.UnknownJob} otherwise. */
    ClassAd ad(JobId id) {
        ClassAd ad = queue.ad(id);
        if (ad == null) {
            ad = finished(id);
        }
        if (ad == null) {
            throw new ScheddFailure.UnknownJob("no job " + id + " in the queue or its history");
        }
        return JobIdentity.literal(ad);
    }

    /**
     * A finished job's final ad: from the recent ones in memory, else from the history file,
     * through its index (only that job's cluster's ads are read).
     */
    private ClassAd finished(JobId id) {
        ClassAd ad = history.ad(id);
        if (ad != null || journal.history().isEmpty()) {
            return ad;
        }
        HistoryKeys keys = new HistoryKeys(java.util.Map.of(id.cluster(), java.util.Set.of(id.proc())), null);
        List<ClassAd> found = HistoryView.of(journal.history().get()).newestFirst(keys, null, a -> isJob(a, id), 1);
        return found.isEmpty() ? null : found.get(0);
    }

    private static boolean isJob(ClassAd ad, JobId id) {
        return JobQueue.longOf(ad, Attr.CLUSTER_ID, -1) == id.cluster() && JobQueue.longOf(ad, Attr.PROC_ID, -1) == id.proc();
    }

    /** Why {@code id} cannot be acted on: it finished recently (WrongState) or never existed here (UnknownJob). */
    ScheddFailure notQueued(JobId id) {
        ClassAd done = finished(id);
        if (done != null) {
            return new ScheddFailure.WrongState("job " + id + " has already left the queue ("
                    + JobQueue.status(done).name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
        return new ScheddFailure.UnknownJob("no job " + id + " in the queue");
    }

    /**
     * Applies {@code tx}, then publishes: each new job, each changed job once, each job that left
     * (after its history entry is written). Idle jobs not on a claim are (re)indexed for matching.
     * {@code onClaim} says whether a job is handed to a claim (and so kept out of the index).
     */
    void commit(Transaction tx, java.util.function.Predicate<JobId> onClaim) {
        Map<JobId, ClassAd> before = new HashMap<>();
        for (QueueOp op : tx.ops()) {
            if (op instanceof QueueOp.SetAttribute s) {
                before.putIfAbsent(s.id(), queue.ad(s.id()));
            } else if (op instanceof QueueOp.DeleteAttribute d) {
                before.putIfAbsent(d.id(), queue.ad(d.id()));
            } else if (op instanceof QueueOp.DestroyProc d) {
                before.putIfAbsent(d.id(), queue.ad(d.id()));
            }
        }
        queue.apply(tx);
        Map<JobId, ClassAd> finalAds = new HashMap<>();
        for (QueueOp op : tx.ops()) {
            if (op instanceof QueueOp.DestroyProc d) {
                ClassAd last = JobIdentity.literal(before.get(d.id()));
                finalAds.put(d.id(), last);
                journal.finished(last); // kept with the transaction that destroys it
            }
        }
        Set<JobId> changed = new LinkedHashSet<>();
        for (QueueOp op : tx.ops()) {
            if (op instanceof QueueOp.NewProc p) {
                ClassAd ad = queue.ad(p.id());
                events.jobQueued(p.id(), ad);
                index(p.id(), ad, onClaim);
                dirty(JobQueue.owner(ad));
            } else if (op instanceof QueueOp.SetAttribute s) {
                changed.add(s.id());
            } else if (op instanceof QueueOp.DeleteAttribute d) {
                changed.add(d.id());
            } else if (op instanceof QueueOp.DestroyProc d) {
                ClassAd last = finalAds.get(d.id());
                idle.remove(d.id());
                history.add(d.id(), last);
                events.jobLeft(d.id(), last);
                dirty(JobQueue.owner(last));
            }
        }
        for (JobId id : changed) {
            ClassAd ad = queue.ad(id);
            if (ad == null) {
                continue;
            }
            events.jobChanged(id, before.get(id), ad);
            idle.remove(id);
            index(id, ad, onClaim);
            dirty(JobQueue.owner(ad));
            if (!JobQueue.owner(before.get(id)).equals(JobQueue.owner(ad))) {
                dirty(JobQueue.owner(before.get(id)));
            }
        }
        // Applied first, so a transaction that does not fit the queue is never written; callers
        // acknowledge only after synced(), so the order of memory and disk is not visible. Handed
        // over after the events are told, so the user-log events they made go with it.
        journal.append(tx);
    }

    void commit(Transaction tx) {
        commit(tx, id -> false);
    }

    /**
     * Applies and journals {@code tx}, which only sets or deletes the scheduler's own bookkeeping
     * in queued jobs' ads (a claim recorded before its Activate, or forgotten when the activation
     * failed): no event and no index change, so users see no change of the job (its next change
     * publishes its ad whole) and a start costs no extra job indication.
     */
    void record(Transaction tx) {
        for (QueueOp op : tx.ops()) {
            if (!(op instanceof QueueOp.SetAttribute) && !(op instanceof QueueOp.DeleteAttribute)) {
                throw new IllegalArgumentException("a bookkeeping record only sets or deletes attributes: " + op);
            }
        }
        queue.apply(tx);
        journal.append(tx);
    }

    /** Completes when every transaction committed so far is durable. */
    java.util.concurrent.CompletableFuture<Void> synced() {
        return journal.synced();
    }

    /**
     * After a restart: publishes the jobs the journal brought back and indexes the idle ones,
     * then settles each as {@link Reconnect#plan} says: a job running on a claim its ad records
     * stays Running and {@code adopt} takes the claim over; an Idle one whose Activate was recorded
     * but not confirmed stays Idle on that claim, which {@code reactivate} takes over, or, when a
     * running job holds that claim, is queued behind it again ({@code follow}, after every claim is
     * taken over); one running without such a record,
     * or Transferring Output, runs again (Idle, with LastJobStatus); one that had reached
     * Completed or Removed but not left the queue leaves now, and {@code release} gives up the
     * claim it names when no other job took that claim back.
     */
    void recover(java.util.function.BiConsumer<JobId, ClaimRecord> adopt,
            java.util.function.BiConsumer<JobId, ClaimRecord> reactivate, java.util.function.BiConsumer<JobId, ClaimRecord> follow,
            java.util.function.BiConsumer<JobId, ClaimRecord> release) {
        List<Reconnect.Step> followers = new java.util.ArrayList<>();
        List<Reconnect.Recorded> recorded = new java.util.ArrayList<>();
        for (JobId id : queue.ids()) {
            ClassAd ad = queue.ad(id);
            events.jobRecovered(id, ad);
            dirty(JobQueue.owner(ad));
            recorded.add(new Reconnect.Recorded(id, JobQueue.status(ad), ClaimRecord.read(ad), ClaimRecord.readPending(ad),
                    ClaimRecord.queuedOrder(ad)));
        }
        List<JobId> finished = new java.util.ArrayList<>();
        Transaction.Builder requeue = Transaction.builder();
        for (Reconnect.Step step : Reconnect.plan(recorded)) {
            JobId id = step.id();
            if (step.forgetPending()) {
                ClaimRecord.forget(requeue, id, queue.ad(id));
            }
            switch (step.action()) {
                case INDEX -> {
                    if (!step.forgetPending()) {
                        idle.add(id, queue.ad(id)); // else indexed by the commit that forgets the record
                    }
                }
                case ADOPT -> adopt.accept(id, step.claim());
                case REACTIVATE -> reactivate.accept(id, step.claim());
                case FOLLOW -> followers.add(step);
                case REQUEUE -> requeue.set(id, LAST_JOB_STATUS, queue.status(id).code()).status(id, JobStatus.IDLE, now());
                case FINISH -> {
                    finished.add(id);
                    if (step.claim() != null) {
                        release.accept(id, step.claim());
                    }
                }
                case KEEP -> {
                }
            }
        }
        followers.sort(java.util.Comparator.comparingLong(step -> ClaimRecord.queuedOrder(queue.ad(step.id()))));
        followers.forEach(step -> follow.accept(step.id(), step.claim()));
        if (!requeue.isEmpty()) {
            commit(requeue.build());
        }
        finished.forEach(this::finish);
        statisticsChanged();
    }

    /** Rewrites the journal when it has grown well past the queue (owner thread, between bursts). */
    void compactIfLarge() {
        journal.compactIfLarge(queue);
    }

    void closeJournal() {
        journal.close();
    }

    private void index(JobId id, ClassAd ad, java.util.function.Predicate<JobId> onClaim) {
        if (JobQueue.status(ad) == JobStatus.IDLE && !onClaim.test(id)) {
            idle.add(id, ad);
        }
    }

    /** Puts an idle job that a claim gave back into matching again. */
    void reindex(JobId id) {
        ClassAd ad = queue.ad(id);
        if (ad != null && JobQueue.status(ad) == JobStatus.IDLE && !idle.contains(id)) {
            idle.add(id, ad);
            dirty(JobQueue.owner(ad));
        }
    }

    /** Seconds the job waited from submission to now, for MeanTimeToStart. */
    double waited(ClassAd ad) {
        return nowMillis() / 1000.0 - JobQueue.longOf(ad, Attr.QDATE, now());
    }

    void tick() {
        stats.tick(nowMillis());
        scheduleFlush();
    }

    /** Marks an owner's counts (and the statistics) for publication at the end of this burst of work. */
    void dirty(String ownerName) {
        dirtyOwners.add(ownerName);
        scheduleFlush();
    }

    void statisticsChanged() {
        scheduleFlush();
    }

    /**
     * Publication waits behind the tasks already queued on the owner thread, so a burst of
     * submissions makes one submitter and one scheduler indication, and a lone one makes them at once.
     */
    private void scheduleFlush() {
        if (!flushScheduled) {
            flushScheduled = true;
            owner.execute(this::flush);
        }
    }

    private void flush() {
        flushScheduled = false;
        QueueCounts c = queue.counts();
        for (String o : dirtyOwners) {
            int total = 0;
            for (JobStatus s : JobStatus.values()) {
                total += c.of(o, s);
            }
            events.submitterChanged(new SubmitterCounts(o, c.of(o, JobStatus.IDLE), c.of(o, JobStatus.RUNNING),
                    c.of(o, JobStatus.HELD), total));
        }
        dirtyOwners.clear();
        events.statisticsChanged(stats.snapshot(queue));
    }

    SchedulerStatistics statistics() {
        return stats.snapshot(queue);
    }
}
