package org.harrier.exec.run.checkpoint;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a job's checkpoints go and come back from: the one seam between the starter and how
 * the bytes travel. {@link SpoolCheckpointStore} copies straight into the scheduler's spool when
 * the exec and submit side share a file system (the personal grid); a store over the bus
 * (file transfer in chunks) plugs in here for machines that do not.
 *
 * <p>Both methods block for the copy; the startd calls them off its owner thread for saves.
 * Failures are {@link CheckpointException}s naming the job and the file.
 */
public interface CheckpointStore {
    /**
     * Saves {@code files} (paths relative to {@code workDir}) as the job's checkpoint, replacing
     * the previous one atomically: a crash during the save leaves the previous checkpoint whole.
     */
    CheckpointSaved save(CheckpointPlan plan, Path workDir, List<Path> files);

    /**
     * Copies the job's last checkpoint into {@code workDir} (files it holds are replaced); the
     * bytes restored, 0 when the job has no checkpoint.
     */
    long restore(CheckpointPlan plan, Path workDir);
}
