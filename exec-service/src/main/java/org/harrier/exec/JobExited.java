package org.harrier.exec;

import java.util.Objects;

import org.harrier.exec.starter.ProcessOutcome;

/**
 * Job {@code jobId} on claim {@code claimId} ended, with the attributes HTCondor's starter
 * reports (ExitCode, or ExitBySignal and ExitSignal; RemoteUserCpu, RemoteSysCpu in seconds;
 * RemoteWallClockTime in seconds). A job that could not be started at all has
 * {@code holdReasonCode} > 0 (HTCondor's hold codes: 6 FailedToCreateProcess, 7/8 output/input
 * file, 14 Iwd), a {@code holdReason} saying what was wrong, ExitCode -1 (no process ever
 * exited) and zero usage. An {@code evicted} job was killed because its claim was preempted.
 */
public record JobExited(String jobId, String claimId, String scheduler, int exitCode, boolean exitBySignal,
        int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime, String holdReason,
        int holdReasonCode, boolean evicted) {
    public static final int NEVER_STARTED = -1;

    /** A report of a job that ended by itself or could not start (not evicted). */
    public JobExited(String jobId, String claimId, String scheduler, int exitCode, boolean exitBySignal,
            int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime, String holdReason,
            int holdReasonCode) {
        this(jobId, claimId, scheduler, exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu,
                remoteWallClockTime, holdReason, holdReasonCode, false);
    }

    public JobExited {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(holdReason, "holdReason");
        if ((holdReasonCode > 0) == holdReason.isEmpty()) {
            throw new IllegalArgumentException("a hold reason and a hold reason code go together: '" + holdReason
                    + "', " + holdReasonCode);
        }
        if (evicted && holdReasonCode > 0) {
            throw new IllegalArgumentException("a job that never started cannot have been evicted");
        }
    }

    static JobExited of(String jobId, String claimId, String scheduler, ProcessOutcome o) {
        return new JobExited(jobId, claimId, scheduler, o.exitCode(), o.exitBySignal(), o.exitSignal(),
                o.cpu().userSeconds(), o.cpu().systemSeconds(), o.wallClockSeconds(), "", 0);
    }

    /**
     * Job {@code jobId} was killed because its claim was preempted (docs/protocols.md, JobExited
     * {@code Evicted}): it did not finish and goes back to Idle; the claim is gone.
     */
    static JobExited evicted(String jobId, String claimId, String scheduler, ProcessOutcome o) {
        return new JobExited(jobId, claimId, scheduler, o.exitCode(), o.exitBySignal(), o.exitSignal(),
                o.cpu().userSeconds(), o.cpu().systemSeconds(), o.wallClockSeconds(), "", 0, true);
    }

    static JobExited neverStarted(String jobId, String claimId, String scheduler, String reason, int holdReasonCode) {
        return new JobExited(jobId, claimId, scheduler, NEVER_STARTED, false, 0, 0, 0, 0, reason, holdReasonCode);
    }

    /** True if the job could not be started (the scheduler should hold it). */
    public boolean neverStarted() {
        return holdReasonCode > 0;
    }
}
