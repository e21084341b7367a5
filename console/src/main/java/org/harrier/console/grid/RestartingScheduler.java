package org.harrier.console.grid;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;
import org.harrier.broker.DiskRoom;
import org.harrier.scheduler.bus.SchedulerService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The personal grid's scheduler, started again from its spool after its job queue log stopped
 * (a full disk): the queue in memory is then ahead of the log, so the scheduler acknowledges
 * nothing more, and only a start from the log is sound. It is restarted once the spool's disk has
 * room ({@link DiskRoom}); every change it acknowledged is in the log, so nothing is lost.
 *
 * <p>Thread safety: {@link #current} is replaced only by the restart thread; {@link #close()} may
 * be called from any thread.
 */
final class RestartingScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestartingScheduler.class);
    private static final Duration RETRY = Duration.ofSeconds(1);

    private final Supplier<SchedulerService> start;
    private final Path spool;
    private volatile SchedulerService current;
    private volatile boolean closed;

    private RestartingScheduler(Supplier<SchedulerService> start, Path spool) {
        this.start = start;
        this.spool = spool;
    }

    static RestartingScheduler start(Supplier<SchedulerService> start, Path spool) {
        RestartingScheduler s = new RestartingScheduler(start, spool);
        s.current = start.get();
        s.watch(s.current);
        return s;
    }

    private void watch(SchedulerService service) {
        service.journalFailure().thenAccept(error -> {
            if (closed) {
                return;
            }
            LOG.warn("the scheduler's job queue log stopped ({}); it starts again from {} when the disk has room",
                    error.getMessage(), spool);
            Thread t = new Thread(() -> restart(service), "harrier-scheduler-restart");
            t.setDaemon(true);
            t.start();
        });
    }

    private void restart(SchedulerService failed) {
        while (!closed && !DiskRoom.at(spool)) {
            try {
                Thread.sleep(RETRY.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            failed.abandon(); // its jobs keep running; the next scheduler reconnects to them
            current = start.get();
            LOG.warn("the scheduler is running again from {}", spool);
            watch(current);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        current.close();
    }
}
