package org.harrier.console.submit;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.ClassAd;

/**
 * Self-checkpointing jobs' submit commands (HTCondor's "Self-Checkpointing Applications"):
 * {@code checkpoint_exit_code} becomes {@code CheckpointExitCode} (0 to 255: an exit status), the
 * exit with which the job says "I wrote a checkpoint: save it and start me again";
 * {@code transfer_checkpoint_files}, a comma-separated list of files or directories inside the
 * job's working directory, becomes {@code TransferCheckpoint} (comma-joined). Without it the
 * checkpoint is the whole working directory but the executable, stdio and log (docs/protocols.md,
 * "Checkpoints and vacate").
 */
final class CheckpointSteps {
    private CheckpointSteps() {
    }

    static void step(ProcCommands c, ClassAd.Builder ad) {
        long code = c.integer("checkpoint_exit_code", -1);
        if (c.text("checkpoint_exit_code") != null) {
            if (code < 0 || code > 255) {
                throw c.error("checkpoint_exit_code", "checkpoint_exit_code = " + code
                        + " is not an exit status (0 to 255)");
            }
            ad.set("CheckpointExitCode", code);
        }
        String files = c.text("transfer_checkpoint_files");
        if (files != null) {
            List<String> names = new ArrayList<>();
            for (String f : files.split(",")) {
                if (!f.isBlank()) {
                    names.add(inside(c, f.strip()));
                }
            }
            if (names.isEmpty()) {
                throw c.error("transfer_checkpoint_files", "transfer_checkpoint_files names no file");
            }
            ad.set("TransferCheckpoint", String.join(",", names));
        }
    }

    private static String inside(ProcCommands c, String name) {
        try {
            Path p = Path.of(name);
            if (!p.isAbsolute() && !p.normalize().startsWith("..")) {
                return name;
            }
        } catch (InvalidPathException e) {
            // reported below
        }
        throw c.error("transfer_checkpoint_files", "checkpoint file " + name
                + " must be a relative path inside the job's working directory");
    }
}
