package org.harrier.exec;

import java.util.Objects;

import org.harrier.exec.starter.ProcessOutcome;

/**
 * Job {@code jobId} on claim {@code claimId} ended, with the attributes HTCondor's starter
 * reports (ExitCode, or ExitBySignal and ExitSignal; RemoteUserCpu, RemoteSysCpu in seconds;
 * RemoteWallClockTime in seconds). A job that could not be started at all has
 * {@code holdReasonCode} > 0 (HTCondor's hold codes: 6 FailedToCreateProcess, 7/8 output/input
 * file, 14 Iwd), a {@code holdReason} saying what was wrong, ExitCode -1 (no process ever
 * exited) and zero usage.
 */
public record JobExited(String jobId, String claimId, String scheduler, int exitCode, boolean exitBySignal,
        int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime, String holdReason,
        int holdReasonCode) {
    public static final int NEVER_STARTED = -1;

    public JobExited {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(holdReason, "holdReason");
        if ((holdReasonCode > 0) == holdReason.isEmpty()) {
            throw new IllegalArgumentException("a hold reason and a hold reason code go together: '" + holdReason
                    + "', " + holdReasonCode);
        }
    }

    static JobExited of(String jobId, String claimId, String scheduler, ProcessOutcome o) {
        return new JobExited(jobId, claimId, scheduler, o.exitCode(), o.exitBySignal(), o.exitSignal(),
                o.cpu().userSeconds(), o.cpu().systemSeconds(), o.wallClockSeconds(), "", 0);
    }

    static JobExited neverStarted(String jobId, String claimId, String scheduler, String reason, int holdReasonCode) {
        return new JobExited(jobId, claimId, scheduler, NEVER_STARTED, false, 0, 0, 0, 0, reason, holdReasonCode);
    }

    /** True if the job could not be started (the scheduler should hold it). */
    public boolean neverStarted() {
        return holdReasonCode > 0;
    }
}
