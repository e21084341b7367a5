package org.harrier.exec.bus;

import org.harrier.exec.run.starter.ResourceUsage;
import org.harrier.protocol.scheduler.JobCheckpointed;
import org.harrier.protocol.scheduler.JobExited;
import org.harrier.protocol.scheduler.JobUsage;
import org.harrier.protocol.scheduler.StarterUsage;

/**
 * The startd's reports ({@code org.harrier.exec}'s JobExited, JobUsage, JobCheckpointed) as the
 * scheduler's method records they travel as (docs/protocols.md, "Claiming and running"). Pure.
 */
final class SchedulerReports {
    private SchedulerReports() {
    }

    /**
     * JobExited: the exit and CPU always; HoldReason and HoldReasonCode only for a job held (it
     * never started, or ran over its memory limit); the memory and disk figures unless it never
     * started; Evicted only when it was.
     */
    static JobExited exited(org.harrier.exec.RunExited e) {
        JobExited.Exit exit = new JobExited.Exit(e.exitCode(), e.exitBySignal(), e.exitSignal(), e.remoteUserCpu(),
                e.remoteSysCpu(), e.remoteWallClockTime());
        return new JobExited(e.jobId(), e.claimId(), exit, e.neverStarted() ? null : usage(e.resources()),
                e.held() ? e.holdReason() : null, e.held() ? e.holdReasonCode() : null, e.evicted(), e.nextStarted());
    }

    /** JobCheckpointed: the checkpoint's number, its size in bytes and how many seconds the save took. */
    static JobCheckpointed checkpointed(org.harrier.exec.RunCheckpointed c) {
        return new JobCheckpointed(c.jobId(), c.claimId(), c.number(), c.bytes(), c.seconds());
    }

    /** JobUsage: CPU and wall clock seconds so far, and the peaks. */
    static JobUsage usage(org.harrier.exec.RunProgress u) {
        return new JobUsage(u.jobId(), u.claimId(), u.cpu().userSeconds(), u.cpu().systemSeconds(), u.wallClockSeconds(),
                usage(u.resources()));
    }

    /** ImageSize, ResidentSetSize and DiskUsage in KiB, MemoryUsage in MiB (HTCondor's units). */
    private static StarterUsage usage(ResourceUsage r) {
        return new StarterUsage(r.imageSizeKiB(), r.residentSetSizeKiB(), r.memoryUsageMiB(), r.diskUsageKiB());
    }
}
