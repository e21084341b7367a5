package org.harrier.benchmarks.grid;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.harrier.bus.Bus;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.scheduler.Submit;

/**
 * Clients that each submit one job per {@code Submit} call, as {@code condor_submit} run once per
 * job would, on a schedule: together {@code perSecond} calls a second for a window, call {@code i}
 * (of all clients, taken in turn) due at {@code i / perSecond} seconds. A client whose answer
 * comes late calls again at once, so the clients keep the offered rate as long as the scheduler
 * answers fast enough, and fall behind (a lower {@link Window#submittedPerSecond}) when it does
 * not. Each client has a connection of its own, as separate users' commands would.
 *
 * <p>Threads: one per client, each owning its slice of the latencies; the caller's thread reads
 * them only after joining every client.
 */
final class PacedSubmitters {
    private PacedSubmitters() {
    }

    /**
     * What the window did: when it began, when the last answer came, how many jobs were queued,
     * and each call's time from Submit to its answer, sorted.
     */
    record Window(long startNanos, long lastAnswerNanos, int submitted, long[] sortedLatencyNanos) {
        Window {
            if (submitted != sortedLatencyNanos.length) {
                throw new IllegalArgumentException("one latency per submitted job: " + submitted + " jobs, "
                        + sortedLatencyNanos.length + " latencies");
            }
        }

        double submittedPerSecond() {
            return submitted / ((lastAnswerNanos - startNanos) / 1e9);
        }

        /** The {@code q}-th quantile (0 < q <= 1) by nearest rank, in milliseconds. */
        double latencyMillis(double q) {
            int rank = (int) Math.ceil(q * sortedLatencyNanos.length);
            return sortedLatencyNanos[Math.max(0, Math.min(sortedLatencyNanos.length - 1, rank - 1))] / 1e6;
        }
    }

    static Window run(MeasuredGrid grid, ClassAd ad, int clients, double perSecond, Duration window)
            throws IOException, InterruptedException {
        long calls = Math.max(1, (long) Math.floor(perSecond * window.toNanos() / 1e9));
        long interval = Math.round(1e9 / perSecond);
        List<Bus> buses = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long[][] latencies = new long[clients][];
        long[] lastAnswer = new long[clients];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try {
            List<Scheduler> schedulers = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                Bus bus = grid.connect();
                buses.add(bus);
                schedulers.add(Scheduler.find(bus.console()));
            }
            long start = System.nanoTime();
            for (int c = 0; c < clients; c++) {
                int client = c;
                Thread t = new Thread(() -> {
                    long[] mine = new long[(int) ((calls - client + clients - 1) / clients)];
                    int n = 0;
                    for (long i = client; i < calls; i += clients) {
                        long due = start + i * interval;
                        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                            LockSupport.parkNanos(wait);
                        }
                        long t0 = System.nanoTime();
                        schedulers.get(client).call(new Submit(ad));
                        lastAnswer[client] = System.nanoTime();
                        mine[n++] = lastAnswer[client] - t0;
                    }
                    latencies[client] = Arrays.copyOf(mine, n);
                }, "submitter-" + c);
                t.setUncaughtExceptionHandler((thread, e) -> failure.compareAndSet(null, e));
                t.start();
                threads.add(t);
            }
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a submitting client failed: " + failure.get(), failure.get());
            }
            long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
            return new Window(start, Arrays.stream(lastAnswer).max().orElse(start), all.length, all);
        } finally {
            for (Bus bus : buses) {
                bus.close();
            }
        }
    }
}
