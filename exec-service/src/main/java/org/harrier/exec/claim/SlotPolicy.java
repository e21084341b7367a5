package org.harrier.exec.claim;

import java.util.Objects;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Match;
import org.harrier.classad.RealValue;
import org.harrier.classad.Value;

/**
 * The machine owner's preemption policy besides START (HTCondor's RANK and
 * MAXJOBRETIREMENTTIME knobs): which jobs the slot prefers, and how long a running job may
 * keep going once its claim is preempted. Both are expressions with the slot as MY and the job
 * as TARGET; both are advertised in the slot ads so the negotiator can read them.
 */
public record SlotPolicy(Expr rank, Expr maxJobRetirementTime, Expr maxVacateTime) {
    /** HTCondor's defaults: no preference (Rank 0), no retirement (MaxJobRetirementTime 0). */
    public static final SlotPolicy DEFAULT = new SlotPolicy(Expr.parse("0"), Expr.parse("0"));

    /**
     * {@code maxVacateTime} is MAXVACATETIME (slot as MY, job as TARGET; see {@link VacateTime}),
     * or null when it is not configured and the startd's kill grace is the machine's vacate time.
     */
    public SlotPolicy {
        Objects.requireNonNull(rank, "rank");
        Objects.requireNonNull(maxJobRetirementTime, "maxJobRetirementTime");
    }

    /** Without MAXVACATETIME: a vacated job has the startd's kill grace. */
    public SlotPolicy(Expr rank, Expr maxJobRetirementTime) {
        this(rank, maxJobRetirementTime, null);
    }

    /** {@code slotAd} with this policy's Rank and MaxJobRetirementTime expressions. */
    public ClassAd advertisedIn(ClassAd slotAd) {
        return addTo(slotAd.toBuilder()).build();
    }

    /** Sets this policy's Rank and MaxJobRetirementTime in {@code slotAd}, a slot ad being built; returns it. */
    public ClassAd.Builder addTo(ClassAd.Builder slotAd) {
        return slotAd.set("Rank", rank).set("MaxJobRetirementTime", maxJobRetirementTime);
    }

    /** The slot's Rank of {@code job} (HTCondor's CurrentRank once it runs): a real, 0.0 when not a number. */
    public double rankOf(ClassAd slotAd, ClassAd job, EvalContext context) {
        return Match.rank(advertisedIn(slotAd), job, context);
    }

    /**
     * The machine's MaxJobRetirementTime for {@code job}, in whole seconds: the expression
     * evaluated with the job as TARGET, a real truncated; anything that is not a non-negative
     * number (undefined, an error, a string) is 0, HTCondor's default, so a broken expression
     * never shields a job from preemption.
     */
    public long retirementOf(ClassAd slotAd, ClassAd job, EvalContext context) {
        return seconds(context.evaluate(maxJobRetirementTime, advertisedIn(slotAd), job));
    }

    /**
     * The job's own MaxJobRetirementTime (condor_submit's {@code max_job_retirement_time}) with
     * the slot as TARGET, in whole seconds; null when the job does not say (or says nonsense).
     */
    public static Long jobRetirementOf(ClassAd job, ClassAd slotAd, EvalContext context) {
        Expr own = job.lookup("MaxJobRetirementTime");
        if (own == null) {
            return null;
        }
        Value v = context.evaluate(own, job, slotAd);
        return v instanceof IntegerValue || v instanceof RealValue ? seconds(v) : null;
    }

    /**
     * False when no expression a job's start evaluates can read the slot's ad: this policy's Rank
     * and MaxJobRetirementTime and the job's own MaxJobRetirementTime are each absent or a number,
     * which evaluates to itself in any ad; {@link #rankOf}, {@link #retirementOf} and
     * {@link #jobRetirementOf} then answer the same for any slot ad, {@link ClassAd#EMPTY} too.
     * HTCondor's defaults (Rank 0, MaxJobRetirementTime 0) are such numbers.
     */
    public boolean readsSlotAd(ClassAd job) {
        Expr own = job.lookup("MaxJobRetirementTime");
        return !(number(rank) && number(maxJobRetirementTime) && (own == null || number(own)));
    }

    private static boolean number(Expr e) {
        return e instanceof IntegerValue || e instanceof RealValue;
    }

    private static long seconds(Value v) {
        if (v instanceof IntegerValue i) {
            return Math.max(0, i.value());
        }
        if (v instanceof RealValue r && !Double.isNaN(r.value())) {
            return Math.max(0, (long) r.value());
        }
        return 0;
    }
}
