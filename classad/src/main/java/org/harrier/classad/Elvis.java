package org.harrier.classad;

import java.util.Objects;

/** {@code a ?: b}: the value of {@code a} unless it is {@code undefined}, else the value of {@code b}. */
public final class Elvis implements Expr {
    private final Expr value;
    private final Expr fallback;
    private final int depth;

    public Elvis(Expr value, Expr fallback) {
        this.value = Objects.requireNonNull(value, "value");
        this.fallback = Objects.requireNonNull(fallback, "fallback");
        this.depth = TreeDepth.check(Math.max(value.depth(), fallback.depth()) + 1);
    }

    public Expr value() {
        return value;
    }

    public Expr fallback() {
        return fallback;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        Value v = value.evaluate(context, scope);
        return v == Value.UNDEFINED ? fallback.evaluate(context, scope) : v;
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Elvis other && other.value.equals(value) && other.fallback.equals(fallback);
    }

    @Override
    public int hashCode() {
        return value.hashCode() * 31 + fallback.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
