package org.harrier.exec.bus;

import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.bus.RequestContext;
import org.harrier.bus.ManagedObject;
import org.harrier.protocol.ObjectId;
import org.harrier.bus.QmfException;

/**
 * A stand-in scheduler object on a test's own agent that holds one checkpoint of one file and
 * serves it the way the real scheduler does (GetCheckpoint, then a CheckpointIn transfer:
 * BeginTransfer, ReadFile, EndTransfer), and records the JobStarted/JobExited reports. Its
 * BeginTransfer answers only once the test completes {@link #transferMayBegin} (a latch: the
 * restore is in progress, deterministically, for as long as the test likes), or fails it with
 * TRANSFER_FAILED; {@link #transferAsked} completes when the starter has asked.
 */
final class CheckpointingScheduler implements ManagedObject {
    record Call(String method, Map<String, Object> arguments) {
    }

    private final ObjectId id;
    private final String file;
    private final byte[] content;
    final BlockingQueue<Call> reports = new LinkedBlockingQueue<>();
    final CompletableFuture<Void> transferAsked = new CompletableFuture<>();
    final CompletableFuture<Void> transferMayBegin = new CompletableFuture<>();

    CheckpointingScheduler(String name, String file, byte[] content) {
        this.id = ObjectId.grid("scheduler", name);
        this.file = file;
        this.content = content.clone();
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
    public CompletionStage<Map<String, Object>> invoke(String method, Map<String, Object> arguments, RequestContext caller) {
        switch (method) {
            case "JobStarted", "JobExited", "JobUsage" -> {
                if (!method.equals("JobUsage")) {
                    reports.add(new Call(method, arguments));
                }
                return CompletableFuture.completedFuture(Map.of());
            }
            case "GetCheckpoint" -> {
                return CompletableFuture.completedFuture(Map.of("CheckpointNumber", 1L,
                        "Files", List.of(Map.of("Name", file, "Size", (long) content.length))));
            }
            case "BeginTransfer" -> {
                transferAsked.complete(null);
                return transferMayBegin.thenApply(v -> Map.of("TransferId", "t1", "Size", (long) content.length));
            }
            case "ReadFile" -> {
                int offset = ((Number) arguments.get("Offset")).intValue();
                int length = Math.min(((Number) arguments.get("Length")).intValue(), content.length - offset);
                byte[] data = java.util.Arrays.copyOfRange(content, offset, offset + length);
                return CompletableFuture.completedFuture(Map.of("Data", data));
            }
            case "EndTransfer" -> {
                return CompletableFuture.completedFuture(Map.of("Bytes", (long) content.length));
            }
            default -> {
                return ManagedObject.super.invoke(method, arguments, caller);
            }
        }
    }

    /** Fails the paused BeginTransfer as a scheduler that lost the checkpoint would. */
    void refuseTransfer() {
        transferMayBegin.completeExceptionally(new QmfException(QmfException.TRANSFER_FAILED, "checkpoint 1 is gone"));
    }

    Call next() throws InterruptedException {
        Call c = reports.poll(20, TimeUnit.SECONDS);
        if (c == null) {
            throw new AssertionError("no report within 20 s");
        }
        return c;
    }
}
