package org.harrier.exec.claim;

import java.util.Objects;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;

/**
 * The machine owner's policy for a job that is already running (HTCondor's SUSPEND, CONTINUE,
 * PREEMPT, KILL, WANT_SUSPEND and WANT_VACATE knobs; START decides only whether a job may
 * begin). Each is an expression with the slot ad as MY (its measurements: KeyboardIdle,
 * LoadAvg, CondorLoadAvg, ...) and the running job as TARGET. Anything that does not evaluate
 * to true counts as false, as in HTCondor's startd.
 *
 * <p>{@link #decide} is HTCondor's state machine for a claimed slot (HTCondor manual,
 * "condor_startd Policy Configuration", the transitions out of Claimed and Preempting):
 * <ul>
 * <li>Claimed/Busy: WANT_SUSPEND &amp;&amp; SUSPEND → Suspended; !WANT_SUSPEND &amp;&amp;
 * PREEMPT → Preempting (Vacating if WANT_VACATE, else Killing).
 * <li>Claimed/Suspended: PREEMPT → Preempting; else CONTINUE → Busy.
 * <li>Preempting/Vacating: KILL → Killing.
 * </ul>
 * Idle, Retiring (a claim already preempted by the negotiator) and Killing slots are left alone.
 */
public record OwnerPolicy(Expr suspend, Expr resume, Expr preempt, Expr kill, Expr wantSuspend, Expr wantVacate) {
    /**
     * HTCondor's defaults for a dedicated node: never suspend, preempt or kill for the owner,
     * continue at once, and vacate gracefully when preempted.
     */
    public static final OwnerPolicy DEFAULT = new OwnerPolicy(Expr.parse("FALSE"), Expr.parse("TRUE"),
            Expr.parse("FALSE"), Expr.parse("FALSE"), Expr.parse("FALSE"), Expr.parse("TRUE"));

    public OwnerPolicy {
        Objects.requireNonNull(suspend, "SUSPEND");
        Objects.requireNonNull(resume, "CONTINUE");
        Objects.requireNonNull(preempt, "PREEMPT");
        Objects.requireNonNull(kill, "KILL");
        Objects.requireNonNull(wantSuspend, "WANT_SUSPEND");
        Objects.requireNonNull(wantVacate, "WANT_VACATE");
    }

    /** The action for a job running on a slot in {@code activity}, {@code slotAd} holding the current measurements. */
    public OwnerAction decide(String activity, ClassAd slotAd, ClassAd job, EvalContext context) {
        return switch (activity) {
            case "Busy" -> {
                if (holds(wantSuspend, slotAd, job, context)) {
                    yield holds(suspend, slotAd, job, context) ? OwnerAction.SUSPEND : OwnerAction.NONE;
                }
                yield holds(preempt, slotAd, job, context) ? preemption(slotAd, job, context) : OwnerAction.NONE;
            }
            case "Suspended" -> {
                if (holds(preempt, slotAd, job, context)) {
                    yield preemption(slotAd, job, context);
                }
                yield holds(resume, slotAd, job, context) ? OwnerAction.CONTINUE : OwnerAction.NONE;
            }
            case "Vacating" -> holds(kill, slotAd, job, context) ? OwnerAction.KILL : OwnerAction.NONE;
            default -> OwnerAction.NONE;
        };
    }

    private OwnerAction preemption(ClassAd slotAd, ClassAd job, EvalContext context) {
        return holds(wantVacate, slotAd, job, context) ? OwnerAction.VACATE : OwnerAction.KILL;
    }

    private static boolean holds(Expr e, ClassAd slotAd, ClassAd job, EvalContext context) {
        return context.evaluate(e, slotAd, job) instanceof BooleanValue b && b.value();
    }
}
