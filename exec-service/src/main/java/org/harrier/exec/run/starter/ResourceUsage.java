package org.harrier.exec.run.starter;

/**
 * A job's memory and disk as HTCondor's starter reports them: ImageSize (peak virtual size of
 * the job's processes) and ResidentSetSize (peak physical memory; the memory cgroup's peak
 * where the job runs in one) in KiB, DiskUsage (what the job wrote in its working directory) in
 * KiB, and MemoryUsage derived from ResidentSetSize in MiB, rounded up as HTCondor's
 * {@code ((ResidentSetSize + 1023) / 1024)} is.
 */
public record ResourceUsage(long imageSizeKiB, long residentSetSizeKiB, long diskUsageKiB) {
    public static final ResourceUsage NONE = new ResourceUsage(0, 0, 0);

    public ResourceUsage {
        if (imageSizeKiB < 0 || residentSetSizeKiB < 0 || diskUsageKiB < 0) {
            throw new IllegalArgumentException("sizes must be >= 0 KiB, got ImageSize " + imageSizeKiB
                    + ", ResidentSetSize " + residentSetSizeKiB + ", DiskUsage " + diskUsageKiB);
        }
    }

    /** HTCondor's MemoryUsage: ResidentSetSize in MiB, rounded up. */
    public long memoryUsageMiB() {
        return (residentSetSizeKiB + 1023) / 1024;
    }

    /** Each figure the larger of the two: every one of them is a peak over the run. */
    public ResourceUsage peak(ResourceUsage other) {
        return new ResourceUsage(Math.max(imageSizeKiB, other.imageSizeKiB),
                Math.max(residentSetSizeKiB, other.residentSetSizeKiB), Math.max(diskUsageKiB, other.diskUsageKiB));
    }

    /** The same with a resident set of at least {@code bytes} (a cgroup's peak), rounded up to KiB. */
    public ResourceUsage withResidentAtLeast(long bytes) {
        return new ResourceUsage(imageSizeKiB, Math.max(residentSetSizeKiB, kib(bytes)), diskUsageKiB);
    }

    /** The same with {@code kib} of disk if that is more. */
    public ResourceUsage withDiskAtLeast(long kib) {
        return new ResourceUsage(imageSizeKiB, residentSetSizeKiB, Math.max(diskUsageKiB, kib));
    }

    /** Bytes in KiB, rounded up (a 1-byte file takes a KiB in HTCondor's reckoning). */
    public static long kib(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0, got " + bytes);
        }
        return bytes / 1024 + (bytes % 1024 == 0 ? 0 : 1);
    }
}
