package org.harrier.scheduler.queue;

import java.util.EnumSet;
import java.util.Set;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.mgmt.QmfException;

/**
 * The job state machine (htcondor-notes section 4): which status each trigger may move a job
 * from, and the attributes the move writes. Pure: each method reads the job's current ad and
 * returns the transaction to apply, or throws WRONG_STATE.
 */
public enum Transition {
    START(JobStatus.RUNNING, EnumSet.of(JobStatus.IDLE)),
    EXIT(JobStatus.COMPLETED, EnumSet.of(JobStatus.RUNNING, JobStatus.SUSPENDED)),
    REMOVE(JobStatus.REMOVED, EnumSet.of(JobStatus.IDLE, JobStatus.RUNNING, JobStatus.HELD,
            JobStatus.SUSPENDED, JobStatus.TRANSFERRING_OUTPUT)),
    HOLD(JobStatus.HELD, EnumSet.of(JobStatus.IDLE, JobStatus.RUNNING, JobStatus.SUSPENDED)),
    RELEASE(JobStatus.IDLE, EnumSet.of(JobStatus.HELD));

    /** HoldReasonCode 1: put on hold by a user (htcondor-notes section 3.4). */
    public static final int HOLD_BY_USER = 1;
    /** HoldReasonCode 6: the starter could not start the job. */
    public static final int HOLD_FAILED_TO_START = 6;

    private final JobStatus to;
    private final Set<JobStatus> from;

    Transition(JobStatus to, Set<JobStatus> from) {
        this.to = to;
        this.from = from;
    }

    public JobStatus to() {
        return to;
    }

    public boolean allowedFrom(JobStatus status) {
        return from.contains(status);
    }

    private Transaction.Builder begin(JobId id, ClassAd ad, long now) {
        JobStatus current = JobQueue.status(ad);
        if (!allowedFrom(current)) {
            throw new QmfException(QmfException.WRONG_STATE, "job " + id + " is " + name(current)
                    + "; cannot " + name().toLowerCase(java.util.Locale.ROOT) + " it");
        }
        return Transaction.builder().status(id, to, now);
    }

    /** Idle to Running on claim's host: RemoteHost, JobStartDate, NumJobStarts + 1. */
    public static Transaction started(JobId id, ClassAd ad, String remoteHost, long now) {
        return START.begin(id, ad, now)
                .set(id, Attr.REMOTE_HOST, new StringValue(remoteHost))
                .set(id, Attr.JOB_START_DATE, now)
                .set(id, Attr.NUM_JOB_STARTS, JobQueue.longOf(ad, Attr.NUM_JOB_STARTS, 0) + 1)
                .build();
    }

    /** Running to Completed with the starter's exit report (the exit code does not decide the state). */
    public static Transaction exited(JobId id, ClassAd ad, ExitReport r, long now) {
        return EXIT.begin(id, ad, now)
                .set(id, Attr.EXIT_CODE, IntegerValue.of(r.exitCode()))
                .set(id, Attr.EXIT_BY_SIGNAL, BooleanValue.of(r.exitBySignal()))
                .set(id, Attr.EXIT_SIGNAL, IntegerValue.of(r.exitSignal()))
                .set(id, Attr.REMOTE_USER_CPU, new RealValue(r.remoteUserCpu()))
                .set(id, Attr.REMOTE_SYS_CPU, new RealValue(r.remoteSysCpu()))
                .set(id, Attr.REMOTE_WALL_CLOCK_TIME, new RealValue(r.remoteWallClockTime()))
                .set(id, Attr.COMPLETION_DATE, now)
                .build();
    }

    public static Transaction removed(JobId id, ClassAd ad, String reason, long now) {
        return REMOVE.begin(id, ad, now).set(id, Attr.REMOVE_REASON, new StringValue(reason)).build();
    }

    public static Transaction held(JobId id, ClassAd ad, String reason, int reasonCode, long now) {
        return HOLD.begin(id, ad, now)
                .set(id, Attr.HOLD_REASON, new StringValue(reason))
                .set(id, Attr.HOLD_REASON_CODE, reasonCode)
                .build();
    }

    public static Transaction released(JobId id, ClassAd ad, long now) {
        return RELEASE.begin(id, ad, now).build();
    }

    private static String name(JobStatus s) {
        String n = s.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        return n + " (" + s.code() + ")";
    }

    /**
     * The job policy's answer to an exit that on_exit_remove did not accept: Running (or
     * Suspended) back to Idle to be matched and run again, the exit recorded ({@link #exitRecord})
     * and VacateReason saying which expression sent it back (htcondor-notes section 4).
     */
    public static Transaction requeued(JobId id, ClassAd ad, ExitReport r, String reason, long now) {
        JobStatus current = JobQueue.status(ad);
        if (!EXIT.allowedFrom(current)) {
            throw new QmfException(QmfException.WRONG_STATE, "job " + id + " is " + name(current) + "; cannot requeue it");
        }
        Transaction.Builder b = Transaction.builder().status(id, JobStatus.IDLE, now);
        exitRecord(id, ad, r).ops().forEach(b::add);
        return b.set(id, Attr.VACATE_REASON, new StringValue(reason)).build();
    }

    /**
     * What an exit records whatever the job policy makes of it, without a status change: the
     * attributes {@link #exited} writes but CompletionDate, and NumJobCompletions counting it.
     */
    public static Transaction exitRecord(JobId id, ClassAd ad, ExitReport r) {
        return Transaction.builder()
                .set(id, Attr.EXIT_CODE, IntegerValue.of(r.exitCode()))
                .set(id, Attr.EXIT_BY_SIGNAL, BooleanValue.of(r.exitBySignal()))
                .set(id, Attr.EXIT_SIGNAL, IntegerValue.of(r.exitSignal()))
                .set(id, Attr.REMOTE_USER_CPU, new RealValue(r.remoteUserCpu()))
                .set(id, Attr.REMOTE_SYS_CPU, new RealValue(r.remoteSysCpu()))
                .set(id, Attr.REMOTE_WALL_CLOCK_TIME, new RealValue(r.remoteWallClockTime()))
                .set(id, Attr.NUM_JOB_COMPLETIONS, JobQueue.longOf(ad, Attr.NUM_JOB_COMPLETIONS, 0) + 1)
                .build();
    }
}
