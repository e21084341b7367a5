package org.harrier.classad;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code base.name}: an attribute of the record {@code base} evaluates to. Applied to a list of
 * records it gives the list of each record's attribute, as libclassad does.
 */
public final class Selection implements Expr {
    private final Expr base;
    private final String name;
    private final String key;
    private final int depth;

    public Selection(Expr base, String name) {
        this(base, Names.of(checked(name)));
    }

    Selection(Expr base, Names.Name n) {
        this.base = Objects.requireNonNull(base, "base");
        this.name = n.spelling();
        this.key = n.key();
        this.depth = TreeDepth.check(base.depth() + 1);
    }

    public Expr base() {
        return base;
    }

    public String name() {
        return name;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        return select(base.evaluate(context, scope), context);
    }

    /**
     * A list selects from each item, as libclassad's FindExpr does: records give their
     * attribute, nested lists recurse, undefined items stay undefined and any other item is
     * error in its place ({@code {[a = 1], 3}.a} is {@code {1, error}}).
     */
    private Value select(Value record, EvalContext context) {
        if (record instanceof ClassAdValue ad) {
            return ad.scope().select(key, context);
        }
        if (record instanceof ListValue list) {
            List<Value> out = new ArrayList<>(list.size());
            for (Value item : list.items()) {
                out.add(select(item, context));
            }
            return new ListValue(out);
        }
        return record == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Selection other && other.name.equals(name) && other.base.equals(base);
    }

    @Override
    public int hashCode() {
        return base.hashCode() * 31 + key.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }

    private static String checked(String name) {
        Names.requireValid(name);
        return name;
    }
}
