package org.harrier.exec.run.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Request;
import org.harrier.protocol.scheduler.BeginTransfer;
import org.harrier.protocol.scheduler.EndTransfer;
import org.harrier.protocol.scheduler.GetCheckpoint;
import org.harrier.protocol.scheduler.ListFiles;
import org.harrier.protocol.scheduler.ReadFile;
import org.harrier.protocol.scheduler.WriteFile;

/**
 * The starter's side of file transfer over the bus (docs/protocols.md, "File transfer"), for
 * job sandboxes and anything else a starter sends to or fetches from its scheduler (checkpoint
 * files): {@link #download} fetches a file the job ad names into a local file, {@link #upload}
 * sends a local file under a name the scheduler writes into the job's Iwd. Each is BeginTransfer,
 * a window of ReadFile/WriteFile chunk calls, and EndTransfer with the SHA-256 of the whole
 * file; the scheduler compares it with its own, and a mismatch fails the transfer. A file is
 * never whole in memory: at most {@code window} chunks are.
 *
 * <p>Blocking: each call runs on the caller's thread (a transfer thread, never the startd's
 * owner thread) until the file has moved; any number may run at once. A failure is a
 * {@link TransferException}, after the scheduler was told to give the transfer up.
 */
public final class SandboxTransfer {
    public static final int CHUNK = 1 << 20;
    public static final int WINDOW = 8;
    /** BeginTransfer may wait in the scheduler's transfer queue (MAX_CONCURRENT_*) this long. */
    public static final Duration QUEUE_WAIT = Duration.ofHours(1);

    private final SchedulerCalls calls;
    private final int chunkSize;
    private final int window;
    private final Duration callTimeout;

    public SandboxTransfer(SchedulerCalls calls, int chunkSize, int window, Duration callTimeout) {
        this.calls = Objects.requireNonNull(calls, "calls");
        new ChunkPlan(0, chunkSize, window); // validates both
        this.chunkSize = chunkSize;
        this.window = window;
        this.callTimeout = Objects.requireNonNull(callTimeout, "callTimeout");
    }

    /** 1 MiB chunks, 8 in flight (TransferBenchmark: 4 gave about two thirds of the rate), 60 s per chunk call. */
    public static SandboxTransfer over(SchedulerCalls calls) {
        return new SandboxTransfer(calls, CHUNK, WINDOW, Duration.ofSeconds(60));
    }

    /** Where a transfer goes: the scheduler's agent name, the job ("cluster.proc") and its claim. */
    public record Endpoint(String scheduler, String jobId, String claimId) {
        public Endpoint {
            Objects.requireNonNull(scheduler, "scheduler");
            Objects.requireNonNull(jobId, "jobId");
            Objects.requireNonNull(claimId, "claimId");
        }
    }

    /** Fetches input {@code name} (as the job ad names it) into {@code into}; returns its length. */
    public long download(Endpoint to, String name, Path into) {
        return download(to, "Input", name, 0, into);
    }

    /** Sends local {@code file} as output {@code name} of the job; returns its length. */
    public long upload(Endpoint to, Path file, String name) {
        return upload(to, file, "Output", name, 0);
    }

    /**
     * Sends {@code file} of an evicted ON_EXIT_OR_EVICT job as {@code name} (its path in the
     * sandbox) into its scheduler's spool (EvictedOut, staged until the eviction's JobExited).
     */
    public long uploadEvicted(Endpoint to, Path file, String name) {
        return upload(to, file, "EvictedOut", name, 0);
    }

    /** Fetches file {@code name} of the job's last eviction (EvictedIn) into {@code into}. */
    public long downloadEvicted(Endpoint to, String name, Path into) {
        return download(to, "EvictedIn", name, 0, into);
    }

    /**
     * Asks the scheduler which checkpoint of the job is current (GetCheckpoint), and its files
     * (relative names and sizes); number 0 when there is none.
     */
    public GetCheckpoint.Checkpoint checkpoint(Endpoint of) {
        return await(calls.call(of.scheduler(), new GetCheckpoint(of.jobId(), of.claimId()), callTimeout), "GetCheckpoint");
    }

    /**
     * What {@code name} holds (ListFiles): for direction Input a TransferInput entry, a directory
     * listed recursively, parents first, or one nameless entry for a file; for EvictedIn (no
     * name) the files of the job's last eviction.
     */
    public List<ListFiles.Entry> list(Endpoint of, String direction, String name) {
        return await(calls.call(of.scheduler(), new ListFiles(of.jobId(), of.claimId(), direction, name), callTimeout),
                "ListFiles of " + name).files();
    }

    /** Fetches file {@code name} of checkpoint {@code number} (CheckpointIn) into {@code into}; returns its length. */
    public long downloadCheckpoint(Endpoint to, long number, String name, Path into) {
        return download(to, "CheckpointIn", name, number, into);
    }

