package org.harrier.exec.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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

    /** The job's current checkpoint as its scheduler's spool holds it (GetCheckpoint): number 0 when none. */
    public record Checkpoint(long number, Map<String, Long> files) {
        public Checkpoint {
            files = Map.copyOf(files);
        }
    }

    /** Asks the scheduler which checkpoint of the job is current, and its files (relative names and sizes). */
    public Checkpoint checkpoint(Endpoint of) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("Id", of.jobId());
        args.put("ClaimId", of.claimId());
        Map<String, Object> out = await(calls.call(of.scheduler(), "GetCheckpoint", args, callTimeout), "GetCheckpoint");
        Map<String, Long> files = new LinkedHashMap<>();
        if (out.get("Files") instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> m && m.get("Name") instanceof String n && m.get("Size") instanceof Number size) {
                    files.put(n, size.longValue());
                }
            }
        }
        return new Checkpoint(out.get("CheckpointNumber") instanceof Number n ? n.longValue() : 0, files);
    }

    /** One entry ListFiles answers: a path relative to the listed entry (empty: the entry is one file). */
    public record Listed(String name, long size, boolean directory) {
        public Listed {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * What {@code name} holds (ListFiles): for direction Input a TransferInput entry, a directory
     * listed recursively, parents first, or one nameless entry for a file.
     */
    public List<Listed> list(Endpoint of, String direction, String name) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("Id", of.jobId());
        args.put("ClaimId", of.claimId());
        args.put("Direction", direction);
        args.put("Name", name);
        Map<String, Object> out = await(calls.call(of.scheduler(), "ListFiles", args, callTimeout), "ListFiles of " + name);
        List<Listed> listed = new ArrayList<>();
        if (out.get("Files") instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> m && m.get("Name") instanceof String n) {
                    listed.add(new Listed(n, m.get("Size") instanceof Number size ? size.longValue() : 0,
                            Boolean.TRUE.equals(m.get("Directory"))));
                }
            }
        }
        return listed;
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
        Map<String, Object> begun = begin(to, direction, name, checkpoint);
        String id = (String) begun.get("TransferId");
        long size = begun.get("Size") instanceof Number n ? n.longValue() : -1;
        try (FileChannel out = FileChannel.open(into, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ChunkPlan plan = new ChunkPlan(size, chunkSize, window);
            MessageDigest sha = sha256();
            Deque<Read> inFlight = new ArrayDeque<>();
            for (long next = 0; next < plan.count() || !inFlight.isEmpty();) {
                while (next < plan.count() && inFlight.size() < window) {
                    ChunkPlan.Chunk c = plan.chunk(next++);
                    inFlight.add(new Read(c, call(to, "ReadFile",
                            Map.of("TransferId", id, "Offset", c.offset(), "Length", (long) c.length()))));
                }
                // The oldest first: chunks are written and hashed in order.
                Read r = inFlight.poll();
                Map<String, Object> reply = await(r.reply(), "ReadFile of " + name);
                if (!(reply.get("Data") instanceof byte[] data) || data.length != r.chunk().length()) {
                    throw new TransferException("the scheduler sent " + (reply.get("Data") instanceof byte[] d ? d.length : 0)
                            + " bytes of " + name + " at offset " + r.chunk().offset() + ", not " + r.chunk().length()
                            + ": did the file change?");
                }
                ByteBuffer buf = ByteBuffer.wrap(data);
                sha.update(data);
                while (buf.hasRemaining()) {
                    out.write(buf, r.chunk().offset() + buf.position());
                }
            }
            end(to, id, name, HexFormat.of().formatHex(sha.digest()));
            return size;
        } catch (IOException | RuntimeException e) {
            abort(to, id, e);
            throw failure("fetching " + name, e);
        }
    }

    private long upload(Endpoint to, Path file, String direction, String name, long checkpoint) {
        Map<String, Object> begun = begin(to, direction, name, checkpoint);
        String id = (String) begun.get("TransferId");
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ChunkPlan plan = new ChunkPlan(in.size(), chunkSize, window);
            MessageDigest sha = sha256();
            Deque<CompletableFuture<Map<String, Object>>> inFlight = new ArrayDeque<>();
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
                inFlight.add(call(to, "WriteFile", Map.of("TransferId", id, "Offset", c.offset(), "Data", buf.array())));
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

    private Map<String, Object> begin(Endpoint to, String direction, String name, long checkpoint) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("Id", to.jobId());
        args.put("ClaimId", to.claimId());
        args.put("Direction", direction);
        args.put("Name", name);
        if (checkpoint > 0) {
            args.put("CheckpointNumber", checkpoint);
        }
        Map<String, Object> out = await(calls.call(to.scheduler(), "BeginTransfer", args, QUEUE_WAIT),
                "BeginTransfer of " + name, QUEUE_WAIT);
        if (!(out.get("TransferId") instanceof String)) {
            throw new TransferException("the scheduler began no transfer of " + name);
        }
        return out;
    }

    private void end(Endpoint to, String id, String name, String sha) {
        await(call(to, "EndTransfer", Map.of("TransferId", id, "Sha256", sha)), "EndTransfer of " + name);
    }

    private void abort(Endpoint to, String id, Exception why) {
        if (why instanceof TransferException t && t.getMessage().startsWith("EndTransfer")) {
            return; // the scheduler ended it already
        }
        calls.call(to.scheduler(), "EndTransfer", Map.of("TransferId", id, "Abort", String.valueOf(why.getMessage())),
                callTimeout);
    }

    private CompletableFuture<Map<String, Object>> call(Endpoint to, String method, Map<String, Object> args) {
        return calls.call(to.scheduler(), method, args, callTimeout);
    }

    private Map<String, Object> await(CompletableFuture<Map<String, Object>> f, String what) {
        return await(f, what, callTimeout.plusSeconds(5));
    }

    private static Map<String, Object> await(CompletableFuture<Map<String, Object>> f, String what, Duration timeout) {
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
    private record Read(ChunkPlan.Chunk chunk, CompletableFuture<Map<String, Object>> reply) {
    }
}
