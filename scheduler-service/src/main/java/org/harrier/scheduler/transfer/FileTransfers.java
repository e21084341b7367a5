package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.protocol.Completions;
import org.harrier.scheduler.ScheddFailure;
import org.harrier.scheduler.match.ClaimRecord;
import org.harrier.scheduler.queue.JobId;

/**
 * The submit side of file transfer over the bus (docs/protocols.md, "File transfer"): a
 * starter begins a transfer of one file of its job, moves it in chunks (ReadFile/WriteFile),
 * and ends it with the file's SHA-256. A transfer waits its turn in its direction's
 * {@link TransferQueue}; the names it may touch are {@link TransferNames}'; bytes are added to
 * the job (BytesRecvd/BytesSent) and its owner ({@link TransferTotals}) when it ends well.
 *
 * <p>Threads: file I/O runs on the "harrier-transfer" pool (never on the scheduler's owner
 * thread); each transfer's file guards itself ({@link OpenFile}); the registry is a concurrent
 * map; the totals guard themselves.
 */
public final class FileTransfers implements AutoCloseable {
    /** The largest chunk one ReadFile or WriteFile moves. */
    public static final int MAX_CHUNK = 4 << 20;
    private static final SecureRandom TRANSFER_SECRETS = new SecureRandom();

    /** What the transfers need of the scheduler: the job's ad (checked against its claim) and its counters. */
    public interface Jobs {
        /** The job's ad if it runs on that claim; fails with {@link ScheddFailure.WrongState} otherwise. */
        CompletableFuture<ClassAd> claimedJob(JobId id, String claimId);

        /** Adds {@code bytes} to the job's {@code attribute}. */
        CompletableFuture<Long> addBytes(JobId id, String attribute, long bytes);
    }

    /** A transfer under way; {@code touched} the System.nanoTime() of its last call. */
    private record Transfer(String id, JobId job, String owner, Direction direction, OpenFile file, AtomicLong touched) {
        Transfer touch() {
            touched.set(System.nanoTime());
            return this;
        }
    }

    /** A transfer nobody moved for this long is given up: its starter is gone, and its turn in the queue is freed. */
    public static final Duration IDLE_LIMIT = Duration.ofMinutes(5);

    /** What BeginTransfer answers: the transfer's id and, for an input, the file's size. */
    public record Begun(String transferId, long size) {
    }

    private final Jobs jobs;
    private final Function<JobId, Path> checkpointDirs;
    private final Map<Direction, TransferQueue> queues = new HashMap<>();
    private final Map<String, Transfer> open = new ConcurrentHashMap<>();
    private final ScheduledExecutorService io;
    private final TransferTotals totals = new TransferTotals();
    private final OwnerFiles owners = OwnerFiles.detect();

    public FileTransfers(Jobs jobs, TransferLimits limits) {
        this(jobs, limits, null);
    }

