package org.harrier.scheduler.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.harrier.classad.ClassAd;
import org.harrier.scheduler.TestHalt;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.QueueOp;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.userlog.LogAppender;
import org.harrier.scheduler.userlog.UserLogEntry;
import org.harrier.scheduler.userlog.UserLogKeeper;
import org.harrier.scheduler.userlog.UserLogRepair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job queue on disk: an append-only log of transactions ({@link LogCodec}), replayed at
 * open, group-committed with fsync, compacted by rewriting.
 *
 * <p>Group commit: the owner thread hands a transaction over with {@link #append} and goes on;
 * the writer thread takes everything handed over since its last turn, encodes it, writes it in
 * one go and fsyncs once, then completes the futures of every transaction in that batch. Many
 * concurrent method calls thus share one fsync, and the owner thread never waits for the disk.
 * A caller acknowledges its client only when {@link #synced} completes.
 *
 * <p>Finished jobs cost no fsync of their own. A transaction that destroys jobs carries their
 * final ads ({@link #finished}, then {@link #append}); the writer appends them to the history
 * only once the batch's transactions are fsynced, and does not fsync the history: the log now
 * holds everything needed to write those ads again, and {@link #open} does so for whatever the
 * history lost ({@link LogReplay}). The history is fsynced only where the log stops holding
 * that: before a snapshot replaces the log, and before the history is rotated. So a job's final
 * ad is durable no later than its destroy, and in the history exactly once after any crash.
 *
 * <p>User-log events go the same way. The owner thread hands a change's events over with
 * {@link #keep} before its transaction; the writer encodes them inside that transaction,
 * numbered, and only once the batch is fsynced hands them to the {@link LogAppender}, which
 * appends them on its own thread. When the appender says a group is through, the writer puts a
 * record with the group's last number in its next batch: the events up to there are in their
 * files. So after a crash only the events after the newest such record may be missing, and
 * {@link #open} has the appender check each of their files, whose end is then the first of
 * those events in order, and append the ones it lacks ({@link UserLogRepair}), before anything
 * new ({@link KeptEvents} does this bookkeeping). A crash takes back a
 * transaction and its events together, so no event is written for a change the disk does not
 * hold. A snapshot carries over the events not yet through.
 *
 * <p>If the disk fails, the log stops: every pending and later append fails, because the
 * queue in memory is then ahead of the disk and nothing more may be acknowledged.
 *
 * <p>Threads: {@link #finished}, {@link #keep}, {@link #append}, {@link #rewrite} on the
 * scheduler's owner thread (which alone touches {@code finishing} and {@code telling}); the
 * file, the history's appends, {@code channel} and {@code events} ({@link KeptEvents}) on the
 * writer thread; the hand-over queue and counters under {@code lock}.
 */
public final class QueueLog implements Journal, UserLogKeeper {
    private static final Logger LOG = LoggerFactory.getLogger(QueueLog.class);
    static final String FILE = "job_queue.log";
    /** A log smaller than this is never worth rewriting. */
    static final long MIN_REWRITE_BYTES = 16L << 20;

    private final Path file;
    private final HistoryFile history;
    private final Object lock = new Object();
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final Thread writer;
    /** Final ads handed over by {@link #finished} for the next transaction. Owner thread only. */
    private List<ClassAd> finishing = new ArrayList<>();
    /** User-log events handed over by {@link #keep} for the next transaction. Owner thread only. */
    private List<UserLogEntry> telling = new ArrayList<>();
    /** The user-log events on their way to their files. Writer thread. */
    private final KeptEvents events;
    private FileChannel channel;
    private long handedOver;
    private long written;
    private long churnSinceRewrite;
    private long lastRewriteBytes;
    private IOException failure;
    private final CompletableFuture<IOException> failed = new CompletableFuture<>();
    private boolean closing;
    private boolean rewriting;

    private QueueLog(Path file, FileChannel channel, long size, HistoryFile history, List<ClassAd> owed,
            KeptEvents events) {
        this.file = file;
        this.history = history;
        this.channel = channel;
        this.lastRewriteBytes = size;
        this.events = events;
        if (!owed.isEmpty()) {
            // First in line, so these come before any new final ad, in the log's order; a write
            // that fails stops the log as any other does (a full disk: restarted once it has room).
            enqueue(new Pending(new Owed(owed)));
        }
        this.writer = new Thread(this::writeLoop, "harrier-queue-log");
        this.writer.setDaemon(true);
        this.writer.start();
    }

    /** What opening found: the queue as the log left it, what was cut off, and how many final ads the history lacked. */
    public record Recovery(QueueLog log, JobQueue queue, int transactions, long bytes, long cutBytes, String problem,
            int historyRestored) {
    }

    /**
     * Opens (or creates) the log in {@code dir} and replays it into a new queue. A tail that is
     * not whole and right is reported and cut off, so the log ends at its last good transaction.
     * The final ads of jobs the log destroys that the history lost in a crash are handed to the
     * writer first, so they are appended again before anything else is and {@link #synced} covers
     * them.
     */
    public static Recovery open(Path dir) throws IOException {
        return open(dir, HistoryLimits.DEFAULT);
    }

    /** As {@link #open(Path)}, with the history beside the log rotated at {@code historyLimits}. */
    public static Recovery open(Path dir, HistoryLimits historyLimits) throws IOException {
        return open(dir, historyLimits, LogAppender.start());
    }

    /** As {@link #open(Path, HistoryLimits)}, appending user-log events with {@code appender} (tests hold its thread). */
    static Recovery open(Path dir, HistoryLimits historyLimits, LogAppender appender) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        byte[] bytes = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
        LogCodec.Decoded d = LogCodec.decode(bytes);
        HistoryFile history = new HistoryFile(dir, historyLimits);
        LogReplay.Result replayed = LogReplay.replay(file, d.transactions(), history.newestWhole());
        JobQueue queue = replayed.queue();
        queue.ensureNextClusterAtLeast(d.nextCluster());
        long cut = bytes.length - d.goodBytes();
        if (d.problem() != null) {
            LOG.warn("job queue log {}: cut off the last {} bytes at byte {}, {}; the queue is as its last good transaction left it",
                    file, cut, d.goodBytes(), d.problem());
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.truncate(d.goodBytes());
        channel.position(d.goodBytes());
        channel.force(true);
        if (!replayed.owed().isEmpty()) {
            LOG.warn("history {}: writing again the final ads of {} jobs the job queue log destroys, which a crash kept from it",
                    history.path(), replayed.owed().size());
        }
        QueueLog log = new QueueLog(file, channel, d.goodBytes(), history, replayed.owed(),
                new KeptEvents(file, d, appender));
        return new Recovery(log, queue, replayed.applied(), d.goodBytes(), cut, d.problem(), replayed.owed().size());
    }

    /**
     * Hands {@code tx} to the writer, with the final ads {@link #finished} handed over since the
     * last one (those of the jobs it destroys); the future completes once it is on disk and its
     * final ads are in the history. Owner thread only.
     */
    @Override
    public CompletableFuture<Void> append(Transaction tx) {
        List<ClassAd> ads = finishing.isEmpty() ? List.of() : finishing;
        if (!ads.isEmpty()) {
            finishing = new ArrayList<>();
        }
        List<UserLogEntry> told = telling.isEmpty() ? List.of() : telling;
        if (!told.isEmpty()) {
            telling = new ArrayList<>();
        }
        return enqueue(new Pending(new Logged(tx, ads, told)));
    }

    /** Keeps a user-log event for the next transaction appended, whose change it tells of. Owner thread only. */
    @Override
    public void keep(UserLogEntry event) {
        telling.add(event);
    }

    /**
     * Replaces the log by a snapshot of {@code queue} (one transaction re-creating every queued
     * job), once the transactions handed over before are written. Owner thread only: the
     * snapshot is taken now, consistent with the queue; the writer encodes and writes it.
     */
    public CompletableFuture<Void> rewrite(JobQueue queue) {
        return enqueue(new Pending(Snapshot.of(queue)));
    }

    /** Whether the log has churned enough since its last rewrite to be worth compacting. */
    boolean wantsRewrite(long minimumBytes) {
        synchronized (lock) {
            return !rewriting && churnSinceRewrite > Math.max(minimumBytes, lastRewriteBytes);
        }
    }

    /**
     * Rewrites once the transactions that change or destroy jobs (the churn: superseded values,
     * jobs gone) written since the last rewrite (or open) outweigh what that rewrite wrote, and
     * at least {@link #MIN_REWRITE_BYTES}: a rewrite then at least halves the log. Submissions
     * alone are not churn, so a queue that only grows, say by one 500,000-proc cluster, is not
     * rewritten for it.
     */
    @Override
    public void compactIfLarge(JobQueue queue) {
        if (wantsRewrite(MIN_REWRITE_BYTES)) {
            synchronized (lock) {
                rewriting = true;
            }
            rewrite(queue).whenComplete((v, e) -> {
                synchronized (lock) {
                    rewriting = false;
                }
            });
        }
    }

    /** Keeps a finished job's final ad for the next transaction appended, the one that destroys the job. Owner thread only. */
    @Override
    public void finished(ClassAd finalAd) {
        finishing.add(finalAd);
    }

    @Override
    public CompletableFuture<IOException> failure() {
        return failed;
    }

    @Override
    public Optional<HistoryFile> history() {
        return Optional.of(history);
    }

    /** A future that completes when everything handed over so far is on disk. */
    @Override
    public CompletableFuture<Void> synced() {
        synchronized (lock) {
            if (pending.isEmpty() && handedOver == written) {
                return failure == null ? CompletableFuture.completedFuture(null) : CompletableFuture.failedFuture(stopped());
            }
            Pending last = pending.peekLast();
            if (last != null) {
                return last.done;
            }
        }
        // In the writer's hands right now: a barrier behind it completes when that batch does.
        return enqueue(new Pending(null));
    }

    private CompletableFuture<Void> enqueue(Pending p) {
        synchronized (lock) {
            if (failure != null || closing) {
                return CompletableFuture.failedFuture(stopped());
            }
            pending.add(p);
            handedOver++;
            lock.notifyAll();
        }
        return p.done;
    }

    private UncheckedIOException stopped() {
        return new UncheckedIOException("the job queue log " + file + " is not writable"
                + (failure == null ? " (closed)" : ": " + failure.getMessage()), failure == null ? new IOException("closed") : failure);
    }

    private void writeLoop() {
        while (true) {
            List<Pending> batch;
            synchronized (lock) {
                while (pending.isEmpty() && !closing) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (pending.isEmpty()) {
                    return;
                }
                batch = new ArrayList<>(pending);
                pending.clear();
            }
            try {
                long churn = writeBatch(batch);
                synchronized (lock) {
                    written += batch.size();
                    churnSinceRewrite += churn;
                }
                batch.forEach(p -> p.done.complete(null));
            } catch (IOException | RuntimeException e) {
                IOException io = e instanceof IOException x ? x : new IOException(e.toString(), e);
                LOG.error("job queue log {}: writing failed; the scheduler acknowledges nothing more: {}", file, io.toString());
                synchronized (lock) {
                    failure = io;
                    pending.forEach(p -> p.done.completeExceptionally(stopped()));
                    pending.clear();
                }
                batch.forEach(p -> p.done.completeExceptionally(stopped()));
                failed.complete(io);
                return;
            }
        }
    }

    /**
     * Writes the batch: the transactions in order, fsynced once, then the final ads they carry
     * (after any owed ones) to the history, not fsynced (the log can write them again). A snapshot
     * starts a new log without the transactions before it, so first those are fsynced and their
     * final ads appended and fsynced. Returns the bytes of churn written after the last snapshot
     * in the batch.
     */
    private long writeBatch(List<Pending> batch) throws IOException {
        long churn = 0;
        List<byte[]> chunks = new ArrayList<>();
        List<ClassAd> finished = new ArrayList<>();
        List<KeptEvent> told = new ArrayList<>();
        long through = events.through();
        for (Pending p : batch) {
            if (p.work instanceof Owed o) {
                finished.addAll(o.finalAds());
            } else if (p.work instanceof Logged l) {
                if (!l.finalAds().isEmpty()) {
                    TestHalt.at(TestHalt.EXIT_UNWRITTEN);
                }
                List<KeptEvent> numbered = events.number(l.events());
                byte[] encoded = LogCodec.encode(l.tx(), numbered);
                chunks.add(encoded);
                finished.addAll(l.finalAds());
                told.addAll(numbered);
                if (!onlyCreates(l.tx())) {
                    churn += encoded.length;
                }
            } else if (p.work instanceof Snapshot s) {
                flush(chunks, through);
                chunks.clear();
                history.append(finished);
                history.force();
                finished.clear();
                events.tell(told);
                told.clear();
                replaceWith(s);
                churn = 0;
            }
        }
        flush(chunks, through);
        history.append(finished);
        events.tell(told);
        return churn;
    }

    private static boolean onlyCreates(Transaction tx) {
        for (QueueOp op : tx.ops()) {
            if (!(op instanceof QueueOp.NewCluster || op instanceof QueueOp.NewProc)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes {@code chunks} and fsyncs, led by a record that the events up to {@code through}
     * are in their files when that is news: nothing is written for it alone, which only bounds
     * what a restart checks.
     */
    private long flush(List<byte[]> chunks, long through) throws IOException {
        if (chunks.isEmpty()) {
            return 0;
        }
        byte[] mark = events.mark(through);
        if (mark != null) {
            chunks.add(0, mark);
        }
        long n = 0;
        for (byte[] c : chunks) {
            n += c.length;
        }
        ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(n));
        chunks.forEach(all::put);
        all.flip();
        while (all.hasRemaining()) {
            channel.write(all);
        }
        channel.force(false);
        return n;
    }

    /** Writes the snapshot to a new file, fsyncs it, and renames it over the log (then fsyncs the directory). */
    private void replaceWith(Snapshot s) throws IOException {
        Path tmp = file.resolveSibling(FILE + ".rewrite");
        long size = 0;
        try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            List<byte[]> chunks = new ArrayList<>(s.encode());
            // The events not yet through, so that a crash after the rename still finds them.
            chunks.add(events.carried());
            for (byte[] chunk : chunks) {
                ByteBuffer b = ByteBuffer.wrap(chunk);
                while (b.hasRemaining()) {
                    out.write(b);
                }
                size += chunk.length;
            }
            out.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(file.getParent());
        channel.close();
        channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        synchronized (lock) {
            churnSinceRewrite = 0;
            lastRewriteBytes = size;
        }
        LOG.info("job queue log {}: compacted to {} bytes ({} jobs)", file, size, s.jobs());
    }

    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    /** Writes what was handed over, then stops the writer and the appender (once it has written what it was handed). */
    @Override
    public void close() {
        synchronized (lock) {
            closing = true;
            lock.notifyAll();
        }
        try {
            writer.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        events.close();
        try {
            channel.close();
            history.close();
        } catch (IOException e) {
            LOG.warn("job queue log {}: closing: {}", file, e.toString());
        }
    }

    /** A transaction, the final ads of the jobs it destroys (for the history once it is on disk), and its user-log events. */
    private record Logged(Transaction tx, List<ClassAd> finalAds, List<UserLogEntry> events) {
    }

    /** Final ads the history lost in a crash, whose destroys the log holds: the writer's first work. */
    private record Owed(List<ClassAd> finalAds) {
    }

    /** A transaction, owed final ads, a snapshot, or (none of those) a barrier; {@code done} completes once written. */
    private record Pending(Object work, CompletableFuture<Void> done) {
        Pending(Object work) {
            this(work, new CompletableFuture<>());
        }
    }
}
