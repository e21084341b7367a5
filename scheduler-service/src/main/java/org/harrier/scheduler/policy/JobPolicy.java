package org.harrier.scheduler.policy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Value;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;

/**
 * HTCondor's job policy as pure functions of a job ad and the time (condor_submit(1) "POLICY
 * COMMANDS"; user_job_policy.cpp, UserPolicy::AnalyzePolicy; docs/protocols.md, "Job policy"). The first
 * expression that fires, in this order, decides:
 *
 * <ol>
 *   <li>TimerRemove, an absolute time already passed: remove;
 *   <li>PeriodicHold, unless the job is held: hold with HoldReasonCode 3 and
 *       PeriodicHoldReason/PeriodicHoldSubCode;
 *   <li>PeriodicRelease, only while held, and never for a hold the user asked for
 *       ({@link #releaseIgnores}): release;
 *   <li>PeriodicRemove: remove;
 *   <li>at exit only: OnExitHold (hold, code 3, OnExitHoldReason/OnExitHoldSubCode), then
 *       OnExitRemove (absent means true): true completes, false runs the job again.
 * </ol>
 *
 * So periodic expressions beat on_exit ones and holds beat removals. An expression that is
 * undefined ({@link Firing}) stops the walk and holds the job with HoldReasonCode 5
 * (JobPolicyUndefined); a job already held stays as it is. Only the job's own attributes are
 * visible; {@code time()} and {@code CurrentTime} read {@code now}.
 */
public final class JobPolicy {
    /** HoldReasonCode 3, JobPolicy: periodic_hold or on_exit_hold fired (hold-reason-codes table). */
    public static final int HOLD_CODE_POLICY = 3;
    /** HoldReasonCode 5, JobPolicyUndefined: a policy expression evaluated to undefined. */
    public static final int HOLD_CODE_UNDEFINED = 5;
    /** HoldReasonCode 1, UserRequest (condor_hold). */
    static final int HOLD_CODE_USER = 1;
    /** HoldReasonCode 15, SubmittedOnHold ({@code hold = true}): also the user's own hold. */
    static final int HOLD_CODE_SUBMITTED_ON_HOLD = 15;
    /** HoldReasonCode 16, SpoolingInput: the schedd evaluates no periodic expression of such a job. */
    static final int HOLD_CODE_SPOOLING_INPUT = 16;

    private JobPolicy() {
    }

    /** Whether {@code job} has a periodic expression that could ever fire: only such jobs are evaluated every interval. */
    public static boolean hasPeriodicPolicy(ClassAd job) {
        return !Firing.neverFires(job.lookup(PolicyAttr.PERIODIC_HOLD))
                || !Firing.neverFires(job.lookup(PolicyAttr.PERIODIC_REMOVE))
                || !Firing.neverFires(job.lookup(PolicyAttr.PERIODIC_RELEASE))
                || job.lookup(PolicyAttr.TIMER_REMOVE) != null;
    }

    /** The periodic verdict for a queued job at {@code now} (seconds since the epoch). */
    public static PolicyAction periodic(ClassAd job, long now) {
        JobStatus status = JobQueue.status(job);
        if (status.isFinal() || status == JobStatus.TRANSFERRING_OUTPUT
                || (status == JobStatus.HELD && holdCode(job) == HOLD_CODE_SPOOLING_INPUT)) {
            return PolicyAction.None.INSTANCE;
        }
        return periodic(job, status, context(now), now);
    }

    /**
     * The verdict when a job exits with {@code report} at {@code now}: the periodic expressions
     * first, then OnExitHold and OnExitRemove, all evaluated against {@link #atExit the ad with
     * the exit recorded}.
     */
    public static ExitAction onExit(ClassAd job, ExitReport report, long now) {
        ClassAd seen = atExit(job, report);
        EvalContext context = context(now);
        PolicyAction periodic = periodic(seen, JobQueue.status(seen), context, now);
        if (periodic instanceof PolicyAction.Hold h) {
            return h;
        }
        if (periodic instanceof PolicyAction.Remove r) {
            return r;
        }
        Firing hold = Firing.of(seen, PolicyAttr.ON_EXIT_HOLD, context);
        if (hold.fired() || hold.undefined()) {
            return hold(hold, seen, context);
        }
        Expr remove = onExitRemove(seen);
        if (remove == null) {
            return ExitAction.Complete.INSTANCE;
        }
        Firing removal = Firing.of(seen.with(PolicyAttr.ON_EXIT_REMOVE, remove), PolicyAttr.ON_EXIT_REMOVE, context);
        if (removal.fired()) {
            return ExitAction.Complete.INSTANCE;
        }
        if (removal.undefined()) {
            return hold(removal, seen, context);
        }
        return new ExitAction.Requeue(removal.reason(seen, context));
    }

