package org.harrier.scheduler.queue;

/** What the starter reports when a job's process ends (docs/protocols.md, JobExited). */
public record ExitReport(int exitCode, boolean exitBySignal, int exitSignal,
                         double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime) {
    public ExitReport {
        if (remoteUserCpu < 0 || remoteSysCpu < 0 || remoteWallClockTime < 0
                || Double.isNaN(remoteUserCpu) || Double.isNaN(remoteSysCpu) || Double.isNaN(remoteWallClockTime)) {
            throw new IllegalArgumentException("CPU and wall-clock times must be >= 0, got user " + remoteUserCpu
                    + ", sys " + remoteSysCpu + ", wall " + remoteWallClockTime);
        }
    }

    /** A normal exit with {@code code} and no measured usage. */
    public static ExitReport code(int code) {
        return new ExitReport(code, false, 0, 0, 0, 0);
    }
}
