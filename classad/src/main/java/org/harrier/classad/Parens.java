package org.harrier.classad;

import java.util.Objects;

/** Parentheses as written, kept so an expression unparses the way its author wrote it. */
public final class Parens implements Expr {
    private final Expr inner;
    private final int depth;

    public Parens(Expr inner) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.depth = TreeDepth.check(inner.depth() + 1);
    }

    public Expr inner() {
        return inner;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        return inner.evaluate(context, scope);
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Parens other && other.inner.equals(inner);
    }

    @Override
    public int hashCode() {
        return inner.hashCode() * 7 + 1;
    }

    @Override
    public String toString() {
        return unparse();
    }
}