    /**
     * The job ad as the exit policy sees it (HTCondor's shadow records the exit before it
     * evaluates): ExitBySignal, ExitCode (undefined after a signal), ExitSignal (undefined after
     * a normal exit), the run's usage, and NumJobCompletions counting this exit. JobStatus is
     * still the running one.
     */
    public static ClassAd atExit(ClassAd job, ExitReport r) {
        return job.toBuilder()
                .set(Attr.EXIT_BY_SIGNAL, BooleanValue.of(r.exitBySignal()))
                .set(Attr.EXIT_CODE, r.exitBySignal() ? Value.UNDEFINED : IntegerValue.of(r.exitCode()))
                .set(Attr.EXIT_SIGNAL, r.exitBySignal() ? IntegerValue.of(r.exitSignal()) : Value.UNDEFINED)
                .set(Attr.REMOTE_USER_CPU, new RealValue(r.remoteUserCpu()))
                .set(Attr.REMOTE_SYS_CPU, new RealValue(r.remoteSysCpu()))
                .set(Attr.REMOTE_WALL_CLOCK_TIME, new RealValue(r.remoteWallClockTime()))
                .set(PolicyAttr.NUM_JOB_COMPLETIONS, IntegerValue.of(JobQueue.longOf(job, PolicyAttr.NUM_JOB_COMPLETIONS, 0) + 1))
                .build();
    }

    /** Whether periodic_release leaves a job held with {@code holdReasonCode} alone: holds the user asked for. */
    public static boolean releaseIgnores(long holdReasonCode) {
        return holdReasonCode == HOLD_CODE_USER || holdReasonCode == HOLD_CODE_SUBMITTED_ON_HOLD
                || holdReasonCode == HOLD_CODE_SPOOLING_INPUT;
    }

    private static PolicyAction periodic(ClassAd job, JobStatus status, EvalContext context, long now) {
        boolean held = status == JobStatus.HELD;
        Expr timer = job.lookup(PolicyAttr.TIMER_REMOVE);
        if (timer != null) {
            Value t = context.evaluateAttribute(PolicyAttr.TIMER_REMOVE, job, null);
            if (!(t instanceof IntegerValue at)) {
                return undefined(new Firing(PolicyAttr.TIMER_REMOVE, timer, Firing.Outcome.UNDEFINED), held, job, context);
            }
            if (at.value() >= 0 && at.value() < now) {
                return new PolicyAction.Remove(new Firing(PolicyAttr.TIMER_REMOVE, timer, Firing.Outcome.TRUE)
                        .reason(job, context));
            }
        }
        if (!held) {
            Firing hold = Firing.of(job, PolicyAttr.PERIODIC_HOLD, context);
            if (hold.fired() || hold.undefined()) {
                return hold(hold, job, context);
            }
        } else if (!releaseIgnores(holdCode(job))) {
            Firing release = Firing.of(job, PolicyAttr.PERIODIC_RELEASE, context);
            if (release.fired()) {
                return new PolicyAction.Release(release.reason(job, context));
            }
            if (release.undefined()) {
                return PolicyAction.None.INSTANCE;
            }
        }
        Firing remove = Firing.of(job, PolicyAttr.PERIODIC_REMOVE, context);
        if (remove.fired()) {
            return new PolicyAction.Remove(remove.reason(job, context));
        }
        if (remove.undefined()) {
            return undefined(remove, held, job, context);
        }
        return PolicyAction.None.INSTANCE;
    }

    /** An undefined expression holds the job (code 5); a job already held stays held as it is. */
    private static PolicyAction undefined(Firing f, boolean held, ClassAd job, EvalContext context) {
        return held ? PolicyAction.None.INSTANCE : hold(f, job, context);
    }

    private static PolicyAction.Hold hold(Firing f, ClassAd job, EvalContext context) {
        if (f.undefined()) {
            return new PolicyAction.Hold(f.reason(job, context), HOLD_CODE_UNDEFINED, 0);
        }
        return new PolicyAction.Hold(f.reason(job, context), HOLD_CODE_POLICY, f.subCode(job, context));
    }

    /**
     * OnExitRemove as the ad has it. A job without one but with JobMaxRetries (a bus client that
     * set the attribute condor_submit reads, not the expression it builds) gets condor_submit's
     * expression: {@code NumJobCompletions > JobMaxRetries || ExitCode is JobSuccessExitCode}.
     * Null when neither is there: the job completes, HTCondor's default.
     */
    static Expr onExitRemove(ClassAd job) {
        Expr e = job.lookup(PolicyAttr.ON_EXIT_REMOVE);
        if (e != null || job.lookup(PolicyAttr.JOB_MAX_RETRIES) == null) {
            return e;
        }
        long success = JobQueue.longOf(job, PolicyAttr.JOB_SUCCESS_EXIT_CODE, 0);
        return Expr.parse(PolicyAttr.NUM_JOB_COMPLETIONS + " > " + PolicyAttr.JOB_MAX_RETRIES + " || "
                + Attr.EXIT_CODE + " is " + success);
    }

    private static long holdCode(ClassAd job) {
        return JobQueue.longOf(job, Attr.HOLD_REASON_CODE, 0);
    }

    private static EvalContext context(long now) {
        return EvalContext.create(Clock.fixed(Instant.ofEpochSecond(now), ZoneOffset.UTC), now);
    }
}
