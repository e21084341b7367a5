package org.harrier.exec.bus;

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
import org.harrier.protocol.method.Request;
import org.harrier.protocol.scheduler.JobExited;
import org.harrier.protocol.scheduler.JobStarted;
import org.harrier.protocol.scheduler.JobUsage;

/**
 * A stand-in scheduler object a test hosts on its own agent: it serves JobStarted, JobExited
 * and JobUsage through their method records, as the real scheduler does (so a report it could
 * not read never arrives), and records them in arrival order.
 */
final class RecordingScheduler implements ManagedObject {
    /** A report as the scheduler read it; {@link #arguments} is the same report as it travels. */
    record Call(Request<Done> report) {
        String method() {
            return report.method().name();
        }

        Map<String, Object> arguments() {
            return report.method().writeRequest(report);
        }
    }

    private final ObjectId id;
    private final MethodTable methods;
    final BlockingQueue<Call> calls = new LinkedBlockingQueue<>();

    RecordingScheduler(String name) {
        this.id = ObjectId.grid("scheduler", name);
        this.methods = new MethodTable("scheduler", QmfException::unexpected)
                .on(JobStarted.METHOD, (q, c) -> recorded(q))
                .on(JobExited.METHOD, (q, c) -> recorded(q))
                .on(JobUsage.METHOD, (q, c) -> recorded(q));
    }

    private CompletionStage<Done> recorded(Request<Done> report) {
        calls.add(new Call(report));
        return CompletableFuture.completedFuture(Done.DONE);
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

    Call next() throws InterruptedException {
        Call c = calls.poll(20, TimeUnit.SECONDS);
        if (c == null) {
            throw new AssertionError("no report within 20 s");
        }
        return c;
    }
}
