package org.harrier.scheduler.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobIdentity;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.QueueOp;
import org.harrier.scheduler.queue.Transaction;

/**
 * The queue log's transactions applied in order to a new queue, and the final ads of the jobs
 * they destroy that the history does not hold yet: the history's owed tail, which the recovery
 * appends before anything else is.
 *
 * <p>Why the owed tail is exactly what follows the history's newest ad. The queue log's writer
 * appends a batch's final ads to the history only after the transactions destroying those jobs
 * are fsynced in the log, in the same order, and fsyncs the history before a snapshot drops
 * those transactions and before a rotation renames the file. So after any crash the history
 * holds, past the ads older than the log, a prefix {@code d1..dk} of the jobs the log destroys
 * ({@code d1..dn}, each id once: cluster ids are never handed out twice), the rest of its
 * writes lost or cut short; its newest whole ad is {@code dk}, or an older one when {@code k}
 * is 0. The ads owed are {@code dk+1..dn}, each rebuilt as the scheduler built it when the job
 * left: its ad in the queue just before the destroying transaction, with its identity
 * attributes made literal ({@link JobIdentity#literal}, as {@code QueueKeeper.commit} does).
 * The log replays the queue it had then, so the ad is the same one.
 *
 * <p>An id alone could match a job of an earlier queue in the same spool (a log deleted, the
 * history kept), so the newest ad must also agree on QDate and GlobalJobId; when it does not,
 * nothing of the log is in the history and every destroyed job is owed.
 *
 * <p>Pure apart from the queue it builds; runs once, on the thread opening the log.
 */
final class LogReplay {
    private static final String[] IDENTITY = {"ClusterId", "ProcId", "QDate", "GlobalJobId"};

    /** The queue the log describes, how many transactions built it, and the final ads the history lacks, oldest first. */
    record Result(JobQueue queue, int applied, List<ClassAd> owed) {
        Result {
            Objects.requireNonNull(queue, "queue");
            owed = List.copyOf(owed);
        }
    }

    private LogReplay() {
    }

    /** Replays {@code txs} (the log at {@code file}, for error messages) against a history whose newest whole ad is {@code newest}. */
    static Result replay(Path file, List<Transaction> txs, Optional<ClassAd> newest) throws IOException {
        JobId newestId = newest.map(LogReplay::idOf).orElse(null);
        int destroyedIn = newestId == null ? -1 : lastDestroying(txs, newestId);
        Attempt a = replay(file, txs, destroyedIn, newest.orElse(null));
        if (destroyedIn >= 0 && !a.matched) {
            a = replay(file, txs, -1, null); // the id was another queue's job: none of this log is in the history
        }
        return new Result(a.queue, a.applied, a.owed);
    }

    private record Attempt(JobQueue queue, int applied, List<ClassAd> owed, boolean matched) {
    }

    /**
     * Collects the final ads from transaction {@code from} on (every one when -1), dropping
     * those up to and including the ad that matches {@code newest} in that transaction: only
     * from there on is a job owed, so the ads before it are never kept.
     */
    private static Attempt replay(Path file, List<Transaction> txs, int from, ClassAd newest) throws IOException {
        JobQueue queue = new JobQueue();
        List<ClassAd> owed = new ArrayList<>();
        boolean matched = false;
        int applied = 0;
        for (Transaction tx : txs) {
            Map<JobId, ClassAd> leaving = applied >= from ? before(queue, tx) : Map.of();
            try {
                queue.apply(tx);
            } catch (IllegalStateException e) {
                // Whole and checksummed, yet not applicable: written by a different program or edited.
                throw new IOException(file + ": transaction " + (applied + 1) + " does not fit the queue: " + e.getMessage(), e);
            }
            for (ClassAd before : leaving.values()) {
                ClassAd last = JobIdentity.literal(before);
                if (applied == from && !matched && sameJob(newest, last)) {
                    matched = true;
                    owed.clear();
                } else {
                    owed.add(last);
                }
            }
            applied++;
        }
        return new Attempt(queue, applied, owed, matched);
    }

    /** The ads, before {@code tx}, of the jobs it destroys, in its order (as QueueKeeper.commit takes them). */
    private static Map<JobId, ClassAd> before(JobQueue queue, Transaction tx) {
        Map<JobId, ClassAd> out = new LinkedHashMap<>();
        for (QueueOp op : tx.ops()) {
            if (op instanceof QueueOp.DestroyProc d && queue.ad(d.id()) != null) {
                out.putIfAbsent(d.id(), queue.ad(d.id()));
            }
        }
        return out;
    }

    /** The position of the last transaction destroying {@code id}, or -1. */
    private static int lastDestroying(List<Transaction> txs, JobId id) {
        for (int i = txs.size() - 1; i >= 0; i--) {
            for (QueueOp op : txs.get(i).ops()) {
                if (op instanceof QueueOp.DestroyProc d && d.id().equals(id)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static JobId idOf(ClassAd ad) {
        if (ad.lookup("ClusterId") instanceof IntegerValue c && ad.lookup("ProcId") instanceof IntegerValue p
                && c.value() >= 1 && c.value() <= Integer.MAX_VALUE && p.value() >= 0 && p.value() <= Integer.MAX_VALUE) {
            return new JobId((int) c.value(), (int) p.value());
        }
        return null;
    }

    /** True when the history's ad and the rebuilt one are of the same job: same ids, QDate and GlobalJobId. */
    static boolean sameJob(ClassAd inHistory, ClassAd rebuilt) {
        for (String name : IDENTITY) {
            if (!Objects.equals(text(inHistory.lookup(name)), text(rebuilt.lookup(name)))) {
                return false;
            }
        }
        return true;
    }

    private static String text(Expr e) {
        return e == null ? null : e.unparse();
    }
}
