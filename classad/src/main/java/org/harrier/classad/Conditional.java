package org.harrier.classad;

import java.util.Objects;

/**
 * {@code cond ? a : b}. The condition must be a boolean or a number (zero is false); if it is
 * {@code undefined} the result is {@code undefined}, anything else gives {@code error}. Only the
 * chosen branch is evaluated.
 */
public final class Conditional implements Expr {
    private final Expr condition;
    private final Expr whenTrue;
    private final Expr whenFalse;
    private final int depth;

    public Conditional(Expr condition, Expr whenTrue, Expr whenFalse) {
        this.condition = Objects.requireNonNull(condition, "condition");
        this.whenTrue = Objects.requireNonNull(whenTrue, "whenTrue");
        this.whenFalse = Objects.requireNonNull(whenFalse, "whenFalse");
        this.depth = TreeDepth.check(
                Math.max(condition.depth(), Math.max(whenTrue.depth(), whenFalse.depth())) + 1);
    }

    public Expr condition() {
        return condition;
    }

    public Expr whenTrue() {
        return whenTrue;
    }

    public Expr whenFalse() {
        return whenFalse;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        Value c = condition.evaluate(context, scope);
        int truth = Coercion.truth(c);
        if (truth == 1) {
            return whenTrue.evaluate(context, scope);
        }
        if (truth == 0) {
            return whenFalse.evaluate(context, scope);
        }
        return c == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Conditional other && other.condition.equals(condition)
                && other.whenTrue.equals(whenTrue) && other.whenFalse.equals(whenFalse);
    }

    @Override
    public int hashCode() {
        return Objects.hash(condition, whenTrue, whenFalse);
    }

    @Override
    public String toString() {
        return unparse();
    }
}
