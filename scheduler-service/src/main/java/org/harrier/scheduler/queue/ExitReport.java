package org.harrier.scheduler.queue;

import java.util.Objects;

/**
 * What the starter reports when a job's process ends (docs/protocols.md, JobExited). A job the
 * starter could not start at all carries a hold reason and HTCondor hold code (6
 * FailedToCreateProcess, 14 Iwd, ...): the scheduler holds it rather than calling it completed.
 * An {@code evicted} job did not exit by itself: the startd killed it because its claim was
 * preempted, and it goes back to Idle. A job that ran but that the starter stopped for a reason
 * to hold it (34, over its memory limit) carries its exit, its usage and that hold reason.
 * {@code usage} holds the run's memory and disk peaks ({@link RunUsage#NONE} when unmeasured).
 */
public record ExitReport(int exitCode, boolean exitBySignal, int exitSignal,
                         double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime,
                         String holdReason, int holdReasonCode, boolean evicted, RunUsage usage) {
    /** HTCondor's HoldReasonCode JobOutOfResources: the starter stopped the job over its memory limit. */
    public static final int JOB_OUT_OF_RESOURCES = 34;

    /** A report without memory and disk figures. */
    public ExitReport(int exitCode, boolean exitBySignal, int exitSignal,
                      double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime,
                      String holdReason, int holdReasonCode, boolean evicted) {
        this(exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu, remoteWallClockTime, holdReason,
                holdReasonCode, evicted, RunUsage.NONE);
    }

    public ExitReport {
        Objects.requireNonNull(usage, "usage");
        if (remoteUserCpu < 0 || remoteSysCpu < 0 || remoteWallClockTime < 0
                || Double.isNaN(remoteUserCpu) || Double.isNaN(remoteSysCpu) || Double.isNaN(remoteWallClockTime)) {
            throw new IllegalArgumentException("CPU and wall-clock times must be >= 0, got user " + remoteUserCpu
                    + ", sys " + remoteSysCpu + ", wall " + remoteWallClockTime);
        }
        Objects.requireNonNull(holdReason, "holdReason");
        if ((holdReasonCode > 0) == holdReason.isEmpty() || holdReasonCode < 0) {
            throw new IllegalArgumentException("a hold reason and a positive hold reason code go together, got '"
                    + holdReason + "' and " + holdReasonCode);
        }
        if (evicted && holdReasonCode > 0) {
            throw new IllegalArgumentException("a job that never started cannot have been evicted");
        }
    }

    /** A report of a job that exited by itself, or never started. */
    public ExitReport(int exitCode, boolean exitBySignal, int exitSignal,
                      double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime,
                      String holdReason, int holdReasonCode) {
        this(exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu, remoteWallClockTime, holdReason,
                holdReasonCode, false);
    }

    /** A process that ran and ended. */
    public ExitReport(int exitCode, boolean exitBySignal, int exitSignal,
                      double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime) {
        this(exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu, remoteWallClockTime, "", 0, false);
    }

    /** The startd killed the job because its claim was preempted (JobExited {@code Evicted}); the run's usage. */
    public static ExitReport evicted(int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime) {
        return new ExitReport(0, exitSignal > 0, exitSignal, remoteUserCpu, remoteSysCpu, remoteWallClockTime, "", 0, true);
    }

    /** A normal exit with {@code code} and no measured usage. */
    public static ExitReport code(int code) {
        return new ExitReport(code, false, 0, 0, 0, 0);
    }

    /** The starter could not start the job. */
    public static ExitReport neverStarted(String reason, int holdReasonCode) {
        return new ExitReport(-1, false, 0, 0, 0, 0, reason, holdReasonCode);
    }

    /** The starter could not start the job: a hold reason, ExitCode -1 and no signal. */
    public boolean neverStarted() {
        return holdReasonCode > 0 && exitCode == -1 && !exitBySignal;
    }

    /** The scheduler holds the job: it never started, or the starter stopped it (34, over its memory limit). */
    public boolean held() {
        return holdReasonCode > 0;
    }

    /** The same report with the run's memory and disk figures. */
    public ExitReport withUsage(RunUsage u) {
        return new ExitReport(exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu, remoteWallClockTime,
                holdReason, holdReasonCode, evicted, u);
    }
}
