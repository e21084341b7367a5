package org.harrier.scheduler.userlog;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.scheduler.policy.PolicyAttr;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.JobStatus;

/**
 * Which user-log event a change of a job is, as a pure function of the job's ad before and after
 * the change (what {@code ScheddEvents} hands over):
 *
 * <pre>
 * queued                     000 Submit
 * Idle -> Running            001 Execute
 * Running -> Idle            004 Evicted ("Job terminated and was requeued" when NumJobCompletions grew),
 *                            024 Reconnect failed when the claim's lease ran out (JobDisconnectedDate set)
 * -> Completed               005 Terminated
 * -> Removed                 009 Aborted (RemoveReason)
 * -> Held                    012 Held (HoldReason, Code, Subcode)
 * Held -> Idle               013 Released (ReleaseReason)
 * Running -> Suspended       010 Suspended
 * Suspended -> Running       011 Unsuspended
 * </pre>
 *
 * An event's time is the change's EnteredCurrentStatus (the submission's QDate), in the
 * scheduler's time zone, as HTCondor writes local time.
 */
public final class UserLogEvents {
    private final String submitHost;
    private final ZoneId zone;

    /** @param submitHost the schedd's host, as the submit event names it */
    public UserLogEvents(String submitHost, ZoneId zone) {
        this.submitHost = submitHost;
        this.zone = zone;
    }

    public UserLogEvent submitted(JobId id, ClassAd ad, long now) {
        return new UserLogEvent(UserLogEvent.SUBMIT, id, time(ad, Attr.QDATE, now), EventText.submitted(submitHost));
    }

    /** The event of a change from {@code before} to {@code after}; empty when the status did not change in a way the log records. */
    public Optional<UserLogEvent> changed(JobId id, ClassAd before, ClassAd after, long now) {
        JobStatus from = JobQueue.status(before);
        JobStatus to = JobQueue.status(after);
        if (from == to) {
            return Optional.empty();
        }
        String text = text(from, to, before, after);
        if (text == null) {
            return Optional.empty();
        }
        int code = to == JobStatus.IDLE && from != JobStatus.HELD && disconnected(before, after)
                ? UserLogEvent.RECONNECT_FAILED : code(from, to);
        return Optional.of(new UserLogEvent(code, id, time(after, Attr.ENTERED_CURRENT_STATUS, now), text));
    }

    private static int code(JobStatus from, JobStatus to) {
        return switch (to) {
            case RUNNING -> from == JobStatus.SUSPENDED ? UserLogEvent.UNSUSPENDED : UserLogEvent.EXECUTE;
            case IDLE -> from == JobStatus.HELD ? UserLogEvent.RELEASED : UserLogEvent.EVICTED;
            case COMPLETED -> UserLogEvent.TERMINATED;
            case REMOVED -> UserLogEvent.ABORTED;
            case HELD -> UserLogEvent.HELD;
            case SUSPENDED -> UserLogEvent.SUSPENDED;
            case TRANSFERRING_OUTPUT -> -1;
        };
    }

    private static String text(JobStatus from, JobStatus to, ClassAd before, ClassAd after) {
        switch (to) {
            case RUNNING:
                if (from == JobStatus.SUSPENDED) {
                    return EventText.unsuspended();
                }
                return from == JobStatus.IDLE ? executing(after) : null;
            case IDLE:
                if (from == JobStatus.HELD) {
                    return EventText.released(string(after, PolicyAttr.RELEASE_REASON));
                }
                if (from != JobStatus.RUNNING && from != JobStatus.SUSPENDED) {
                    return null;
                }
                if (disconnected(before, after)) {
                    return EventText.reconnectFailed(string(after, PolicyAttr.VACATE_REASON),
                            String.valueOf(string(after, Attr.LAST_REMOTE_HOST)));
                }
                if (completions(after) > completions(before)) {
                    return EventText.requeued(usage(after), exit(after), string(after, PolicyAttr.VACATE_REASON));
                }
                return EventText.evicted(usage(after));
            case COMPLETED:
                return EventText.terminated(usage(after), exit(after), JobQueue.longOf(after, "BytesSent", 0),
                        JobQueue.longOf(after, "BytesRecvd", 0));
            case REMOVED:
                return EventText.aborted(string(after, Attr.REMOVE_REASON));
            case HELD:
                return EventText.held(string(after, Attr.HOLD_REASON), JobQueue.longOf(after, Attr.HOLD_REASON_CODE, 0),
                        JobQueue.longOf(after, PolicyAttr.HOLD_REASON_SUB_CODE, 0));
            case SUSPENDED:
                return from == JobStatus.RUNNING ? EventText.suspended(1) : null;
            default:
                return null;
        }
    }

    /** RemoteHost is the slot, {@code slot1_1@host}: the event names the host and the slot. */
    private static String executing(ClassAd ad) {
        String remote = string(ad, Attr.REMOTE_HOST);
        if (remote == null) {
            return EventText.executing("unknown", null);
        }
        int at = remote.lastIndexOf('@');
        return at < 0 ? EventText.executing(remote, null) : EventText.executing(remote.substring(at + 1), remote);
    }

    /** The scheduler gave the job's claim up: this change set a new JobDisconnectedDate. */
    private static boolean disconnected(ClassAd before, ClassAd after) {
        Expr now = after.lookup(Attr.JOB_DISCONNECTED_DATE);
        return now != null && !now.equals(before.lookup(Attr.JOB_DISCONNECTED_DATE));
    }

    private static long completions(ClassAd ad) {
        return JobQueue.longOf(ad, PolicyAttr.NUM_JOB_COMPLETIONS, 0);
    }

    private static EventText.Usage usage(ClassAd ad) {
        return new EventText.Usage(real(ad, Attr.REMOTE_USER_CPU), real(ad, Attr.REMOTE_SYS_CPU));
    }

    private static EventText.Exit exit(ClassAd ad) {
        boolean bySignal = ad.lookup(Attr.EXIT_BY_SIGNAL) instanceof BooleanValue b && b.value();
        return new EventText.Exit(bySignal, JobQueue.longOf(ad, Attr.EXIT_CODE, 0), JobQueue.longOf(ad, Attr.EXIT_SIGNAL, 0));
    }

    private LocalDateTime time(ClassAd ad, String attribute, long now) {
        return LocalDateTime.ofInstant(Instant.ofEpochSecond(JobQueue.longOf(ad, attribute, now)), zone);
    }

    private static String string(ClassAd ad, String attribute) {
        return ad.lookup(attribute) instanceof StringValue s ? s.value() : null;
    }

    private static double real(ClassAd ad, String attribute) {
        Expr v = ad.lookup(attribute);
        if (v instanceof RealValue r) {
            return r.value();
        }
        return v instanceof IntegerValue i ? i.value() : 0;
    }
}
