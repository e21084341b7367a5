package org.harrier.scheduler.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.rules.FileTrees;
import org.harrier.scheduler.SchedulerStatistics;
import org.harrier.scheduler.ScheddEvents;
import org.harrier.scheduler.SubmitterCounts;
import org.harrier.scheduler.queue.JobId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checkpoints startds save into the spool ({@code <spool>/<cluster>/<proc>/checkpoint*},
 * docs/protocols.md, "Checkpoints and vacate") go when their job leaves the queue (completed or
 * removed), and the cluster's directory with its last job. Deletion runs on a thread of its own
 * ("harrier-spool-cleaner"), never on the scheduler's owner thread; a failure is logged.
 */
public final class CheckpointSpool implements ScheddEvents, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointSpool.class);

    private final Path spool;
    private final ExecutorService cleaner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "harrier-spool-cleaner");
        t.setDaemon(true);
        return t;
    });

    public CheckpointSpool(Path spool) {
        this.spool = spool.toAbsolutePath();
    }

    /** Where job {@code id}'s checkpoints live. */
    public Path jobDir(JobId id) {
        return spool.resolve(Integer.toString(id.cluster())).resolve(Integer.toString(id.proc()));
    }

    @Override
    public void jobLeft(JobId id, ClassAd finalAd) {
        Path dir = jobDir(id);
        cleaner.execute(() -> {
            // A transfer thread may be deleting a superseded checkpoint in there too (JobSpool.removeSuperseded):
            // a file gone is skipped, and a walk that met a directory going is walked again.
            for (int attempt = 1;; attempt++) {
                try {
                    delete(dir);
                    return;
                } catch (IOException | UncheckedIOException e) {
                    if (attempt == 3) {
                        LOG.warn("cannot delete the checkpoints of job {} in {}: {}", id, dir, e.toString());
                        return;
                    }
                }
            }
        });
    }

    private static void delete(Path dir) throws IOException {
        FileTrees.delete(dir);
        try (Stream<Path> left = Files.exists(dir.getParent()) ? Files.list(dir.getParent()) : Stream.empty()) {
            if (Files.exists(dir.getParent()) && left.findAny().isEmpty()) {
                Files.deleteIfExists(dir.getParent());
            }
        }
    }

    @Override
    public void jobQueued(JobId id, ClassAd ad) {
    }

    @Override
    public void jobChanged(JobId id, ClassAd before, ClassAd ad) {
    }

    @Override
    public void submitterChanged(SubmitterCounts counts) {
    }

    @Override
    public void statisticsChanged(SchedulerStatistics statistics) {
    }

    @Override
    public void close() {
        cleaner.shutdown();
    }
}
