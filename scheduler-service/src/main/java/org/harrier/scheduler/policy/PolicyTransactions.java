package org.harrier.scheduler.policy;

import org.harrier.classad.ClassAd;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.StringValue;
import org.harrier.scheduler.queue.Attr;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobQueue;
import org.harrier.scheduler.queue.Transaction;
import org.harrier.scheduler.queue.Transition;

/**
 * The queue transaction that carries out a policy verdict: the state machine's own transition
 * ({@link Transition}) plus what the policy adds to it (HoldReasonSubCode, ReleaseReason, the
 * exit record). Pure; throws {@link org.harrier.scheduler.ScheddFailure.WrongState} as the
 * transitions do when the job cannot move.
 */
public final class PolicyTransactions {
    private PolicyTransactions() {
    }

    /** The transaction for a periodic verdict; null for {@link PolicyAction.None}. */
    public static Transaction periodic(JobId id, ClassAd job, PolicyAction action, long now) {
        if (action instanceof PolicyAction.Hold h) {
            return then(Transition.held(id, job, h.reason(), h.code(), now))
                    .set(id, PolicyAttr.HOLD_REASON_SUB_CODE, IntegerValue.of(h.subCode())).build();
        }
        if (action instanceof PolicyAction.Release r) {
            return then(Transition.released(id, job, now))
                    .set(id, PolicyAttr.RELEASE_REASON, new StringValue(r.reason())).build();
        }
        if (action instanceof PolicyAction.Remove r) {
            return Transition.removed(id, job, r.reason(), now);
        }
        return null;
    }

    /** The transaction for the verdict on an exit: every one records the exit and counts it in NumJobCompletions. */
    public static Transaction exit(JobId id, ClassAd job, ExitReport report, ExitAction action, long now) {
        if (action instanceof ExitAction.Requeue r) {
            return Transition.requeued(id, job, report, r.reason(), now);
        }
        if (action instanceof ExitAction.Complete) {
            return then(Transition.exited(id, job, report, now))
                    .set(id, Attr.NUM_JOB_COMPLETIONS, JobQueue.longOf(job, Attr.NUM_JOB_COMPLETIONS, 0) + 1).build();
        }
        Transaction state = action instanceof PolicyAction.Hold h
                ? then(Transition.held(id, job, h.reason(), h.code(), now))
                        .set(id, PolicyAttr.HOLD_REASON_SUB_CODE, IntegerValue.of(h.subCode())).build()
                : Transition.removed(id, job, ((PolicyAction.Remove) action).reason(), now);
        Transaction.Builder b = then(state);
        Transition.exitRecord(id, job, report).ops().forEach(b::add);
        return b.build();
    }

    private static Transaction.Builder then(Transaction first) {
        Transaction.Builder b = Transaction.builder();
        first.ops().forEach(b::add);
        return b;
    }
}
