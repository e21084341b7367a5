package org.harrier.exec.run.starter;

/** User and system CPU seconds (HTCondor's RemoteUserCpu and RemoteSysCpu). */
public record CpuTime(double userSeconds, double systemSeconds) {
    public static final CpuTime ZERO = new CpuTime(0, 0);

    public CpuTime {
        if (!(userSeconds >= 0) || !(systemSeconds >= 0)) {
            throw new IllegalArgumentException("CPU time must be a non-negative number, got " + userSeconds + "/" + systemSeconds);
        }
    }

    /** Each part the larger of the two: samples only grow, a later smaller one missed a process. */
    public CpuTime max(CpuTime other) {
        return new CpuTime(Math.max(userSeconds, other.userSeconds), Math.max(systemSeconds, other.systemSeconds));
    }

    /** Each part less {@code other}'s, at least 0. */
    public CpuTime minus(CpuTime other) {
        return new CpuTime(Math.max(0, userSeconds - other.userSeconds), Math.max(0, systemSeconds - other.systemSeconds));
    }

    public CpuTime plus(CpuTime other) {
        return new CpuTime(userSeconds + other.userSeconds, systemSeconds + other.systemSeconds);
    }
}
