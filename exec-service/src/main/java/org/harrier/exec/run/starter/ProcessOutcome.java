package org.harrier.exec.run.starter;

/**
 * How a job's process ended: an exit code, or the signal that killed it, with its tree's CPU
 * time and wall-clock seconds (HTCondor's ExitCode / ExitBySignal + ExitSignal,
 * RemoteUserCpu, RemoteSysCpu, RemoteWallClockTime).
 *
 * <p>Java reports a process killed by signal n as status 128 + n, exactly as a shell reports a
 * child killed by a signal, and offers no way to tell the two apart. We read 129..192 as
 * "killed by signal status-128": right for a job that is itself killed (segfault, OOM kill,
 * our own SIGTERM/SIGKILL), wrong only for a program that deliberately exits with such a code
 * or a shell passing on its child's death (HTCondor would report an exit code there).
 *
 * <p>CPU time is exact where the job ran in a cgroup with CPU accounting (read at its end, see
 * {@link JobCgroup#cpu}); elsewhere it is the largest of periodic samples of the tree (see
 * {@link ProcessTree}): the time used after the last sample is not counted, so a job shorter
 * than one sampling interval reports 0. Java reaps the process before we could read its final
 * figures from /proc.
 */
public record ProcessOutcome(int exitCode, boolean exitBySignal, int exitSignal, CpuTime cpu, double wallClockSeconds,
        ResourceUsage resources, String holdReason, int holdReasonCode) {
    static final int LAST_SIGNAL = 64;

    public ProcessOutcome {
        if (exitBySignal ? exitSignal < 1 || exitCode != 0 : exitSignal != 0) {
            throw new IllegalArgumentException("either an exit code or a signal: code " + exitCode + ", signal " + exitSignal);
        }
        java.util.Objects.requireNonNull(cpu, "cpu");
        java.util.Objects.requireNonNull(resources, "resources");
        java.util.Objects.requireNonNull(holdReason, "holdReason");
        if ((holdReasonCode > 0) == holdReason.isEmpty() || holdReasonCode < 0) {
            throw new IllegalArgumentException("a hold reason and a positive hold reason code go together: '"
                    + holdReason + "', " + holdReasonCode);
        }
    }

    /** An end with no memory or disk figures and nothing to hold the job for. */
    public ProcessOutcome(int exitCode, boolean exitBySignal, int exitSignal, CpuTime cpu, double wallClockSeconds) {
        this(exitCode, exitBySignal, exitSignal, cpu, wallClockSeconds, ResourceUsage.NONE, "", 0);
    }

    /**
     * The same end, with the run's memory and disk peaks and, when the starter stopped the job
     * for a reason it should be held for (over its memory limit), that reason and its code.
     */
    public ProcessOutcome with(ResourceUsage usage, String reason, int code) {
        return new ProcessOutcome(exitCode, exitBySignal, exitSignal, cpu, wallClockSeconds, usage, reason, code);
    }

    /** CPU and wall-clock seconds of a job's earlier processes on the same claim (restarts after checkpoints). */
    public record Earlier(CpuTime cpu, double wallClockSeconds) {
        public static final Earlier NONE = new Earlier(CpuTime.ZERO, 0);

        /** These and {@code outcome}'s, for the process after it. */
        public Earlier plus(ProcessOutcome outcome) {
            return new Earlier(cpu.plus(outcome.cpu()), wallClockSeconds + outcome.wallClockSeconds());
        }
    }

    /** This end with {@code earlier} processes' CPU and wall clock added: the job's whole run. */
    public ProcessOutcome after(Earlier earlier) {
        if (earlier.equals(Earlier.NONE)) {
            return this;
        }
        return new ProcessOutcome(exitCode, exitBySignal, exitSignal, cpu.plus(earlier.cpu()),
                wallClockSeconds + earlier.wallClockSeconds(), resources, holdReason, holdReasonCode);
    }

    /** True when the job should be held rather than treated as having exited (HoldReasonCode 34). */
    public boolean held() {
        return holdReasonCode > 0;
    }

    /** Interprets a Java exit status as described above. */
    public static ProcessOutcome fromStatus(int status, CpuTime cpu, double wallClockSeconds) {
        if (status > 128 && status <= 128 + LAST_SIGNAL) {
            return new ProcessOutcome(0, true, status - 128, cpu, wallClockSeconds);
        }
        return new ProcessOutcome(status, false, 0, cpu, wallClockSeconds);
    }
}
