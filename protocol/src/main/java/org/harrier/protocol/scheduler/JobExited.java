package org.harrier.protocol.scheduler;

import java.util.Objects;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Done;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.JobExited}: job {@code id} ended on claim {@code claimId}. {@code usage} is
 * null when the starter measured nothing; {@code holdReason} (null: none) and its code say why
 * a job could not be started; {@code evicted} that it did not end by itself; {@code nextStarted}
 * (null: none) the job queued on the claim that started in its place (docs/protocols.md, "Queued
 * activations").
 */
public record JobExited(String id, String claimId, Exit exit, StarterUsage usage, String holdReason, Integer holdReasonCode,
        boolean evicted, String nextStarted) implements Request<Done> {
    private static final Arg<Long> EXIT_CODE = Arg.int32("ExitCode");
    private static final Arg<Boolean> EXIT_BY_SIGNAL = Arg.bool("ExitBySignal");
    private static final Arg<Long> EXIT_SIGNAL = Arg.int32("ExitSignal");
    private static final Arg<String> HOLD_REASON = Arg.lstr("HoldReason").optional();
    private static final Arg<Long> HOLD_REASON_CODE = Arg.int32("HoldReasonCode").optional();
    private static final Arg<Boolean> EVICTED = Arg.bool("Evicted").optional();
    private static final Arg<String> NEXT_STARTED = Arg.sstr("NextStarted").optional();

    public static final Method<JobExited, Done> METHOD = Method.<JobExited, Done>of("scheduler", "JobExited")
            .inputs(JobUsage.ID, JobUsage.CLAIM_ID, EXIT_CODE, EXIT_BY_SIGNAL, EXIT_SIGNAL, JobUsage.USER_CPU,
                    JobUsage.SYS_CPU, JobUsage.WALL_CLOCK, StarterUsage.IMAGE_SIZE.optional(), StarterUsage.RESIDENT_SET_SIZE.optional(),
                    StarterUsage.MEMORY_USAGE.optional(), StarterUsage.DISK_USAGE.optional(), HOLD_REASON, HOLD_REASON_CODE, EVICTED, NEXT_STARTED)
            .request(JobExited::read, JobExited::write)
            .done();

    /** How the job's process ended and the CPU and wall clock seconds of the run. */
    public record Exit(int exitCode, boolean exitBySignal, int exitSignal, double remoteUserCpu, double remoteSysCpu,
            double remoteWallClockTime) {
    }

    public JobExited {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(claimId, "claimId");
        Objects.requireNonNull(exit, "exit");
        if (id.equals(nextStarted)) {
            throw new IllegalArgumentException("job " + id + " cannot start in its own place (NextStarted)");
        }
    }

    /** A job's end with no queued job started in its place. */
    public JobExited(String id, String claimId, Exit exit, StarterUsage usage, String holdReason, Integer holdReasonCode,
            boolean evicted) {
        this(id, claimId, exit, usage, holdReason, holdReasonCode, evicted, null);
    }

    private static JobExited read(MethodArguments a) {
        Exit exit = new Exit(Math.toIntExact(a.get(EXIT_CODE)), a.get(EXIT_BY_SIGNAL), Math.toIntExact(a.get(EXIT_SIGNAL)),
                a.get(JobUsage.USER_CPU), a.get(JobUsage.SYS_CPU), a.get(JobUsage.WALL_CLOCK));
        Long code = a.get(HOLD_REASON_CODE);
        return new JobExited(a.get(JobUsage.ID), a.get(JobUsage.CLAIM_ID), exit, StarterUsage.readOptional(a), a.get(HOLD_REASON),
                code == null ? null : Math.toIntExact(code), a.get(EVICTED, false), a.get(NEXT_STARTED));
    }

    private static MethodArguments.Writer write(JobExited q) {
        Exit e = q.exit();
        MethodArguments.Writer w = MethodArguments.writer().put(JobUsage.ID, q.id()).put(JobUsage.CLAIM_ID, q.claimId())
                .put(EXIT_CODE, (long) e.exitCode()).put(EXIT_BY_SIGNAL, e.exitBySignal()).put(EXIT_SIGNAL, (long) e.exitSignal())
                .put(JobUsage.USER_CPU, e.remoteUserCpu()).put(JobUsage.SYS_CPU, e.remoteSysCpu())
                .put(JobUsage.WALL_CLOCK, e.remoteWallClockTime());
        return StarterUsage.writeOptional(q.usage(), w).put(HOLD_REASON, q.holdReason())
                .put(HOLD_REASON_CODE, q.holdReasonCode() == null ? null : (long) q.holdReasonCode())
                .put(EVICTED, q.evicted() ? Boolean.TRUE : null).put(NEXT_STARTED, q.nextStarted());
    }

    @Override
    public Method<JobExited, Done> method() {
        return METHOD;
    }
}
