package org.harrier.scheduler.queue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.UndefinedValue;
import org.harrier.classad.Value;
import org.harrier.scheduler.ScheddFailure;

/**
 * The job state machine (HTCondor manual, "Managing a Job"): which status each trigger may move a job
 * from, and the attributes the move writes. Pure: each method reads the job's current ad and
 * returns the transaction to apply, or throws {@link ScheddFailure.WrongState}.
 *
 * <p>Every move records what HTCondor's schedd records: JobStatus, EnteredCurrentStatus and
 * LastJobStatus; leaving Suspended adds the time spent to CumulativeSuspensionTime and zeroes
 * LastSuspensionTime (condor_q reads a non-zero one as "suspended").
 *
 * <p>HTCondor deletes HoldReason and friends on release (moving them to LastHoldReason...); so
 * does this, except that a HoldReason the job inherits from its cluster ad (a cluster submitted
 * on hold) is bound to {@code undefined} instead, which expressions read as missing.
 */
public enum Transition {
    START(JobStatus.RUNNING, "started", EnumSet.of(JobStatus.IDLE)),
    EXIT(JobStatus.COMPLETED, "completed", EnumSet.of(JobStatus.RUNNING, JobStatus.SUSPENDED)),
    REMOVE(JobStatus.REMOVED, "removed", EnumSet.of(JobStatus.IDLE, JobStatus.RUNNING, JobStatus.HELD,
            JobStatus.SUSPENDED, JobStatus.TRANSFERRING_OUTPUT)),
    HOLD(JobStatus.HELD, "held", EnumSet.of(JobStatus.IDLE, JobStatus.RUNNING, JobStatus.SUSPENDED)),
    RELEASE(JobStatus.IDLE, "released", EnumSet.of(JobStatus.HELD)),
    SUSPEND(JobStatus.SUSPENDED, "suspended", EnumSet.of(JobStatus.RUNNING)),
    CONTINUE(JobStatus.RUNNING, "continued", EnumSet.of(JobStatus.SUSPENDED)),
    EVICT(JobStatus.IDLE, "evicted", EnumSet.of(JobStatus.RUNNING, JobStatus.SUSPENDED));

    /** HoldReasonCode 1: put on hold by a user (HTCondor manual, "Job ClassAd Attributes"). */
    public static final int HOLD_BY_USER = 1;
    /** HoldReasonCode 6: the starter could not start the job. */
    public static final int HOLD_FAILED_TO_START = 6;
    /** HoldReasonCode 15: submitted on hold ({@code hold = true} in the submit file). */
    public static final int HOLD_SUBMITTED_ON_HOLD = 15;

    private final JobStatus to;
    private final String done;
    private final Set<JobStatus> from;

    Transition(JobStatus to, String done, Set<JobStatus> from) {
        this.to = to;
        this.done = done;
        this.from = from;
    }

    public JobStatus to() {
        return to;
    }

    /** The participle a message uses: "held", "released", ... */
    public String done() {
        return done;
    }

    public boolean allowedFrom(JobStatus status) {
        return from.contains(status);
    }

    /**
     * Why job {@code id} in {@code current} cannot take this move: "job 1.0 is already held",
     * "job 1.0 is idle; only held jobs can be released".
     */
    public String refusal(JobId id, JobStatus current) {
        if (current == to && word(to).equals(done)) {
            return "job " + id + " is already " + done;
        }
        return "job " + id + " is " + word(current) + "; " + rule();
    }

    /** The rule in words: "only held jobs can be released". */
    public String rule() {
        List<String> words = new ArrayList<>();
        for (JobStatus s : from) {
            words.add(word(s));
        }
        String list = words.size() == 1 ? words.get(0)
                : String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
        return "only " + list + " jobs can be " + done;
    }

