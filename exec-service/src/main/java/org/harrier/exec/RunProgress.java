package org.harrier.exec;

import java.util.Objects;

import org.harrier.exec.claim.ClaimRun;
import org.harrier.exec.run.starter.CpuTime;
import org.harrier.exec.run.starter.ResourceUsage;

/**
 * How much job {@code jobId} on claim {@code claimId} has used so far (HTCondor's starter
 * update, every STARTER_UPDATE_INTERVAL): RemoteUserCpu and RemoteSysCpu, ImageSize,
 * ResidentSetSize, MemoryUsage and DiskUsage, and the run's wall clock. The exit report carries
 * the final figures, so a lost update costs nothing.
 */
public record RunProgress(String jobId, String claimId, String scheduler, CpuTime cpu, ResourceUsage resources,
        double wallClockSeconds) {
    public RunProgress {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(cpu, "cpu");
        Objects.requireNonNull(resources, "resources");
        if (!(wallClockSeconds >= 0)) {
            throw new IllegalArgumentException("wall clock must be >= 0 s, got " + wallClockSeconds);
        }
    }

    /**
     * Hands {@code to} the usage so far of every job in {@code running} (by claim id; the claim
     * table's runs not being released); returns how many. On the startd's owner thread.
     */
    static int report(java.util.Map<String, ClaimRun> running, java.util.function.Consumer<RunProgress> to) {
        running.forEach((claimId, run) -> {
            var p = run.process();
            to.accept(new RunProgress(run.jobId(), claimId, run.scheduler(), p.usage(), p.resources(), p.wallClockSeconds()));
        });
        return running.size();
    }
}
