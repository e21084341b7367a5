package org.harrier.exec;

import java.util.Objects;

import org.harrier.exec.run.starter.ProcessOutcome;
import org.harrier.exec.run.starter.ResourceUsage;

/**
 * Job {@code jobId} on claim {@code claimId} ended, with the attributes HTCondor's starter
 * reports (ExitCode, or ExitBySignal and ExitSignal; RemoteUserCpu, RemoteSysCpu in seconds;
 * RemoteWallClockTime in seconds). A job that could not be started at all has
 * {@code holdReasonCode} > 0 (HTCondor's hold codes: 6 FailedToCreateProcess, 7/8 output/input
 * file, 14 Iwd), a {@code holdReason} saying what was wrong, ExitCode -1 (no process ever
 * exited) and zero usage. A job that ran over its memory limit has its exit and usage and
 * HoldReasonCode 34 with HTCondor's reason. An {@code evicted} job was killed because its claim
 * was preempted. {@code resources} are its memory and disk peaks (ImageSize, ResidentSetSize,
 * DiskUsage). {@code nextStarted} (null: none) is the job queued on the claim that started in its
 * place (docs/protocols.md, "Queued activations").
 */
public record RunExited(String jobId, String claimId, String scheduler, int exitCode, boolean exitBySignal,
        int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime, String holdReason,
        int holdReasonCode, boolean evicted, ResourceUsage resources, String nextStarted) {
    public static final int NEVER_STARTED = -1;
    /** HTCondor's HoldReasonCode 12, TransferOutputError: the job ran, its outputs could not be sent back. */
    public static final int TRANSFER_OUTPUT_ERROR = 12;

    /** A report with no queued job started in the job's place. */
    public RunExited(String jobId, String claimId, String scheduler, int exitCode, boolean exitBySignal,
            int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime, String holdReason,
            int holdReasonCode, boolean evicted, ResourceUsage resources) {
        this(jobId, claimId, scheduler, exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu,
                remoteWallClockTime, holdReason, holdReasonCode, evicted, resources, null);
    }

    /** A report without memory and disk figures. */
    public RunExited(String jobId, String claimId, String scheduler, int exitCode, boolean exitBySignal,
            int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime, String holdReason,
            int holdReasonCode, boolean evicted) {
        this(jobId, claimId, scheduler, exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu,
                remoteWallClockTime, holdReason, holdReasonCode, evicted, ResourceUsage.NONE);
    }

    /** A report of a job that ended by itself or could not start (not evicted). */
    public RunExited(String jobId, String claimId, String scheduler, int exitCode, boolean exitBySignal,
            int exitSignal, double remoteUserCpu, double remoteSysCpu, double remoteWallClockTime, String holdReason,
            int holdReasonCode) {
        this(jobId, claimId, scheduler, exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu,
                remoteWallClockTime, holdReason, holdReasonCode, false);
    }

    public RunExited {
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
        Objects.requireNonNull(resources, "resources");
        if (jobId.equals(nextStarted)) {
            throw new IllegalArgumentException("job " + jobId + " cannot start in its own place");
        }
    }

    /** This report, saying that queued job {@code next} (null: none) started on the claim in the job's place. */
    public RunExited withNextStarted(String next) {
        return new RunExited(jobId, claimId, scheduler, exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu,
                remoteWallClockTime, holdReason, holdReasonCode, evicted, resources, next);
    }

    /**
     * The job ended by itself, with its usage; or the starter stopped it for a reason to hold it
     * for (HoldReasonCode 34, over its memory limit), which the report carries with its exit.
     */
    public static RunExited of(String jobId, String claimId, String scheduler, ProcessOutcome o) {
        return new RunExited(jobId, claimId, scheduler, o.exitCode(), o.exitBySignal(), o.exitSignal(),
                o.cpu().userSeconds(), o.cpu().systemSeconds(), o.wallClockSeconds(), o.holdReason(),
                o.holdReasonCode(), false, o.resources());
    }

    /**
     * Job {@code jobId} was killed because its claim was preempted (docs/protocols.md, JobExited
     * {@code Evicted}): it did not finish and goes back to Idle; the claim is gone.
     */
    public static RunExited evicted(String jobId, String claimId, String scheduler, ProcessOutcome o) {
        return new RunExited(jobId, claimId, scheduler, o.exitCode(), o.exitBySignal(), o.exitSignal(),
                o.cpu().userSeconds(), o.cpu().systemSeconds(), o.wallClockSeconds(), "", 0, true, o.resources());
    }

    public static RunExited neverStarted(String jobId, String claimId, String scheduler, String reason, int holdReasonCode) {
        return new RunExited(jobId, claimId, scheduler, NEVER_STARTED, false, 0, 0, 0, 0, reason, holdReasonCode);
    }

    /** True if the job could not be started (the scheduler should hold it). */
    public boolean neverStarted() {
        return holdReasonCode > 0 && exitCode == NEVER_STARTED && !exitBySignal;
    }

    /** True if the scheduler should hold the job: it never started, or ran over its memory limit. */
    public boolean held() {
        return holdReasonCode > 0;
    }

    /** This exit, of a job whose outputs could not be sent: held with code 12 and {@code reason}. */
    public RunExited outputFailed(String reason) {
        return new RunExited(jobId, claimId, scheduler, exitCode, exitBySignal, exitSignal, remoteUserCpu, remoteSysCpu,
                remoteWallClockTime, reason, TRANSFER_OUTPUT_ERROR);
    }
}
