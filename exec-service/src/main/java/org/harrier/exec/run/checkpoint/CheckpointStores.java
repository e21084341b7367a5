package org.harrier.exec.run.checkpoint;

import java.nio.file.Files;
import java.util.Objects;

import org.harrier.exec.run.transfer.SandboxTransfer;

/**
 * Which {@link CheckpointStore} a job's checkpoints go through: the spool copy when the job
 * runs in its Iwd and its SpoolDir is a directory on this machine (a shared file system, the
 * personal grid), over the bus otherwise (a job in a sandbox, or a spool this machine cannot
 * see). Without file transfer (no {@link SandboxTransfer}) every job uses the spool copy, which
 * fails, logged, when the spool is not here. Immutable; any thread.
 */
public final class CheckpointStores {
    /** Where the bytes go. */
    public enum Route { SPOOL, BUS }

    private final CheckpointStore spool;
    private final SandboxTransfer transfer;

    public CheckpointStores(CheckpointStore spool, SandboxTransfer transfer) {
        this.spool = Objects.requireNonNull(spool, "spool");
        this.transfer = transfer;
    }

    /** Pure: the route for a job that runs in its Iwd or not, with its spool visible here or not. */
    public static Route route(boolean runsInIwd, boolean spoolHere, boolean busAvailable) {
        return busAvailable && !(runsInIwd && spoolHere) ? Route.BUS : Route.SPOOL;
    }

    /** The store for {@code plan}'s job running on {@code endpoint}'s claim, in its Iwd or in a sandbox. */
    public CheckpointStore of(CheckpointPlan plan, boolean runsInIwd, SandboxTransfer.Endpoint endpoint) {
        return routeOf(plan, runsInIwd) == Route.BUS ? new BusCheckpointStore(transfer, endpoint) : spool;
    }

    /** The route {@code plan}'s job's checkpoints take from this machine, in its Iwd or in a sandbox. */
    public Route routeOf(CheckpointPlan plan, boolean runsInIwd) {
        boolean spoolHere = plan.spool() != null && Files.isDirectory(plan.spool());
        return route(runsInIwd, spoolHere, transfer != null);
    }
}
