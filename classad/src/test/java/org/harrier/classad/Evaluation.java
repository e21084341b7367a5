package org.harrier.classad;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * Test fixture: evaluates expression text and returns the value as new-syntax text, so tables
 * of cases read {@code "strcat(1, 2)" -> "\"12\""}. The clock is fixed at {@link #NOW} and the
 * random seed at 42, so every case is reproducible.
 */
public final class Evaluation {
    /** 2024-01-31T10:15:30Z, a Wednesday. */
    public static final Instant NOW = Instant.parse("2024-01-31T10:15:30Z");
    public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private Evaluation() {
    }

    public static EvalContext context() {
        return EvalContext.create(CLOCK, 42);
    }

    /** The value of {@code expr} (new syntax) with no ad in scope, unparsed. */
    public static String eval(String expr) {
        return context().evaluate(Expr.parse(expr), ClassAd.EMPTY, null).unparse();
    }

    /** The value of {@code expr} evaluated as part of the ad {@code my} (either syntax). */
    public static String eval(String expr, String my) {
        return context().evaluate(Expr.parse(expr), ClassAd.parse(my), null).unparse();
    }

    /** The value of {@code expr} evaluated as part of {@code my} matched against {@code target}. */
    public static String eval(String expr, String my, String target) {
        return context().evaluate(Expr.parse(expr), ClassAd.parse(my), ClassAd.parse(target)).unparse();
    }

    /** The value itself, for assertions on its type. */
    public static Value value(String expr) {
        return context().evaluate(Expr.parse(expr), ClassAd.EMPTY, null);
    }
}
