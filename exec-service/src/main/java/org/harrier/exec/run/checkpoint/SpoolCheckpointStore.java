package org.harrier.exec.run.checkpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.harrier.rules.CheckpointLayout;
import org.harrier.rules.FileTrees;
import java.util.stream.Stream;

/**
 * Checkpoints copied straight into the scheduler's spool, for an exec service that shares the
 * scheduler's file system (the personal grid). Layout, per job:
 *
 * <pre>
 * &lt;SpoolDir&gt;/&lt;cluster&gt;/&lt;proc&gt;/checkpoint       symbolic link to the current one
 * &lt;SpoolDir&gt;/&lt;cluster&gt;/&lt;proc&gt;/checkpoint.&lt;N&gt;   checkpoint N, its files under their relative paths
 * </pre>
 *
 * A save writes {@code checkpoint.<N>} completely (each file forced to disk), then points
 * {@code checkpoint} at it with one rename(2) of a new link over the old one
 * ({@link CheckpointLayout#makeCurrent}, which the scheduler uses too), then deletes the
 * previous directory: a crash at any moment leaves {@code checkpoint} naming a whole checkpoint
 * (the old one until the rename). Leftovers of an interrupted save are removed by the next.
 * Stateless; safe from any thread, though saves of one job must not overlap (the startd runs
 * one job at a time per claim, and a job on one claim at a time).
 */
public final class SpoolCheckpointStore implements CheckpointStore {
    static final String CURRENT = CheckpointLayout.CURRENT;

    @Override
    public CheckpointSaved save(CheckpointPlan plan, Path workDir, List<Path> files) {
        long start = System.nanoTime();
        Path jobDir = jobDir(plan);
        long number = Math.max(plan.saved(), current(jobDir)) + 1;
        try {
            Files.createDirectories(jobDir);
            Path target = jobDir.resolve(CURRENT + "." + number);
            FileTrees.delete(target);
            Files.createDirectory(target);
            long bytes = 0;
            for (Path f : files) {
                bytes += copyForced(workDir.resolve(f), target.resolve(f.toString()));
            }
            CheckpointLayout.makeCurrent(jobDir, target);
            return new CheckpointSaved(number, files.size(), bytes, (System.nanoTime() - start) / 1e9);
        } catch (IOException | UncheckedIOException e) {
            throw new CheckpointException("saving checkpoint " + number + " of job " + plan.jobId() + " to " + jobDir
                    + " failed: " + e.getMessage());
        }
    }

    @Override
    public long restore(CheckpointPlan plan, Path workDir) {
        Path current = jobDir(plan).resolve(CURRENT);
        if (!Files.isDirectory(current)) {
            return 0;
        }
        try (Stream<Path> walk = Files.walk(current.toRealPath())) {
            Path root = current.toRealPath();
            long bytes = 0;
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path to = workDir.resolve(root.relativize(p).toString());
                Files.createDirectories(to.getParent());
                Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                bytes += Files.size(to);
            }
            return bytes;
        } catch (IOException | UncheckedIOException e) {
            throw new CheckpointException("restoring the checkpoint of job " + plan.jobId() + " from " + current
                    + " failed: " + e.getMessage());
        }
    }

    static long current(Path jobDir) {
        return CheckpointLayout.current(jobDir);
    }

    /** {@code <SpoolDir>/<cluster>/<proc>}; a job whose ad has no SpoolDir cannot be checkpointed here. */
    static Path jobDir(CheckpointPlan plan) {
        if (plan.spool() == null) {
            throw new CheckpointException("job " + plan.jobId() + " has no SpoolDir: its scheduler does not share "
                    + "a file system with this exec service");
        }
        if (!Files.isDirectory(plan.spool())) {
            // Never create the scheduler's spool here: on another file system it would be a local copy nobody restores.
            throw new CheckpointException("SpoolDir " + plan.spool() + " of job " + plan.jobId() + " is not a directory"
                    + " here: this exec service does not share the scheduler's file system");
        }
        String[] id = plan.jobId().split("\\.");
        if (id.length != 2) {
            throw new CheckpointException("job id " + plan.jobId() + " is not cluster.proc");
        }
        return plan.spool().resolve(id[0]).resolve(id[1]);
    }

    private static long copyForced(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
                FileChannel out = FileChannel.open(to, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long size = in.size();
            long done = 0;
            while (done < size) {
                long n = in.transferTo(done, size - done, out);
                if (n <= 0) {
                    break; // the file shrank while we copied; what was there is the checkpoint
                }
                done += n;
            }
            out.force(true);
            return done;
        } catch (FileAlreadyExistsException e) {
            throw new IOException("checkpoint file listed twice: " + to, e);
        }
    }
}
