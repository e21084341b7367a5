package org.harrier.bus;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

import org.harrier.protocol.ClassSchema;
import org.harrier.protocol.ObjectId;

/**
 * The data indications an agent has yet to send, gathered so that a busy agent sends a few
 * messages a second per class instead of one per change (a scheduler running 200 jobs a second
 * changes 600 job objects a second; QMF's {@code _data_indication} body is a list for exactly
 * this). The first change of a class after a quiet spell leaves at once, so a lone change is
 * not delayed; changes within the next {@link #LINGER} (for jobs; {@link #DAEMON_LINGER} for
 * daemon ads and statistics, which consoles and the collector only need the gist of) leave
 * together when it ends.
 *
 * <p>Within a class, objects leave in the order of their changes. An object whose changes
 * coalesce (daemon ads, statistics: only the latest matters) keeps just its newest pending
 * snapshot; one that keeps every change (a job: each is a status change a console may be
 * waiting for) keeps them all, except that a deletion replaces a pending snapshot with the
 * same values: it carries them, marked deleted.
 *
 * <p>Threads: any thread may {@link #add}; sends happen under this object's lock, so batches
 * reach the outbox in the order they were taken.
 */
final class Indications {
    /** How long changes of a class whose objects keep every change gather after a send. */
    static final Duration LINGER = Duration.ofMillis(20);
    /** The same for classes whose objects send only their latest state. */
    static final Duration DAEMON_LINGER = Duration.ofMillis(100);

    private final Later later;
    private final LongSupplier nanoTime;
    private final BiConsumer<ClassSchema, List<Map<String, Object>>> send;
    private final int page;
    private final Map<ClassSchema, Batch> batches = new HashMap<>();

    /** One class's pending snapshots, and when it last sent. */
    private static final class Batch {
        final List<Pending> items = new ArrayList<>();
        final Map<ObjectId, Pending> last = new HashMap<>();
        long sentNanos = Long.MIN_VALUE;
        long lingerNanos;
        boolean scheduled;
    }

    /** A snapshot waiting to leave; replaced in place when a newer one coalesces into it. */
    private static final class Pending {
        Map<String, Object> data;

        Pending(Map<String, Object> data) {
            this.data = data;
        }
    }

    /** Runs a task after a delay (the bus timer; a test steps it by hand). */
    interface Later {
        void run(Runnable task, long delayNanos);
    }

    /**
     * @param later     runs the send that ends a linger
     * @param nanoTime  the monotonic clock the linger is measured on
     * @param page      most snapshots per message
     * @param send      sends one message: a class and up to {@code page} object snapshots, in order
     */
    Indications(Later later, LongSupplier nanoTime, int page, BiConsumer<ClassSchema, List<Map<String, Object>>> send) {
        this.later = later;
        this.nanoTime = nanoTime;
        this.page = page;
        this.send = send;
    }

    /** Queues a snapshot of {@code id} (a map with {@code _values}), to leave now or when the linger ends. */
    synchronized void add(ClassSchema type, ObjectId id, Map<String, Object> data, boolean keepsEveryChange, boolean deleted) {
        Batch b = batches.computeIfAbsent(type, t -> new Batch());
        b.lingerNanos = (keepsEveryChange ? LINGER : DAEMON_LINGER).toNanos();
        Pending p = b.last.get(id);
        if (p != null && (!keepsEveryChange || deleted && p.data.get("_values").equals(data.get("_values")))) {
            p.data = data;
        } else {
            p = new Pending(data);
            b.items.add(p);
            b.last.put(id, p);
        }
        if (b.scheduled) {
            return;
        }
        long wait = b.sentNanos == Long.MIN_VALUE ? 0 : b.sentNanos + b.lingerNanos - nanoTime.getAsLong();
        if (wait <= 0) {
            sendNow(type, b);
        } else {
            b.scheduled = true;
            later.run(() -> sendScheduled(type), wait);
        }
    }

    /** Sends everything pending now (an agent closing). */
    synchronized void flush() {
        batches.forEach((type, b) -> {
            if (!b.items.isEmpty()) {
                sendNow(type, b);
            }
        });
    }

    private synchronized void sendScheduled(ClassSchema type) {
        Batch b = batches.get(type);
        b.scheduled = false;
        if (!b.items.isEmpty()) {
            sendNow(type, b);
        }
    }

    private void sendNow(ClassSchema type, Batch b) {
        List<Map<String, Object>> out = new ArrayList<>(Math.min(page, b.items.size()));
        for (Pending p : b.items) {
            out.add(p.data);
            if (out.size() == page) {
                send.accept(type, out);
                out = new ArrayList<>();
            }
        }
        if (!out.isEmpty()) {
            send.accept(type, out);
        }
        b.items.clear();
        b.last.clear();
        b.sentNanos = nanoTime.getAsLong();
    }
}
