package org.harrier.broker;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * A personal grid's broker that comes back by itself. Artemis stops a broker whose journal it
 * cannot write (a full disk); the grid's services keep running and reconnect on their own, so
 * this starts the broker again on the same data directory and port once the disk has room
 * ({@link DiskRoom}). Nothing acknowledged is lost: the journal had every acknowledged message
 * on disk before the failure, and the new broker reads it.
 *
 * <p>Thread safety: {@link #current} is replaced only by the recovery thread and read by anyone;
 * {@link #close()} may be called from any thread, a shutdown hook included.
 */
public final class RecoveringBroker implements AutoCloseable {
    private static final Duration RETRY = Duration.ofSeconds(1);

    private final BrokerSettings settings;
    private final Consumer<String> log;
    private volatile GridBroker current;
    private volatile boolean closed;

    private RecoveringBroker(BrokerSettings settings, GridBroker first, Consumer<String> log) {
        this.settings = settings;
        this.current = first;
        this.log = log;
    }

    /** Starts the broker; {@code log} hears of each failure and recovery, in one line. */
    public static RecoveringBroker start(BrokerSettings settings, Consumer<String> log) {
        GridBroker first = GridBroker.start(settings);
        // A port chosen by the system is kept, so clients find the broker where it was.
        RecoveringBroker broker = new RecoveringBroker(settings.withPort(first.port()), first, log);
        broker.watch(first);
        return broker;
    }

    public GridBroker current() {
        return current;
    }

    public String url() {
        return current.url();
    }

    public String clientUrl(String user) {
        return current.clientUrl(user);
    }

    public String clientUrl() {
        return current.clientUrl();
    }

    private void watch(GridBroker broker) {
        broker.failure().thenAccept(reason -> {
            if (closed) {
                return;
            }
            log.accept("the broker stopped: " + reason + "; it starts again when " + settings.dataDirectory()
                    + " has room (at least " + DiskRoom.MIN_FREE_BYTES / (1024 * 1024) + " MiB free and under "
                    + DiskRoom.MAX_USED_PERCENT + "% used)");
            Thread t = new Thread(() -> recover(broker), "harrier-broker-recovery");
            t.setDaemon(true);
            t.start();
        });
    }

    private void recover(GridBroker failed) {
        while (failed.artemisStarted() && !closed) {
            pause(); // Artemis stops the server on a thread of its own; the lock is released after
        }
        failed.stop();
        while (!closed) {
            if (DiskRoom.at(settings.dataDirectory())) {
                try {
                    GridBroker next = GridBroker.start(settings);
                    synchronized (this) {
                        if (closed) {
                            next.stop();
                            return;
                        }
                        current = next;
                    }
                    log.accept("the broker is running again at " + next.url());
                    watch(next);
                    return;
                } catch (BrokerException e) {
                    log.accept("the broker could not start again yet: " + e.getMessage());
                }
            }
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        current.stop();
    }
}
