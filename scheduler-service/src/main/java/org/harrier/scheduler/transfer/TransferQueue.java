package org.harrier.scheduler.transfer;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;

/**
 * HTCondor's transfer queue for one direction: at most {@code limit} transfers at once
 * (MAX_CONCURRENT_UPLOADS for inputs, MAX_CONCURRENT_DOWNLOADS for outputs, in HTCondor's
 * words from the submit side; 0 means no limit); the rest wait, first come first served,
 * instead of failing. Thread-safe (its own monitor); futures complete outside it.
 */
final class TransferQueue {
    private final int limit;
    private final Deque<CompletableFuture<Void>> waiting = new ArrayDeque<>();
    private int active;

    TransferQueue(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("a transfer limit must be 0 (none) or more, got " + limit);
        }
        this.limit = limit;
    }

    /** Completes when the transfer may run; each completion must be matched by one {@link #done}. */
    CompletableFuture<Void> enter() {
        CompletableFuture<Void> turn = new CompletableFuture<>();
        synchronized (this) {
            if (limit != 0 && active >= limit) {
                waiting.add(turn);
                return turn;
            }
            active++;
        }
        turn.complete(null);
        return turn;
    }

    /** A running transfer ended: the first waiting one (if any) runs in its place. */
    void done() {
        CompletableFuture<Void> next;
        synchronized (this) {
            next = waiting.poll();
            if (next == null) {
                active = Math.max(0, active - 1);
                return;
            }
        }
        next.complete(null);
    }

    synchronized int active() {
        return active;
    }

    synchronized int waiting() {
        return waiting.size();
    }
}
