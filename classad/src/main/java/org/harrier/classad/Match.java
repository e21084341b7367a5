package org.harrier.classad;

import java.util.Objects;

/**
 * The outcome of matching a job ad with a machine ad: whether each side's {@code Requirements}
 * accepts the other (a missing, undefined or non-boolean Requirements accepts nothing), and
 * each side's {@code Rank} of the other as a number (booleans count 0 and 1; anything else
 * that is not a number counts 0.0, as HTCondor's matchmaker does).
 */
public record Match(boolean matched, double jobRank, double machineRank) {

    public static final String REQUIREMENTS = "Requirements";
    public static final String RANK = "Rank";
    private static final String REQUIREMENTS_KEY = Names.key(REQUIREMENTS);
    private static final String RANK_KEY = Names.key(RANK);

    /** Matches {@code job} with {@code machine}, ranking both sides. */
    public static Match of(ClassAd job, ClassAd machine) {
        return of(job, machine, EvalContext.create());
    }

    public static Match of(ClassAd job, ClassAd machine, EvalContext context) {
        boolean matched = symmetric(job, machine, context);
        return new Match(matched, rank(job, machine, context), rank(machine, job, context));
    }

    /** True if each ad's Requirements evaluates to true against the other. */
    public static boolean symmetric(ClassAd a, ClassAd b) {
        return symmetric(a, b, EvalContext.create());
    }

    public static boolean symmetric(ClassAd a, ClassAd b, EvalContext context) {
        return accepts(a, b, context) && accepts(b, a, context);
    }

    /** True if {@code my}'s Requirements evaluates to true (or a non-zero number) with {@code target}. */
    public static boolean accepts(ClassAd my, ClassAd target, EvalContext context) {
        Objects.requireNonNull(target, "target");
        Expr requirements = my.lookupKey(REQUIREMENTS_KEY);
        if (requirements == null) {
            return false;
        }
        return Coercion.truth(context.evaluate(requirements, my, target)) == 1;
    }

    /** {@code my}'s Rank of {@code target}: the number it evaluates to, booleans as 0/1, else 0.0. */
    public static double rank(ClassAd my, ClassAd target, EvalContext context) {
        Expr rank = my.lookupKey(RANK_KEY);
        if (rank == null) {
            return 0.0;
        }
        Value v = context.evaluate(rank, my, target);
        double d = Coercion.toDouble(v);
        return Double.isNaN(d) ? 0.0 : d;
    }
}
