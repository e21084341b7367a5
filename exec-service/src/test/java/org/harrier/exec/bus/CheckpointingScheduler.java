package org.harrier.exec.bus;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.bus.ManagedObject;
import org.harrier.bus.MethodTable;
import org.harrier.bus.QmfException;
import org.harrier.protocol.ObjectId;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.scheduler.BeginTransfer;
import org.harrier.protocol.scheduler.EndTransfer;
import org.harrier.protocol.scheduler.GetCheckpoint;
import org.harrier.protocol.scheduler.JobExited;
import org.harrier.protocol.scheduler.JobStarted;
import org.harrier.protocol.scheduler.JobUsage;
import org.harrier.protocol.scheduler.ReadFile;

/**
 * A stand-in scheduler object on a test's own agent that holds one checkpoint of one file and
 * serves it the way the real scheduler does, through the method records (GetCheckpoint, then a
 * CheckpointIn transfer: BeginTransfer, ReadFile, EndTransfer), and records the
 * JobStarted/JobExited reports. Its BeginTransfer answers only once the test completes
 * {@link #transferMayBegin} (a latch: the restore is in progress, deterministically, for as long
 * as the test likes), or fails it with TRANSFER_FAILED; {@link #transferAsked} completes when
 * the starter has asked.
 */
final class CheckpointingScheduler implements ManagedObject {
    private final ObjectId id;
    private final String file;
    private final byte[] content;
    private final MethodTable methods;
    final BlockingQueue<RecordingScheduler.Call> reports = new LinkedBlockingQueue<>();
    final CompletableFuture<Void> transferAsked = new CompletableFuture<>();
    final CompletableFuture<Void> transferMayBegin = new CompletableFuture<>();

    CheckpointingScheduler(String name, String file, byte[] content) {
        this.id = ObjectId.grid("scheduler", name);
        this.file = file;
        this.content = content.clone();
        this.methods = new MethodTable("scheduler", QmfException::unexpected)
                .on(JobStarted.METHOD, (q, c) -> {
                    reports.add(new RecordingScheduler.Call(q));
                    return done();
                })
                .on(JobExited.METHOD, (q, c) -> {
                    reports.add(new RecordingScheduler.Call(q));
                    return done();
                })
                .on(JobUsage.METHOD, (q, c) -> done())
                .on(GetCheckpoint.METHOD, (q, c) -> CompletableFuture.completedFuture(
                        new GetCheckpoint.Checkpoint(1, List.of(new GetCheckpoint.File(file, content.length)))))
                .on(BeginTransfer.METHOD, (q, c) -> {
                    transferAsked.complete(null);
                    return transferMayBegin.thenApply(v -> new BeginTransfer.Begun("t1", content.length));
                })
                .on(ReadFile.METHOD, (q, c) -> CompletableFuture.completedFuture(read(q)))
                .on(EndTransfer.METHOD, (q, c) -> CompletableFuture.completedFuture(new EndTransfer.Ended(content.length)));
    }

    private static CompletionStage<Done> done() {
        return CompletableFuture.completedFuture(Done.DONE);
    }

    private ReadFile.Chunk read(ReadFile q) {
        int offset = (int) q.offset();
        int length = (int) Math.min(q.length(), content.length - offset);
        return new ReadFile.Chunk(Arrays.copyOfRange(content, offset, offset + length));
    }

    @Override
    public ObjectId id() {
        return id;
    }

    @Override
    public Map<String, Object> values() {
        return Map.of("Name", id.key());
    }

    @Override
    public MethodTable methods() {
        return methods;
    }

    /** Fails the paused BeginTransfer as a scheduler that lost the checkpoint would. */
    void refuseTransfer() {
        transferMayBegin.completeExceptionally(new QmfException(QmfException.TRANSFER_FAILED, "checkpoint 1 is gone"));
    }

    RecordingScheduler.Call next() throws InterruptedException {
        RecordingScheduler.Call c = reports.poll(20, TimeUnit.SECONDS);
        if (c == null) {
            throw new AssertionError("no report within 20 s");
        }
        return c;
    }
}
