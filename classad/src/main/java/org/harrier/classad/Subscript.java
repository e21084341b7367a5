package org.harrier.classad;

import java.util.Objects;

/** {@code list[i]} (zero-based; out of range is an error) or {@code record["name"]}. */
public final class Subscript implements Expr {
    private final Expr base;
    private final Expr index;
    private final int depth;

    public Subscript(Expr base, Expr index) {
        this.base = Objects.requireNonNull(base, "base");
        this.index = Objects.requireNonNull(index, "index");
        this.depth = TreeDepth.check(Math.max(base.depth(), index.depth()) + 1);
    }

    public Expr base() {
        return base;
    }

    public Expr index() {
        return index;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        Value container = base.evaluate(context, scope);
        Value at = index.evaluate(context, scope);
        if (container == Value.ERROR || at == Value.ERROR) {
            return Value.ERROR;
        }
        if (container == Value.UNDEFINED || at == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        if (container instanceof ListValue list && at instanceof IntegerValue i) {
            long n = i.value();
            return n < 0 || n >= list.size() ? Value.ERROR : list.get((int) n);
        }
        if (container instanceof ClassAdValue ad && at instanceof StringValue s) {
            return ad.scope().lookupHere(Names.foldCase(s.value()), context);
        }
        return Value.ERROR;
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Subscript other && other.base.equals(base) && other.index.equals(index);
    }

    @Override
    public int hashCode() {
        return base.hashCode() * 31 + index.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
