package org.harrier.bus;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A persistent one-way request ({@link Console#sendDurable}) sent until the broker has it: a send
 * the broker did not confirm (it died before the message was on disk, or while the confirmation
 * was on its way; Qpid JMS's failover then fails the send rather than repeat it) is sent again
 * after a pause (100 ms, doubling up to 5 s) for as long as the bus is open. A report is thus
 * never dropped, and may arrive twice, which its receiver ignores: the reason sendDurable is for
 * idempotent reports only. The future fails only once the bus is closed.
 *
 * <p>Threads: each attempt is handed to the outbox; a repeat is scheduled on the bus timer.
 */
final class DurableSend {
    private static final Logger LOG = LoggerFactory.getLogger(DurableSend.class);
    private static final long MAX_PAUSE_MILLIS = 5_000;

    private final Bus bus;
    private final Envelope request;
    private final String method;
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    private DurableSend(Bus bus, Envelope request, String method) {
        this.bus = bus;
        this.request = request;
        this.method = method;
    }

    static CompletableFuture<Void> untilTaken(Bus bus, Envelope request, String method) {
        DurableSend s = new DurableSend(bus, request, method);
        s.attempt(0);
        return s.done;
    }

    /** The pause before the repeat that follows {@code failures} unconfirmed sends. */
    static long pauseMillis(int failures) {
        return Math.min(MAX_PAUSE_MILLIS, 100L << Math.min(failures, 6));
    }

    private void attempt(int failures) {
        bus.outbox().send(request).whenComplete((v, failure) -> {
            if (failure == null) {
                done.complete(null);
                return;
            }
            long pause = pauseMillis(failures);
            LOG.info("{} to {} not confirmed by the broker ({}); sending it again in {} ms", method, request.address(),
                    failure.getMessage(), pause);
            try {
                bus.timer().schedule(() -> attempt(failures + 1), pause, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closed) {
                done.completeExceptionally(failure);
            }
        });
    }
}
