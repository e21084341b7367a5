package org.harrier.scheduler.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.harrier.mgmt.CheckpointLayout;
import org.harrier.scheduler.queue.JobId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the transfers keep of a job in the scheduler's spool ({@code <spool>/<cluster>/<proc>}):
 * its checkpoints ({@link CheckpointLayout}). Stateless; blocking file I/O on the caller's thread.
 */
final class JobSpool {
    private static final Logger LOG = LoggerFactory.getLogger(JobSpool.class);

    private JobSpool() {
    }

    /** The current checkpoint in {@code jobDir}: its number (0: none) and its files' sizes by relative name. */
    static FileTransfers.Listing checkpoint(Path jobDir) throws IOException {
        long n = CheckpointLayout.current(jobDir);
        if (n == 0) {
            return new FileTransfers.Listing(0, Map.of());
        }
        return new FileTransfers.Listing(n, files(CheckpointLayout.numbered(jobDir, n)));
    }

    /** The regular files below {@code root} by relative name, with their sizes; empty when there is no {@code root}. */
    static Map<String, Long> files(Path root) throws IOException {
        Map<String, Long> files = new TreeMap<>();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                files.put(root.relativize(p).toString(), Files.size(p));
            }
        }
        return files;
    }

    /**
     * The staged directory {@code checkpoint.<number>.partial} becomes the current checkpoint
     * ({@link CheckpointLayout#commit}: atomic link swap, older ones removed). Nothing staged, a
     * number not beyond the current one: nothing changes. A failure is logged, as a failed save
     * at the starter is: the job goes on from the previous checkpoint. Returns whether it committed.
     */
    static boolean commitCheckpoint(Path jobDir, JobId id, long number) {
        try {
            return CheckpointLayout.commit(jobDir, number);
        } catch (IOException | RuntimeException e) {
            LOG.warn("job {}: checkpoint {} that came over the bus not committed in {}: {}", id, number, jobDir, e.toString());
            return false;
        }
    }
}
