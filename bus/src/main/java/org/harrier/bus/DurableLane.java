package org.harrier.bus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The persistent one-way requests ({@link Console#sendDurable}) of one console to one agent, in
 * the order they were given, with one message at a time on its way to the broker. A report
 * given while the one before is not yet on the broker's disk waits, and every report waiting
 * when the broker confirms leaves together in the next message: a list of method requests
 * (docs/protocols.md, "Reports in one message"), which the agent runs in order and acknowledges
 * once all are done. So a startd whose jobs end faster than the broker's journal flushes sends
 * one message per flush instead of one per exit, and a report waits for at most one flush: the
 * broker gathers writes for half a millisecond before each (broker.xml, journal-buffer-timeout).
 * A report given while nothing is on its way leaves at once, as a plain method request.
 *
 * <p>What the agent sees is what it would have seen from separate messages sent in the same
 * order: each report is applied once and must ignore a repeat, as before; a message the agent
 * dies in the middle of is delivered again whole.
 *
 * <p>Threads: any thread gives reports; the lane's state is guarded by its monitor; each message
 * is sent by {@link DurableSend} (on the outbox, repeats on the bus timer), and the next one is
 * handed over from the thread that learnt the previous one was taken.
 */
final class DurableLane {
    /** Reports in one message at most: an exit report is well under a kilobyte, the broker takes 16 MiB. */
    static final int MOST_PER_MESSAGE = 64;

    private final Bus bus;
    private final Function<Object, Envelope> request;
    private final ArrayDeque<Report> waiting = new ArrayDeque<>();
    private boolean sending;

    /** {@code request} makes the message for a body: one method request's map, or a list of them. */
    DurableLane(Bus bus, Function<Object, Envelope> request) {
        this.bus = bus;
        this.request = request;
    }

    private record Report(Map<String, Object> body, String method, CompletableFuture<Void> taken) {
    }

    /** Queues one method request's body; the future completes when the broker has it on disk. */
    CompletableFuture<Void> send(Map<String, Object> body, String method) {
        Report report = new Report(body, method, new CompletableFuture<>());
        List<Report> now;
        synchronized (this) {
            waiting.add(report);
            if (sending) {
                return report.taken();
            }
            sending = true;
            now = nextMessage();
        }
        deliver(now);
        return report.taken();
    }

    /** The reports of the next message, oldest first; holding the monitor. */
    private List<Report> nextMessage() {
        List<Report> reports = new ArrayList<>(Math.min(waiting.size(), MOST_PER_MESSAGE));
        while (!waiting.isEmpty() && reports.size() < MOST_PER_MESSAGE) {
            reports.add(waiting.poll());
        }
        return reports;
    }

    private void deliver(List<Report> reports) {
        Object body = reports.size() == 1 ? reports.get(0).body() : reports.stream().map(Report::body).toList();
        String what = reports.size() == 1 ? reports.get(0).method() : reports.size() + " reports";
        DurableSend.untilTaken(bus, request.apply(body), what).whenComplete((v, failure) -> {
            for (Report r : reports) {
                if (failure == null) {
                    r.taken().complete(null);
                } else {
                    r.taken().completeExceptionally(failure);
                }
            }
            List<Report> next;
            synchronized (this) {
                if (waiting.isEmpty()) {
                    sending = false;
                    return;
                }
                next = nextMessage();
            }
            deliver(next);
        });
    }
}