    public static String word(JobStatus s) {
        return s.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private Transaction.Builder begin(JobId id, ClassAd ad, long now) {
        JobStatus current = JobQueue.status(ad);
        if (!allowedFrom(current)) {
            throw new ScheddFailure.WrongState(refusal(id, current));
        }
        Transaction.Builder tx = Transaction.builder().status(id, to, now).set(id, Attr.LAST_JOB_STATUS, current.code());
        long started = JobQueue.longOf(ad, Attr.JOB_CURRENT_START_DATE, 0);
        if (this != EXIT && this != SUSPEND && this != CONTINUE && this != EVICT
                && (current == JobStatus.RUNNING || current == JobStatus.SUSPENDED) && started > 0) {
            // A run cut short by a hold or a removal still counts (condor_history's RUN_TIME);
            // an exit's own report carries the run's wall clock instead.
            double before = ad.lookup(Attr.REMOTE_WALL_CLOCK_TIME) instanceof RealValue r ? r.value() : 0;
            tx.set(id, Attr.REMOTE_WALL_CLOCK_TIME, new RealValue(before + Math.max(0, now - started)));
        }
        if (current == JobStatus.SUSPENDED) {
            long since = JobQueue.longOf(ad, Attr.LAST_SUSPENSION_TIME, 0);
            long total = JobQueue.longOf(ad, Attr.CUMULATIVE_SUSPENSION_TIME, 0);
            tx.set(id, Attr.CUMULATIVE_SUSPENSION_TIME, total + (since > 0 ? Math.max(0, now - since) : 0))
                    .set(id, Attr.LAST_SUSPENSION_TIME, 0);
        }
        return tx;
    }

    /**
     * Idle to Running on the claim's host: RemoteHost, JobCurrentStartDate (and JobLastStartDate,
     * the previous one), JobStartDate only the first time, NumJobStarts + 1.
     */
    public static Transaction started(JobId id, ClassAd ad, String remoteHost, long now) {
        Transaction.Builder tx = START.begin(id, ad, now)
                .set(id, Attr.REMOTE_HOST, new StringValue(remoteHost))
                .set(id, Attr.JOB_CURRENT_START_DATE, now)
                .set(id, Attr.NUM_JOB_STARTS, JobQueue.longOf(ad, Attr.NUM_JOB_STARTS, 0) + 1);
        if (ad.lookup(Attr.JOB_START_DATE) == null) {
            tx.set(id, Attr.JOB_START_DATE, now);
        }
        Expr previous = ad.lookup(Attr.JOB_CURRENT_START_DATE);
        if (previous != null) {
            tx.set(id, Attr.JOB_LAST_START_DATE, previous);
        }
        return tx.build();
    }

    /**
     * Running (or Suspended) to Completed with the starter's exit report (the exit code does not
     * decide the state). The run's wall clock is added to RemoteWallClockTime: HTCondor's is
     * cumulative over every run, as evictions and holds already count it.
     */
    public static Transaction exited(JobId id, ClassAd ad, ExitReport r, long now) {
        return peaks(EXIT.begin(id, ad, now), id, ad, r.usage())
                .set(id, Attr.EXIT_CODE, IntegerValue.of(r.exitCode()))
                .set(id, Attr.EXIT_BY_SIGNAL, BooleanValue.of(r.exitBySignal()))
                .set(id, Attr.EXIT_SIGNAL, IntegerValue.of(r.exitSignal()))
                .set(id, Attr.REMOTE_USER_CPU, new RealValue(r.remoteUserCpu()))
                .set(id, Attr.REMOTE_SYS_CPU, new RealValue(r.remoteSysCpu()))
                .set(id, Attr.REMOTE_WALL_CLOCK_TIME, wallClockAfter(ad, r))
                .set(id, Attr.COMPLETION_DATE, now)
                .build();
    }

    public static Transaction removed(JobId id, ClassAd ad, String reason, long now) {
        return REMOVE.begin(id, ad, now).set(id, Attr.REMOVE_REASON, new StringValue(reason)).build();
    }

    public static Transaction held(JobId id, ClassAd ad, String reason, int reasonCode, long now) {
        return held(id, ad, reason, reasonCode, 0, now);
    }

    /**
     * To Held: HoldReason, HoldReasonCode, HoldReasonSubCode, NumHolds + 1; a ReleaseReason
     * from an earlier release moves to LastReleaseReason, as HTCondor's schedd moves it.
     */
    public static Transaction held(JobId id, ClassAd ad, String reason, int reasonCode, int subCode, long now) {
        Transaction.Builder tx = HOLD.begin(id, ad, now)
                .set(id, Attr.HOLD_REASON, new StringValue(reason))
                .set(id, Attr.HOLD_REASON_CODE, reasonCode)
                .set(id, Attr.HOLD_REASON_SUB_CODE, subCode)
                .set(id, Attr.NUM_HOLDS, JobQueue.longOf(ad, Attr.NUM_HOLDS, 0) + 1);
        moveAside(tx, id, ad, Attr.RELEASE_REASON, Attr.LAST_RELEASE_REASON);
        return tx.build();
    }

    public static Transaction released(JobId id, ClassAd ad, long now) {
        return released(id, ad, "released", now);
    }

    /** Held to Idle: ReleaseReason; HoldReason, HoldReasonCode and HoldReasonSubCode become LastHoldReason... */
    public static Transaction released(JobId id, ClassAd ad, String reason, long now) {
        Transaction.Builder tx = RELEASE.begin(id, ad, now).set(id, Attr.RELEASE_REASON, new StringValue(reason));
        moveAside(tx, id, ad, Attr.HOLD_REASON, Attr.LAST_HOLD_REASON);
        moveAside(tx, id, ad, Attr.HOLD_REASON_CODE, Attr.LAST_HOLD_REASON_CODE);
        moveAside(tx, id, ad, Attr.HOLD_REASON_SUB_CODE, Attr.LAST_HOLD_REASON_SUB_CODE);
        return tx.build();
    }

    /** Running to Suspended (its process tree is stopped): LastSuspensionTime, TotalSuspensions + 1. */
    public static Transaction suspended(JobId id, ClassAd ad, long now) {
        return SUSPEND.begin(id, ad, now)
                .set(id, Attr.LAST_SUSPENSION_TIME, now)
                .set(id, Attr.TOTAL_SUSPENSIONS, JobQueue.longOf(ad, Attr.TOTAL_SUSPENSIONS, 0) + 1)
                .build();
    }

    /** Suspended to Running: the suspension's length joins CumulativeSuspensionTime (see {@link #begin}). */
    public static Transaction continued(JobId id, ClassAd ad, long now) {
        return CONTINUE.begin(id, ad, now).build();
    }

    /**
     * The startd evicted the job because its claim was preempted: Running (or Suspended) back to
     * Idle, to be matched again, recording what HTCondor's shadow records for a vacate:
     * LastVacateTime; the run's wall clock (the starter's) added to RemoteWallClockTime and to
     * CumulativeSlotTime (one slot); the run's CPU times; LastRemoteHost. NumJobStarts keeps
     * counting starts and no exit is recorded: the job did not exit.
     */
    public static Transaction evicted(JobId id, ClassAd ad, ExitReport r, long now) {
        Transaction.Builder tx = peaks(EVICT.begin(id, ad, now), id, ad, r.usage())
                .set(id, Attr.LAST_VACATE_TIME, now)
                .set(id, Attr.REMOTE_WALL_CLOCK_TIME, new RealValue(real(ad, Attr.REMOTE_WALL_CLOCK_TIME)
                        + r.remoteWallClockTime()))
                .set(id, Attr.CUMULATIVE_SLOT_TIME, new RealValue(real(ad, Attr.CUMULATIVE_SLOT_TIME)
                        + r.remoteWallClockTime()))
                .set(id, Attr.REMOTE_USER_CPU, new RealValue(r.remoteUserCpu()))
                .set(id, Attr.REMOTE_SYS_CPU, new RealValue(r.remoteSysCpu()));
        Expr host = ad.lookup(Attr.REMOTE_HOST);
        if (host != null) {
            tx.set(id, Attr.LAST_REMOTE_HOST, host);
        }
        return tx.build();
    }

    /**
     * The job's startd stopped answering for longer than the claim's lease: the scheduler gave
     * the claim up and the job goes back to Idle, to run again elsewhere (HTCondor's shadow
     * whose reconnect failed). NumJobStarts already counted the lost run; LastVacateTime,
     * LastRemoteHost, VacateReason and JobDisconnectedDate ({@code renewed}, when the startd
     * last answered) record what happened, and the user log writes 024 "Job reconnection failed".
     */
    public static Transaction claimLost(JobId id, ClassAd ad, long lease, long renewed, long now) {
        return claimGone(id, ad, "Job disconnected too long: lease (" + lease + " seconds) expired", renewed, now);
    }

    /** As {@link #claimLost}, with the VacateReason given (a startd that no longer knows the claim). */
    public static Transaction claimGone(JobId id, ClassAd ad, String reason, long renewed, long now) {
        Expr host = ad.lookup(Attr.REMOTE_HOST);
        Transaction.Builder tx = EVICT.begin(id, ad, now)
                .set(id, Attr.LAST_VACATE_TIME, now)
                .set(id, Attr.JOB_DISCONNECTED_DATE, renewed)
                .set(id, Attr.VACATE_REASON, new StringValue(reason));
        if (host != null) {
            tx.set(id, Attr.LAST_REMOTE_HOST, host);
        }
        return tx.build();
    }

    /**
     * A running job's usage so far (the starter's JobUsage, every STARTER_UPDATE_INTERVAL): its
     * CPU times, and ImageSize, ResidentSetSize, MemoryUsage and DiskUsage as the peaks over all
     * its runs, as HTCondor's shadow records them. No status change; RemoteWallClockTime stays the
     * total of finished runs (the current run's time is JobCurrentStartDate's age).
     * {@link ScheddFailure.WrongState} unless the job is running or suspended.
     */
    public static Transaction usage(JobId id, ClassAd ad, RunUsage u) {
        JobStatus current = JobQueue.status(ad);
        if (current != JobStatus.RUNNING && current != JobStatus.SUSPENDED) {
            throw new ScheddFailure.WrongState("job " + id + " is " + word(current)
                    + "; only running or suspended jobs report usage");
        }
        return peaks(Transaction.builder(), id, ad, u)
                .set(id, Attr.REMOTE_USER_CPU, new RealValue(u.remoteUserCpu()))
                .set(id, Attr.REMOTE_SYS_CPU, new RealValue(u.remoteSysCpu()))
                .build();
    }

    /**
     * The starter stopped a running job for a reason to hold it (34, over its memory limit): Held
     * as {@link #held} makes it, with the run's CPU times, its wall clock added to
     * RemoteWallClockTime (the starter's figure rather than the hold's estimate) and its peaks.
     */
    public static Transaction heldByStarter(JobId id, ClassAd ad, ExitReport r, long now) {
        Transaction.Builder tx = Transaction.builder();
        held(id, ad, r.holdReason(), r.holdReasonCode(), now).ops().forEach(tx::add);
        return peaks(tx, id, ad, r.usage())
                .set(id, Attr.REMOTE_USER_CPU, new RealValue(r.remoteUserCpu()))
                .set(id, Attr.REMOTE_SYS_CPU, new RealValue(r.remoteSysCpu()))
                .set(id, Attr.REMOTE_WALL_CLOCK_TIME, wallClockAfter(ad, r))
                .build();
    }

    /** ImageSize, ResidentSetSize, MemoryUsage, DiskUsage: each the larger of the ad's and the report's. */
    private static Transaction.Builder peaks(Transaction.Builder tx, JobId id, ClassAd ad, RunUsage u) {
        if (u.measured()) {
            tx.set(id, Attr.IMAGE_SIZE, Math.max(JobQueue.longOf(ad, Attr.IMAGE_SIZE, 0), u.imageSizeKiB()))
                    .set(id, Attr.RESIDENT_SET_SIZE, Math.max(JobQueue.longOf(ad, Attr.RESIDENT_SET_SIZE, 0),
                            u.residentSetSizeKiB()))
                    .set(id, Attr.MEMORY_USAGE, Math.max(JobQueue.longOf(ad, Attr.MEMORY_USAGE, 0), u.memoryUsageMiB()))
                    .set(id, Attr.DISK_USAGE, Math.max(JobQueue.longOf(ad, Attr.DISK_USAGE, 0), u.diskUsageKiB()));
        }
        return tx;
    }

    /**
     * RemoteWallClockTime once a run has ended with report {@code r}: the earlier runs' total
     * plus this run's (HTCondor's attribute is cumulative). A transaction that also holds the
     * job sets it after the hold's own estimate, so the starter's figure wins.
     */
    static RealValue wallClockAfter(ClassAd ad, ExitReport r) {
        return new RealValue(real(ad, Attr.REMOTE_WALL_CLOCK_TIME) + r.remoteWallClockTime());
    }

    private static double real(ClassAd ad, String name) {
        Expr v = ad.lookup(name);
        return v instanceof RealValue r ? r.value() : v instanceof IntegerValue i ? i.value() : 0;
    }

    /**
     * Binds {@code last} to {@code name}'s value and removes {@code name}, if it has a value: the
     * proc's own binding is deleted (HTCondor's DeleteAttribute); one it inherits from its cluster
     * ad (a cluster submitted on hold) cannot be, so the proc binds it to undefined instead.
     */
    private static void moveAside(Transaction.Builder tx, JobId id, ClassAd ad, String name, String last) {
        Expr value = ad.lookup(name);
        if (value != null && !(value instanceof UndefinedValue)) {
            tx.set(id, last, value);
            ClassAd cluster = ad.chainedParent();
            if (cluster != null && cluster.lookup(name) != null) {
                tx.set(id, name, Value.UNDEFINED);
            } else {
                tx.delete(id, name);
            }
        }
    }

    /**
     * The job policy's answer to an exit that on_exit_remove did not accept: Running (or
     * Suspended) back to Idle to be matched and run again, the exit recorded ({@link #exitRecord})
     * and VacateReason saying which expression sent it back (docs/protocols.md, "Job policy").
     */
    public static Transaction requeued(JobId id, ClassAd ad, ExitReport r, String reason, long now) {
        JobStatus current = JobQueue.status(ad);
        if (!EXIT.allowedFrom(current)) {
            throw new ScheddFailure.WrongState("job " + id + " is " + word(current) + "; cannot requeue it");
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
        return peaks(Transaction.builder(), id, ad, r.usage())
                .set(id, Attr.EXIT_CODE, IntegerValue.of(r.exitCode()))
                .set(id, Attr.EXIT_BY_SIGNAL, BooleanValue.of(r.exitBySignal()))
                .set(id, Attr.EXIT_SIGNAL, IntegerValue.of(r.exitSignal()))
                .set(id, Attr.REMOTE_USER_CPU, new RealValue(r.remoteUserCpu()))
                .set(id, Attr.REMOTE_SYS_CPU, new RealValue(r.remoteSysCpu()))
                .set(id, Attr.REMOTE_WALL_CLOCK_TIME, wallClockAfter(ad, r))
                .set(id, Attr.NUM_JOB_COMPLETIONS, JobQueue.longOf(ad, Attr.NUM_JOB_COMPLETIONS, 0) + 1)
                .build();
    }
}
