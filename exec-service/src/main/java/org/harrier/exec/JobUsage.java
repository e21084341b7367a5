package org.harrier.exec;

import java.util.Objects;

import org.harrier.exec.starter.CpuTime;
import org.harrier.exec.starter.ResourceUsage;

/**
 * How much job {@code jobId} on claim {@code claimId} has used so far (HTCondor's starter
 * update, every STARTER_UPDATE_INTERVAL): RemoteUserCpu and RemoteSysCpu, ImageSize,
 * ResidentSetSize, MemoryUsage and DiskUsage, and the run's wall clock. The exit report carries
 * the final figures, so a lost update costs nothing.
 */
public record JobUsage(String jobId, String claimId, String scheduler, CpuTime cpu, ResourceUsage resources,
        double wallClockSeconds) {
    public JobUsage {
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
     * Hands {@code to} the usage so far of every job in {@code running} but those whose claim is
     * being released; returns how many. On the startd's owner thread, which owns both maps.
     */
    static int report(java.util.Map<String, ClaimRun> running, java.util.Set<String> releasing,
            java.util.function.Consumer<JobUsage> to) {
        int n = 0;
        for (var e : running.entrySet()) {
            if (!releasing.contains(e.getKey())) {
                ClaimRun run = e.getValue();
                var p = run.process();
                to.accept(new JobUsage(run.jobId(), e.getKey(), run.scheduler(), p.usage(), p.resources(),
                        p.wallClockSeconds()));
                n++;
            }
        }
        return n;
    }
}
