package org.harrier.classad;

import java.util.List;
import java.util.Objects;

/**
 * A call of a built-in function, resolved by name (ignoring case) when the expression is built.
 * A name with no function behind it still parses, so ads written by newer versions survive, but
 * evaluates to {@code error}.
 */
public final class FunctionCall implements Expr {
    private final String name;
    private final List<Expr> arguments;
    private final ClassAdFunction function;
    private final int depth;
    static final int CALL_LEVELS = 3;

    public FunctionCall(String name, List<Expr> arguments) {
        Names.requireValid(name);
        this.name = Names.spelling(name);
        this.arguments = List.copyOf(arguments);
        this.function = FunctionTable.builtin().lookup(name);
        int deepest = 0;
        for (Expr a : this.arguments) {
            deepest = Math.max(deepest, a.depth());
        }
        // A call costs about three stack frames (call, function, argument evaluation) where an
        // operator costs one, so it counts as three levels towards the depth caps.
        this.depth = TreeDepth.check(deepest + CALL_LEVELS);
    }

    public String name() {
        return name;
    }

    public List<Expr> arguments() {
        return arguments;
    }

    /** True if a built-in function of this name exists. */
    public boolean isKnown() {
        return function != null;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        if (function == null) {
            return Value.ERROR;
        }
        return Objects.requireNonNull(function.call(arguments, context, scope),
                () -> "function " + name + " returned null");
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FunctionCall other && other.name.equals(name) && other.arguments.equals(arguments);
    }

    @Override
    public int hashCode() {
        return Names.foldCase(name).hashCode() * 31 + arguments.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
