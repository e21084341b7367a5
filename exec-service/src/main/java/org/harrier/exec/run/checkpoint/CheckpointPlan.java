package org.harrier.exec.run.checkpoint;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;

/**
 * What a self-checkpointing job's ad says about its checkpoints (HTCondor's
 * "Self-Checkpointing Applications"): the exit code that means "I have written a checkpoint,
 * save it and start me again" ({@code CheckpointExitCode}, condor_submit's
 * {@code checkpoint_exit_code}), the files that make up the checkpoint ({@code TransferCheckpoint},
 * from {@code transfer_checkpoint_files}; empty: the default, see {@link CheckpointFiles}), where
 * the scheduler keeps checkpoints ({@code SpoolDir}, added by the scheduler to the ad it activates)
 * and how many the job has saved so far ({@code NumCkpts}). Pure: reading the ad decides nothing
 * else; a job without CheckpointExitCode has no plan.
 */
public record CheckpointPlan(String jobId, int exitCode, List<String> files, Path spool, long saved) {
    public static final String EXIT_CODE = "CheckpointExitCode";
    public static final String FILES = "TransferCheckpoint";
    public static final String SPOOL = "SpoolDir";
    public static final String NUM_CKPTS = "NumCkpts";

    public CheckpointPlan {
        Objects.requireNonNull(jobId, "jobId");
        files = List.copyOf(files);
        for (String f : files) {
            if (f.isEmpty() || Path.of(f).isAbsolute() || Path.of(f).normalize().startsWith("..")) {
                throw new IllegalArgumentException("checkpoint file '" + f
                        + "' must be a path inside the job's working directory");
            }
        }
        if (saved < 0) {
            throw new IllegalArgumentException("checkpoints saved cannot be negative: " + saved);
        }
    }

    /**
     * The plan of job {@code jobId}, empty when its ad has no integer CheckpointExitCode.
     * IllegalArgumentException names a TransferCheckpoint that is not a list of relative paths.
     */
    public static Optional<CheckpointPlan> of(String jobId, ClassAd job) {
        if (!(job.evaluate(EXIT_CODE) instanceof IntegerValue code)) {
            return Optional.empty();
        }
        List<String> files = new ArrayList<>();
        Value list = job.evaluate(FILES);
        if (list instanceof StringValue s) {
            for (String f : s.value().split("[,\\s]+")) {
                if (!f.isEmpty()) {
                    files.add(f);
                }
            }
        } else if (!(list instanceof UndefinedValue)) {
            throw new IllegalArgumentException(FILES + " must be a string listing files, got " + list.unparse());
        }
        Path spool = null;
        if (job.evaluate(SPOOL) instanceof StringValue s && !s.value().isEmpty()) {
            try {
                spool = Path.of(s.value());
            } catch (InvalidPathException e) {
                throw new IllegalArgumentException(SPOOL + " is not a path: " + e.getMessage());
            }
        }
        long saved = job.evaluate(NUM_CKPTS) instanceof IntegerValue n ? Math.max(0, n.value()) : 0;
        return Optional.of(new CheckpointPlan(jobId, (int) code.value(), files, spool, saved));
    }

    /** True when a process that ended so is asking for a checkpoint: it exited (no signal) with the code. */
    public boolean isCheckpoint(boolean exitBySignal, int exitCode) {
        return !exitBySignal && exitCode == this.exitCode;
    }
}
