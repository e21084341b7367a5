package org.harrier.exec.run.checkpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.harrier.exec.run.transfer.SandboxTransfer;
import org.harrier.exec.run.transfer.TransferException;
import org.harrier.protocol.scheduler.GetCheckpoint;

/**
 * Checkpoints that travel over the bus, for a job whose exec service does not share the
 * scheduler's spool (docs/protocols.md, "Checkpoints and vacate" and "File transfer"): a save
 * sends each file as a CheckpointOut transfer, which the scheduler stages in
 * {@code checkpoint.<N>.partial}; the JobCheckpointed report that follows makes it the current
 * checkpoint there, with the same atomic link swap as the spool copy, so a save cut short leaves
 * the previous checkpoint whole. A restore asks GetCheckpoint for the current one and fetches its
 * files with CheckpointIn transfers. One store per job run: it knows the job's claim, which the
 * scheduler checks on every transfer. Blocking; called on a checkpoint or sandbox thread.
 */
public final class BusCheckpointStore implements CheckpointStore {
    private final SandboxTransfer transfer;
    private final SandboxTransfer.Endpoint endpoint;

    public BusCheckpointStore(SandboxTransfer transfer, SandboxTransfer.Endpoint endpoint) {
        this.transfer = Objects.requireNonNull(transfer, "transfer");
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    }

    @Override
    public CheckpointSaved save(CheckpointPlan plan, Path workDir, List<Path> files) {
        long start = System.nanoTime();
        long number = plan.saved() + 1;
        try {
            // Past the spool's current one too: NumCkpts lags when a report was not applied yet.
            number = Math.max(plan.saved(), transfer.checkpoint(endpoint).number()) + 1;
            long bytes = 0;
            for (Path f : files) {
                bytes += transfer.uploadCheckpoint(endpoint, workDir.resolve(f), number, wireName(f));
            }
            return new CheckpointSaved(number, files.size(), bytes, (System.nanoTime() - start) / 1e9);
        } catch (TransferException e) {
            throw new CheckpointException("sending checkpoint " + number + " of job " + plan.jobId()
                    + " over the bus failed: " + e.getMessage());
        }
    }

    @Override
    public long restore(CheckpointPlan plan, Path workDir) {
        try {
            GetCheckpoint.Checkpoint current = transfer.checkpoint(endpoint);
            long bytes = 0;
            for (GetCheckpoint.File f : current.files()) {
                Path to = inside(workDir, f.name());
                Files.createDirectories(to.getParent());
                bytes += transfer.downloadCheckpoint(endpoint, current.number(), f.name(), to);
            }
            return bytes;
        } catch (TransferException | IOException e) {
            throw new CheckpointException("fetching the checkpoint of job " + plan.jobId() + " over the bus failed: "
                    + e.getMessage());
        }
    }

    /** A checkpoint file's name on the wire: its relative path with '/' between the parts. */
    static String wireName(Path relative) {
        StringBuilder b = new StringBuilder();
        for (Path part : relative) {
            b.append(b.isEmpty() ? "" : "/").append(part);
        }
        return b.toString();
    }

    /** Where a file of the checkpoint goes: inside {@code workDir}, whatever the scheduler answered. */
    static Path inside(Path workDir, String name) {
        Path to = workDir.resolve(name).normalize();
        if (name.isEmpty() || Path.of(name).isAbsolute() || !to.startsWith(workDir.normalize()) || to.equals(workDir.normalize())) {
            throw new CheckpointException("checkpoint file '" + name + "' is not a path inside " + workDir);
        }
        return to;
    }
}
