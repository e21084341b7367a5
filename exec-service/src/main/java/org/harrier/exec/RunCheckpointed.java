package org.harrier.exec;

import java.util.Objects;

import org.harrier.exec.run.checkpoint.CheckpointSaved;
import org.harrier.exec.claim.ClaimRun;

/**
 * Job {@code jobId} on claim {@code claimId} exited with its CheckpointExitCode and its
 * checkpoint was saved (docs/protocols.md, "Checkpoints and vacate"): the scheduler records
 * NumCkpts = {@code number}, the size and how long the save took. {@code number} makes the
 * report idempotent: the scheduler applies it only when it is beyond the NumCkpts it has.
 */
public record RunCheckpointed(String jobId, String claimId, String scheduler, long number, long bytes, double seconds) {
    public RunCheckpointed {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(scheduler, "scheduler");
        if (number < 1 || bytes < 0 || seconds < 0) {
            throw new IllegalArgumentException("a checkpoint has a number from 1, and no negative size or duration: "
                    + number + ", " + bytes + " bytes, " + seconds + " s");
        }
    }

    public static RunCheckpointed of(ClaimRun run, String claimId, CheckpointSaved saved) {
        return new RunCheckpointed(run.jobId(), claimId, run.scheduler(), saved.number(), saved.bytes(), saved.seconds());
    }
}
