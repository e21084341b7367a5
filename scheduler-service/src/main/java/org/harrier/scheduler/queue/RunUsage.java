package org.harrier.scheduler.queue;

/**
 * What the starter measured of a job's run (docs/protocols.md, "Usage"): RemoteUserCpu and
 * RemoteSysCpu in seconds, ImageSize, ResidentSetSize and DiskUsage in KiB, MemoryUsage in MiB.
 * {@link #NONE} when a report carries no figures (a job that never started, an older startd).
 */
public record RunUsage(double remoteUserCpu, double remoteSysCpu, long imageSizeKiB, long residentSetSizeKiB,
        long memoryUsageMiB, long diskUsageKiB) {
    public static final RunUsage NONE = new RunUsage(0, 0, 0, 0, 0, 0);

    public RunUsage {
        if (!(remoteUserCpu >= 0) || !(remoteSysCpu >= 0) || Double.isInfinite(remoteUserCpu)
                || Double.isInfinite(remoteSysCpu)) {
            throw new IllegalArgumentException("CPU times must be finite and >= 0, got user " + remoteUserCpu + ", sys "
                    + remoteSysCpu);
        }
        if (imageSizeKiB < 0 || residentSetSizeKiB < 0 || memoryUsageMiB < 0 || diskUsageKiB < 0) {
            throw new IllegalArgumentException("sizes must be >= 0, got ImageSize " + imageSizeKiB + ", ResidentSetSize "
                    + residentSetSizeKiB + ", MemoryUsage " + memoryUsageMiB + ", DiskUsage " + diskUsageKiB);
        }
    }

    /** True when the report measured memory or disk (a zero everywhere says nothing). */
    public boolean measured() {
        return imageSizeKiB > 0 || residentSetSizeKiB > 0 || diskUsageKiB > 0;
    }
}