    /**
     * As above, with the checkpoint directions: {@code checkpointDirs} gives a job's directory
     * in the spool ({@code <spool>/<cluster>/<proc>}); null: no spool, checkpoints cannot travel.
     */
    public FileTransfers(Jobs jobs, TransferLimits limits, Function<JobId, Path> checkpointDirs) {
        this.jobs = Objects.requireNonNull(jobs, "jobs");
        this.checkpointDirs = checkpointDirs;
        queues.put(Direction.INPUT, new TransferQueue(limits.maxUploads()));
        queues.put(Direction.OUTPUT, new TransferQueue(limits.maxDownloads()));
        AtomicInteger n = new AtomicInteger();
        this.io = Executors.newScheduledThreadPool(4, r -> {
            Thread t = new Thread(r, "harrier-transfer-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        io.scheduleWithFixedDelay(() -> abandonIdle(System.nanoTime(), IDLE_LIMIT), 30, 30, TimeUnit.SECONDS);
    }

    /**
     * Gives up every transfer without a call for longer than {@code limit} at {@code nowNanos}
     * (System.nanoTime()); returns how many. Runs every 30 s; tests call it with their own now.
     */
    public int abandonIdle(long nowNanos, Duration limit) {
        int n = 0;
        for (Transfer t : open.values()) {
            if (nowNanos - t.touched().get() > limit.toNanos() && open.remove(t.id(), t)) {
                t.file().abandon();
                queue(t.direction()).done();
                totals.failed();
                n++;
            }
        }
        return n;
    }

    /** FetchJobData of job {@code id} whose ad is {@code ad} ({@link JobData}), read on the transfer pool. */
    public CompletableFuture<String> jobData(JobId id, ClassAd ad, String file, int start, int end) {
        return CompletableFuture.supplyAsync(() -> JobData.read(id, ad, file, start, end), io);
    }

    /** A transfer of an input or output file (no checkpoint number). */
    public CompletableFuture<Begun> begin(JobId id, String claimId, Direction direction, String name) {
        return begin(id, claimId, direction, name, 0);
    }

    /**
     * The secret part of a TransferId: ReadFile, WriteFile and EndTransfer name a transfer by its
     * id alone, so it must not be guessable by another startd user. 128 bits from SecureRandom.
     */
    private static String newTransferSecret() {
        byte[] bits = new byte[16];
        TRANSFER_SECRETS.nextBytes(bits);
        return HexFormat.of().formatHex(bits);
    }

    /**
     * Begins a transfer of {@code name} for job {@code id} on claim {@code claimId}: checks the
     * claim and the name, waits for the direction's queue, then opens the file. Completes with
     * the transfer's id (and an input's size). {@code checkpointNumber} names the checkpoint a
     * CheckpointIn reads from or a CheckpointOut stages into; the other directions ignore it.
     */
    public CompletableFuture<Begun> begin(JobId id, String claimId, Direction direction, String name,
            long checkpointNumber) {
        return jobs.claimedJob(id, claimId).thenCompose(ad -> {
            TransferNames.Target target = target(id, claimId, ad, direction, name, checkpointNumber);
            String owner = ad.evaluate("Owner") instanceof StringValue s ? s.value() : "";
            TransferQueue queue = queue(direction);
            return queue.enter().thenApplyAsync(turn -> {
                String transferId = id + "-" + newTransferSecret();
                try {
                    if (direction == Direction.CHECKPOINT_OUT) {
                        Files.createDirectories(target.path().getParent());
                    } else if (direction == Direction.EVICTED_OUT) {
                        Files.createDirectories(target.dir());
                    }
                    // Outputs land in the submitter's Iwd: a root scheduler hands what it makes there to the Owner.
                    java.util.function.Consumer<Path> made = direction != Direction.OUTPUT ? p -> { }
                            : owners.accountOf(owner).<java.util.function.Consumer<Path>>map(a -> p -> OwnerFiles.hand(p, a))
                                    .orElse(p -> { });
                    OpenFile f = direction.toJob() ? OpenFile.input(DirectoryTree.forReading(target))
                            : OpenFile.output(DirectoryTree.forWriting(target, made), transferId, made);
                    open.put(transferId, new Transfer(transferId, id, owner, direction, f, new AtomicLong(System.nanoTime())));
                    return new Begun(transferId, direction.toJob() ? f.size() : 0);
                } catch (IOException | RuntimeException e) {
                    queue.done();
                    totals.failed();
                    throw failed("cannot open " + target.path(), e);
                }
            }, io);
        });
    }

    private TransferNames.Target target(JobId id, String claimId, ClassAd ad, Direction direction, String name,
            long checkpointNumber) {
        return switch (direction) {
            case EVICTED_IN, EVICTED_OUT -> TransferNames.evicted(checkpointDir(id), direction, claimId, name);
            case INPUT -> TransferNames.inputTarget(ad, name);
            case OUTPUT -> TransferNames.outputTarget(ad, name);
            case CHECKPOINT_IN, CHECKPOINT_OUT -> new TransferNames.Target(TransferNames.checkpoint(checkpointDir(id),
                    direction, checkpointNumber, name), "");
        };
    }

    /**
     * ListFiles for job {@code id}, which must run on {@code claimId}: an Input entry's files and
     * directories (one nameless entry when it is a file), so the starter can fetch a directory
     * file by file; or (EvictedIn) what the job's last eviction left in the spool, none when none.
     */
    public CompletableFuture<List<DirectoryTree.Entry>> list(JobId id, String claimId, Direction direction, String name) {
        return jobs.claimedJob(id, claimId).thenApplyAsync(ad -> {
            try {
                return JobSpool.list(ad, direction, name, () -> checkpointDir(id));
            } catch (IOException | RuntimeException e) {
                throw failed("cannot list " + name, e);
            }
        }, io);
    }

    /**
     * An evicted job's JobExited on {@code claimId}: the files its eviction sent (EvictedOut)
     * replace those of the previous one, before the report moves the job back to Idle, so its
     * next run fetches them (ListFiles EvictedIn). Runs on the caller's thread (the one
     * dispatching the report, so that reports stay in order): two renames, no copying, about a
     * millisecond whatever the size; the replaced files are deleted after, on a transfer thread
     * (that takes time in proportion to their size: JobSpool). A failure is logged and the
     * previous files stay, as a failed checkpoint save leaves the previous checkpoint. Returns
     * whether files were committed.
     */
    public boolean commitEvicted(JobId id, String claimId) {
        return checkpointDirs != null && removingAfter(id, JobSpool.commitEvictedLogged(checkpointDirs.apply(id), id, claimId));
    }

    /** After a commit: what it superseded is deleted on a transfer thread (none once closed: the next commit's removal takes it). */
    private boolean removingAfter(JobId id, boolean committed) {
        if (committed) {
            Path jobDir = checkpointDirs.apply(id);
            try {
                io.execute(() -> JobSpool.removeSuperseded(jobDir, id));
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // Closing: nothing lost but disk space until the job's next commit or its departure.
            }
        }
        return committed;
    }

    /** What GetCheckpoint answers: the current checkpoint's number (0: none) and its files' sizes by relative name. */
    public record Listing(long number, Map<String, Long> files) {
        public Listing {
            files = Map.copyOf(files);
        }
    }

    /**
     * The current checkpoint of job {@code id}, which must run on {@code claimId}: its number and
     * files, for a starter that restores it with CheckpointIn transfers.
     */
    public CompletableFuture<Listing> checkpoint(JobId id, String claimId) {
        return jobs.claimedJob(id, claimId).thenApplyAsync(ad -> {
            try {
                return JobSpool.checkpoint(checkpointDir(id));
            } catch (IOException | UncheckedIOException e) {
                throw failed("cannot list the checkpoint of job " + id, e);
            }
        }, io);
    }

    /**
     * JobCheckpointed for a checkpoint that travelled: {@link JobSpool#commitCheckpoint} when
     * {@code ad} (the job's queued ad, null if it left) records {@code claimId} as its claim.
     * Runs on the caller's thread (the scheduler's owner thread, so that the commit comes before
     * the reports after it): a rename and a link swap, no copying nor forcing (each file was
     * forced when its transfer ended), about a millisecond for a 200 MB checkpoint; deleting the
     * checkpoint it replaced (40-220 ms for 200 MB on ext4) is left to a transfer thread.
     */
    public boolean commitCheckpoint(JobId id, String claimId, ClassAd ad, long number) {
        if (checkpointDirs == null || ad == null
                || !(ad.evaluate(ClaimRecord.CLAIM_ID) instanceof StringValue c && c.value().equals(claimId))) {
            return false;
        }
        return removingAfter(id, JobSpool.commitCheckpoint(checkpointDirs.apply(id), id, number));
    }

    private Path checkpointDir(JobId id) {
        if (checkpointDirs == null) {
            throw new ScheddFailure.Refused("this scheduler has no spool: job " + id
                    + "'s checkpoints cannot travel");
        }
        return checkpointDirs.apply(id);
    }

    /** Checkpoint files wait in the queue of the way they go: to the job with the inputs, from it with the outputs. */
    private TransferQueue queue(Direction d) {
        return queues.get(d.toJob() ? Direction.INPUT : Direction.OUTPUT);
    }

    public CompletableFuture<byte[]> read(String transferId, long offset, int length) {
        Transfer t = transfer(transferId, true);
        checkChunk(offset, length);
        return onIo(() -> {
            try {
                return t.file().read(offset, length);
            } catch (IOException e) {
                throw failed("cannot read " + t.file().target(), e);
            }
        });
    }

    public CompletableFuture<Void> write(String transferId, long offset, byte[] data) {
        Transfer t = transfer(transferId, false);
        checkChunk(offset, data.length);
        return onIo(() -> {
            try {
                t.file().write(offset, data);
                return null;
            } catch (IOException e) {
                throw failed("cannot write " + t.file().target(), e);
            }
        });
    }

    /**
     * Ends a transfer: with {@code abort} (non-null) it is given up; otherwise the starter's
     * SHA-256 must match (a {@link ScheddFailure.TransferFailed} if not, and an output is not kept). Completes with the
     * file's length once the bytes are counted for the job.
     */
    public CompletableFuture<Long> end(String transferId, String sha256, String abort) {
        Transfer t = open.remove(transferId);
        if (t == null) {
            throw new ScheddFailure.Invalid("no transfer " + transferId + " (it ended, or never began)");
        }
        if (abort == null && (sha256 == null || !sha256.matches("[0-9a-fA-F]{64}"))) {
            open.put(transferId, t);
            throw new ScheddFailure.Invalid("EndTransfer needs Sha256 (64 hex digits) or Abort");
        }
        return onIo(() -> {
            try {
                if (abort != null) {
                    t.file().abandon();
                    totals.failed();
                    return 0L;
                }
                return t.file().finish(sha256);
            } catch (IOException | RuntimeException e) {
                totals.failed();
                throw failed("transfer of " + t.file().target() + " failed", e);
            } finally {
                queue(t.direction()).done();
            }
        }).thenCompose(bytes -> abort != null ? CompletableFuture.completedFuture(bytes) : counted(t, bytes));
    }

    private CompletableFuture<Long> counted(Transfer t, long bytes) {
        totals.moved(t.owner(), t.direction(), bytes);
        return jobs.addBytes(t.job(), t.direction().jobAttribute(), bytes).thenApply(total -> bytes);
    }

    /** An owner's totals as submitter properties (BytesRecvd, BytesSent), empty before its first transfer. */
    public Map<String, Object> ownerProperties(String owner) {
        return totals.ownerProperties(owner);
    }

    public TransferStatistics statistics() {
        return totals.statistics(queues.get(Direction.INPUT), queues.get(Direction.OUTPUT));
    }

    private Transfer transfer(String transferId, boolean toJob) {
        Transfer t = open.get(transferId);
        if (t == null) {
            throw new ScheddFailure.Invalid("no transfer " + transferId + " (it ended, or never began)");
        }
        if (t.direction().toJob() != toJob) {
            throw new ScheddFailure.Invalid("transfer " + transferId + " is an " + t.direction().wire()
                    + " transfer: use " + (toJob ? "WriteFile" : "ReadFile"));
        }
        return t.touch();
    }

    private static void checkChunk(long offset, int length) {
        if (offset < 0 || length < 0 || length > MAX_CHUNK) {
            throw new ScheddFailure.Invalid("a chunk needs Offset >= 0 and at most " + MAX_CHUNK + " bytes, got offset "
                    + offset + ", " + length + " bytes");
        }
    }

    private <T> CompletableFuture<T> onIo(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, io);
    }

    /** {@code e} as the transfer's failure: a domain failure as it is, anything else (an I/O error) a failed transfer. */
    private static ScheddFailure failed(String what, Throwable e) {
        Throwable cause = e instanceof UncheckedIOException ? e.getCause() : Completions.cause(e);
        if (cause instanceof ScheddFailure f) {
            return f;
        }
        return new ScheddFailure.TransferFailed(what + ": " + cause);
    }

    /** Gives up every open transfer (their partial outputs are deleted) and stops the I/O threads. */
    @Override
    public void close() {
        for (Transfer t : open.values()) {
            t.file().abandon();
        }
        open.clear();
        io.shutdownNow();
    }
}
