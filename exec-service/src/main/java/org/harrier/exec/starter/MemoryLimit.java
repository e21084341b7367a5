package org.harrier.exec.starter;

import java.util.Optional;

/**
 * HTCondor's hard memory limit policy: a job runs in a memory cgroup limited to its slot's
 * Memory (which the claim carved from its RequestMemory); when the kernel's OOM killer kills
 * something in it, the starter holds the job with HoldReasonCode 34 (JobOutOfResources) and says
 * what the limit and the peak were, in HTCondor's words. Pure.
 */
public final class MemoryLimit {
    /** HTCondor's HoldReasonCode JobOutOfResources: the job used more memory than its limit. */
    public static final int JOB_OUT_OF_RESOURCES = 34;

    private MemoryLimit() {
    }

    /** The cgroup limit for a slot of {@code slotMemoryMiB}, in bytes (0: no limit). */
    static long bytes(long slotMemoryMiB) {
        if (slotMemoryMiB < 0) {
            throw new IllegalArgumentException("slot memory must be >= 0 MiB, got " + slotMemoryMiB);
        }
        return Math.multiplyExact(slotMemoryMiB, 1024L * 1024);
    }

    /**
     * The hold reason when the job's cgroup saw {@code oomKills} OOM kills under a limit of
     * {@code limitMiB}, its memory having peaked at {@code peakKiB}; empty when there was none
     * (or no limit: an OOM kill then came from the machine running out, not from the job's request).
     */
    static Optional<String> holdReason(long oomKills, long limitMiB, long peakKiB) {
        if (oomKills <= 0 || limitMiB <= 0) {
            return Optional.empty();
        }
        return Optional.of("Job has gone over cgroup memory limit of " + limitMiB + " megabytes. Last measured usage: "
                + (peakKiB + 1023) / 1024 + " megabytes.  Consider resubmitting with a higher request_memory.");
    }
}
