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
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.QueueOp;
import org.harrier.scheduler.queue.Transaction;
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
 * <p>If the disk fails, the log stops: every pending and later append fails, because the
 * queue in memory is then ahead of the disk and nothing more may be acknowledged.
 */
public final class QueueLog implements Journal {
    private static final Logger LOG = LoggerFactory.getLogger(QueueLog.class);
    static final String FILE = "job_queue.log";
    /** A log smaller than this is never worth rewriting. */
    static final long MIN_REWRITE_BYTES = 16L << 20;

    private final Path file;
    private final HistoryFile history;
    private final Object lock = new Object();
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final Thread writer;
    private FileChannel channel;
    private long handedOver;
    private long written;
    private long churnSinceRewrite;
    private long lastRewriteBytes;
    private IOException failure;
    private final CompletableFuture<IOException> failed = new CompletableFuture<>();
    private boolean closing;
    private boolean rewriting;

    private QueueLog(Path file, FileChannel channel, long size, HistoryLimits historyLimits) {
        this.file = file;
        this.history = new HistoryFile(file.getParent(), historyLimits);
        this.channel = channel;
        this.lastRewriteBytes = size;
        this.writer = new Thread(this::writeLoop, "harrier-queue-log");
        this.writer.setDaemon(true);
        this.writer.start();
    }

    /** What opening found: the queue as the log left it, and what was cut off. */
    public record Recovery(QueueLog log, JobQueue queue, int transactions, long bytes, long cutBytes, String problem) {
    }

    /**
     * Opens (or creates) the log in {@code dir} and replays it into a new queue. A tail that is
     * not whole and right is reported and cut off, so the log ends at its last good transaction.
     */
    public static Recovery open(Path dir) throws IOException {
        return open(dir, HistoryLimits.DEFAULT);
    }

    /** As {@link #open(Path)}, with the history beside the log rotated at {@code historyLimits}. */
    public static Recovery open(Path dir, HistoryLimits historyLimits) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        byte[] bytes = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
        LogCodec.Decoded d = LogCodec.decode(bytes);
        JobQueue queue = new JobQueue();
        int applied = 0;
        for (Transaction tx : d.transactions()) {
            try {
                queue.apply(tx);
                applied++;
            } catch (IllegalStateException e) {
                // Whole and checksummed, yet not applicable: written by a different program or edited.
                throw new IOException(file + ": transaction " + (applied + 1) + " does not fit the queue: " + e.getMessage(), e);
            }
        }
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
        return new Recovery(new QueueLog(file, channel, d.goodBytes(), historyLimits), queue, applied, d.goodBytes(), cut, d.problem());
    }

    /** Hands {@code tx} to the writer; the future completes once it is on disk. Owner thread only. */
    @Override
    public CompletableFuture<Void> append(Transaction tx) {
        return enqueue(new Pending(tx));
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

    /** Hands a finished job's ad to the writer, which writes it to the history before the next transaction. */
    @Override
    public void finished(ClassAd finalAd) {
        enqueue(new Pending(new Finished(finalAd)));
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
     * Writes the batch: first the history of jobs that finished (fsynced before the transactions
     * that destroy them are written), then the transactions in order; a snapshot starts a new log.
     * Returns the bytes of churn written after the last snapshot in the batch.
     */
    private long writeBatch(List<Pending> batch) throws IOException {
        List<ClassAd> finished = new ArrayList<>();
        for (Pending p : batch) {
            if (p.work instanceof Finished f) {
                finished.add(f.ad());
            }
        }
        history.append(finished);
        long churn = 0;
        List<byte[]> chunks = new ArrayList<>();
        for (Pending p : batch) {
            if (p.work instanceof Transaction tx) {
                byte[] encoded = LogCodec.encode(tx);
                chunks.add(encoded);
                if (!onlyCreates(tx)) {
                    churn += encoded.length;
                }
            } else if (p.work instanceof Snapshot s) {
                flush(chunks);
                chunks.clear();
                replaceWith(s);
                churn = 0;
            }
        }
        flush(chunks);
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

    private long flush(List<byte[]> chunks) throws IOException {
        if (chunks.isEmpty()) {
            return 0;
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
            for (byte[] chunk : s.encode()) {
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

    /** Writes what was handed over, then stops the writer. */
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
        try {
            channel.close();
            history.close();
        } catch (IOException e) {
            LOG.warn("job queue log {}: closing: {}", file, e.toString());
        }
    }

    /** A job's final ad for the history. */
    private record Finished(ClassAd ad) {
    }

    /** A transaction, a snapshot, a finished job, or (none of those) a barrier; {@code done} completes once written. */
    private record Pending(Object work, CompletableFuture<Void> done) {
        Pending(Object work) {
            this(work, new CompletableFuture<>());
        }
    }
}
