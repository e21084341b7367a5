package org.harrier.classad;

import java.util.List;

/**
 * A built-in function. It receives its arguments unevaluated, so functions such as
 * {@code ifThenElse}, {@code unparse} and {@code evalInEachContext} can choose what to
 * evaluate and where; most evaluate every argument with {@link EvalContext#evaluate(Expr, Scope)}.
 *
 * <p>Implementations must be pure apart from reading {@link EvalContext#now()} and
 * {@link EvalContext#random()}, must not throw for any input (a wrong argument count or type
 * is {@code error}), and must never return null.
 */
@FunctionalInterface
public interface ClassAdFunction {
    Value call(List<Expr> arguments, EvalContext context, Scope scope);
}
