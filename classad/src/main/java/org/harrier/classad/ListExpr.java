package org.harrier.classad;

import java.util.List;

/** A list literal {@code { a, b, c }}; its value is the list of its items' values. */
public final class ListExpr implements Expr {
    private final List<Expr> items;
    private final int depth;

    public ListExpr(List<Expr> items) {
        this.items = List.copyOf(items);
        int deepest = 0;
        for (Expr e : this.items) {
            deepest = Math.max(deepest, e.depth());
        }
        this.depth = TreeDepth.check(deepest + 1);
    }

    public List<Expr> items() {
        return items;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        if (items.isEmpty()) {
            return ListValue.EMPTY;
        }
        Value[] values = new Value[items.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = items.get(i).evaluate(context, scope);
        }
        return new ListValue(List.of(values));
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ListExpr other && other.items.equals(items);
    }

    @Override
    public int hashCode() {
        return items.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