    /** Sends {@code file} as file {@code name} of checkpoint {@code number} (CheckpointOut, staged until JobCheckpointed). */
    public long uploadCheckpoint(Endpoint to, Path file, long number, String name) {
        return upload(to, file, "CheckpointOut", name, number);
    }

    private long download(Endpoint to, String direction, String name, long checkpoint, Path into) {
        BeginTransfer.Begun begun = begin(to, direction, name, checkpoint);
        String id = begun.transferId();
        try (FileChannel out = FileChannel.open(into, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ChunkPlan plan = new ChunkPlan(begun.size(), chunkSize, window);
            MessageDigest sha = sha256();
            Deque<Read> inFlight = new ArrayDeque<>();
            for (long next = 0; next < plan.count() || !inFlight.isEmpty();) {
                while (next < plan.count() && inFlight.size() < window) {
                    ChunkPlan.Chunk c = plan.chunk(next++);
                    inFlight.add(new Read(c, call(to, new ReadFile(id, c.offset(), c.length()))));
                }
                // The oldest first: chunks are written and hashed in order.
                Read r = inFlight.poll();
                byte[] data = await(r.reply(), "ReadFile of " + name).data();
                if (data.length != r.chunk().length()) {
                    throw new TransferException("the scheduler sent " + data.length + " bytes of " + name + " at offset "
                            + r.chunk().offset() + ", not " + r.chunk().length() + ": did the file change?");
                }
                ByteBuffer buf = ByteBuffer.wrap(data);
                sha.update(data);
                while (buf.hasRemaining()) {
                    out.write(buf, r.chunk().offset() + buf.position());
                }
            }
            end(to, id, name, HexFormat.of().formatHex(sha.digest()));
            return begun.size();
        } catch (IOException | RuntimeException e) {
            abort(to, id, e);
            throw failure("fetching " + name, e);
        }
    }

    private long upload(Endpoint to, Path file, String direction, String name, long checkpoint) {
        String id = begin(to, direction, name, checkpoint).transferId();
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ChunkPlan plan = new ChunkPlan(in.size(), chunkSize, window);
            MessageDigest sha = sha256();
            Deque<CompletableFuture<Done>> inFlight = new ArrayDeque<>();
            for (long i = 0; i < plan.count(); i++) {
                if (inFlight.size() >= window) {
                    await(inFlight.poll(), "WriteFile of " + name);
                }
                ChunkPlan.Chunk c = plan.chunk(i);
                ByteBuffer buf = ByteBuffer.allocate(c.length());
                while (buf.hasRemaining()) {
                    if (in.read(buf, c.offset() + buf.position()) < 0) {
                        throw new TransferException(file + " shrank while it was being sent");
                    }
                }
                sha.update(buf.array());
                inFlight.add(call(to, new WriteFile(id, c.offset(), buf.array())));
            }
            while (!inFlight.isEmpty()) {
                await(inFlight.poll(), "WriteFile of " + name);
            }
            end(to, id, name, HexFormat.of().formatHex(sha.digest()));
            return plan.size();
        } catch (IOException | RuntimeException e) {
            abort(to, id, e);
            throw failure("sending " + file, e);
        }
    }

    private BeginTransfer.Begun begin(Endpoint to, String direction, String name, long checkpoint) {
        BeginTransfer request = new BeginTransfer(to.jobId(), to.claimId(), direction, name, checkpoint > 0 ? checkpoint : null);
        return await(calls.call(to.scheduler(), request, QUEUE_WAIT), "BeginTransfer of " + name, QUEUE_WAIT);
    }

    private void end(Endpoint to, String id, String name, String sha) {
        await(call(to, new EndTransfer(id, sha, null)), "EndTransfer of " + name);
    }

    private void abort(Endpoint to, String id, Exception why) {
        if (why instanceof TransferException t && t.getMessage().startsWith("EndTransfer")) {
            return; // the scheduler ended it already
        }
        calls.call(to.scheduler(), new EndTransfer(id, null, String.valueOf(why.getMessage())), callTimeout);
    }

    private <R> CompletableFuture<R> call(Endpoint to, Request<R> request) {
        return calls.call(to.scheduler(), request, callTimeout);
    }

    private <R> R await(CompletableFuture<R> f, String what) {
        return await(f, what, callTimeout.plusSeconds(5));
    }

    /** The answer; a failure (the scheduler's {@link SchedulerFailure}, or no answer in time) as a TransferException saying what failed. */
    private static <R> R await(CompletableFuture<R> f, String what, Duration timeout) {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new TransferException(what + " failed: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new TransferException(what + " got no answer in " + timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransferException(what + " was interrupted");
        }
    }

    private static TransferException failure(String what, Exception e) {
        return e instanceof TransferException t ? t : new TransferException(what + " failed: " + e);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** A ReadFile call in flight, with the chunk it asked for. */
    private record Read(ChunkPlan.Chunk chunk, CompletableFuture<ReadFile.Chunk> reply) {
    }
}
