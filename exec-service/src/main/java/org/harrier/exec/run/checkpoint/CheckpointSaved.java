package org.harrier.exec.run.checkpoint;

/**
 * A checkpoint saved: its number (the job's NumCkpts once it counts; 1 for the first), how many
 * files and bytes it holds, and how long saving took (seconds, for LastCheckpointDuration).
 */
public record CheckpointSaved(long number, int files, long bytes, double seconds) {
    public CheckpointSaved {
        if (number < 1 || files < 0 || bytes < 0 || seconds < 0) {
            throw new IllegalArgumentException("a saved checkpoint has a number from 1 and no negative counts: "
                    + number + ", " + files + " files, " + bytes + " bytes, " + seconds + " s");
        }
    }
}
