package org.harrier.exec;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

import org.harrier.exec.run.checkpoint.CheckpointStore;
import org.harrier.exec.run.checkpoint.SpoolCheckpointStore;
import org.harrier.exec.claim.OwnerWatch;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.SlotPolicy;
import org.harrier.exec.claim.StartdLeases;
import org.harrier.exec.run.account.JobAccounts;
import org.harrier.exec.run.starter.Cgroups;
import org.harrier.exec.run.transfer.Sandboxes;

/**
 * What a {@link Startd} is made of: the partitionable slot it starts with, where its claim ids
 * come from, the owner's Rank and retirement ({@code policy}), its timings, clock and CLAIM_LEASE,
 * the owner policy's watch, and the parts that run jobs (cgroups, the checkpoint store, the
 * sandboxes of jobs whose files travel, null when every job runs in its Iwd, and the accounts
 * jobs run as). The service builds
 * it from {@link ExecSettings} in one place ({@code bus/ExecService}); tests start from
 * {@link #of} and change what they exercise.
 */
public record StartdSettings(PartitionableSlot slot, Supplier<String> claimIds, SlotPolicy policy,
        StartdTimings timings, Clock clock, Duration claimLease, OwnerWatch ownerWatch, Cgroups cgroups,
        CheckpointStore checkpointStore, Sandboxes sandboxes, JobAccounts accounts) {
    public StartdSettings {
        Objects.requireNonNull(slot, "slot");
        Objects.requireNonNull(claimIds, "claimIds");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(timings, "timings");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(ownerWatch, "ownerWatch");
        Objects.requireNonNull(cgroups, "cgroups");
        Objects.requireNonNull(checkpointStore, "checkpointStore");
        Objects.requireNonNull(accounts, "accounts");
        new StartdLeases(claimLease); // claimLease must be at least 1 s (CLAIM_LEASE)
    }

    /**
     * A startd on {@code slot}: the default Rank and retirement, the system clock, HTCondor's
     * CLAIM_LEASE, no owner policy, no cgroups, checkpoints in the job's spool, no file transfer,
     * jobs run as the startd's own account ({@link JobAccounts#asStartd}; {@link #withAccounts}
     * switches them as the service does).
     */
    public static StartdSettings of(PartitionableSlot slot, Supplier<String> claimIds, StartdTimings timings) {
        return new StartdSettings(slot, claimIds, SlotPolicy.DEFAULT, timings, Clock.systemUTC(),
                StartdLeases.CLAIM_LEASE, OwnerWatch.quiet(), Cgroups.none("not asked for"), new SpoolCheckpointStore(),
                null, JobAccounts.asStartd());
    }

    public StartdSettings withPolicy(SlotPolicy p) {
        return new StartdSettings(slot, claimIds, p, timings, clock, claimLease, ownerWatch, cgroups, checkpointStore,
                sandboxes, accounts);
    }

    public StartdSettings withClock(Clock c) {
        return new StartdSettings(slot, claimIds, policy, timings, c, claimLease, ownerWatch, cgroups, checkpointStore,
                sandboxes, accounts);
    }

    /** Idle claims end after {@code lease} without a renewal (CLAIM_LEASE). */
    public StartdSettings withClaimLease(Duration lease) {
        return new StartdSettings(slot, claimIds, policy, timings, clock, lease, ownerWatch, cgroups, checkpointStore,
                sandboxes, accounts);
    }

    /** The owner policy, applied at every poll. */
    public StartdSettings withOwnerWatch(OwnerWatch watch) {
        return new StartdSettings(slot, claimIds, policy, timings, clock, claimLease, watch, cgroups, checkpointStore,
                sandboxes, accounts);
    }

    /** The parts that run jobs: {@code cgroups}, {@code store} for self-checkpointing jobs, {@code transfer} (null: none). */
    public StartdSettings withRunning(Cgroups c, CheckpointStore store, Sandboxes transfer) {
        return new StartdSettings(slot, claimIds, policy, timings, clock, claimLease, ownerWatch, c, store, transfer,
                accounts);
    }

    /** Which account each job runs as. */
    public StartdSettings withAccounts(JobAccounts a) {
        return new StartdSettings(slot, claimIds, policy, timings, clock, claimLease, ownerWatch, cgroups, checkpointStore,
                sandboxes, a);
    }
}
