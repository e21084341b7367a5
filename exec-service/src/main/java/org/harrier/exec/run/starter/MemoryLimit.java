package org.harrier.exec.run.starter;

import java.util.Optional;

/**
 * HTCondor's hard memory limit policy: a job runs in a memory cgroup limited to its slot's
 * Memory (which the claim carved from its RequestMemory), in HTCondor's 128 MiB quantum; when the kernel's OOM killer kills
 * something in it, the starter holds the job with HoldReasonCode 34 (JobOutOfResources) and says
 * what the limit and the peak were, in HTCondor's words. Pure.
 */
public final class MemoryLimit {
    /** HTCondor's HoldReasonCode JobOutOfResources: the job used more memory than its limit. */
    public static final int JOB_OUT_OF_RESOURCES = 34;

    private MemoryLimit() {
    }

    /** HTCondor's quantum for memory requests (MODIFY_REQUEST_EXPR_REQUESTMEMORY = quantize(RequestMemory, {128})). */
    static final long QUANTUM_MIB = 128;

    /**
     * The limit in MiB for a dynamic slot of {@code slotMemoryMiB}: its Memory rounded up to
     * HTCondor's 128 MiB quantum. HTCondor's startd carves slots in that quantum, so a job that
     * did not ask for memory (condor_submit's default RequestMemory is about the executable's
     * size, 1 MiB for a script) gets 128 MiB; Harrier carves the exact request, so the quantum is
     * applied to the limit instead: the same limit HTCondor's hard policy would set. 0 stays 0.
     */
    static long limitMiB(long slotMemoryMiB) {
        if (slotMemoryMiB < 0) {
            throw new IllegalArgumentException("slot memory must be >= 0 MiB, got " + slotMemoryMiB);
        }
        return (slotMemoryMiB + QUANTUM_MIB - 1) / QUANTUM_MIB * QUANTUM_MIB;
    }

    /** The cgroup limit of {@code limitMiB}, in bytes (0: no limit). */
    static long bytes(long limitMiB) {
        if (limitMiB < 0) {
            throw new IllegalArgumentException("memory limit must be >= 0 MiB, got " + limitMiB);
        }
        return Math.multiplyExact(limitMiB, 1024L * 1024);
    }

    /**
     * The hold reason when the job's cgroup saw {@code oomKills} OOM kills under a limit of
     * {@code limitMiB}, its memory having peaked at {@code peakKiB}; empty when there was none,
     * no limit, or a peak well below the limit (over 5% short): the kernel counts an OOM kill in
     * the victim's cgroup whoever ran out, so such a kill came from the machine or the startd's
     * own cgroup running out, not from the job's request, and is an ordinary death by SIGKILL.
     */
    static Optional<String> holdReason(long oomKills, long limitMiB, long peakKiB) {
        if (oomKills <= 0 || limitMiB <= 0 || peakKiB * 100 < limitMiB * 1024 * 95) {
            return Optional.empty();
        }
        return Optional.of("Job has gone over cgroup memory limit of " + limitMiB + " megabytes. Last measured usage: "
                + (peakKiB + 1023) / 1024 + " megabytes.  Consider resubmitting with a higher request_memory.");
    }
}
