package org.harrier.classad;

import java.util.Set;

/**
 * A ClassAd expression. Immutable and shareable between threads; everything that changes
 * during evaluation lives in the {@link EvalContext}.
 *
 * <p>Evaluation follows HTCondor's default ("old") semantics: an unscoped attribute name is
 * looked up in the ad the expression belongs to, then in its enclosing ads, then in the
 * target ad; {@code MY.}, {@code TARGET.} and {@code PARENT.} select one of them explicitly.
 */
public sealed interface Expr
        permits Value, AttributeRef, ScopedRef, Selection, Subscript, UnaryOp, BinaryOp,
                Conditional, Elvis, FunctionCall, ListExpr, RecordExpr, Parens, ScaledNumber {

    /** Parses one expression in new ClassAd syntax. */
    static Expr parse(String text) {
        return parse(text, Syntax.NEW);
    }

    static Expr parse(String text, Syntax syntax) {
        return Parser.parseExpression(text, syntax);
    }

    /**
     * Evaluates this expression in {@code scope}. This is the step built-in functions use to
     * evaluate their arguments; callers outside the library start from {@link #evaluate(ClassAd)}
     * or {@link EvalContext#evaluate(Expr, ClassAd, ClassAd)}.
     */
    Value evaluate(EvalContext context, Scope scope);

    /** Height of the tree; bounded by {@link TreeDepth#MAX} so evaluation cannot exhaust the stack. */
    int depth();

    /** Evaluates with no ad in scope: attribute references are {@code undefined}. */
    default Value evaluate() {
        return EvalContext.create().evaluate(this, ClassAd.EMPTY, null);
    }

    /** Evaluates in the context of {@code my}, with no target ad. */
    default Value evaluate(ClassAd my) {
        return EvalContext.create().evaluate(this, my, null);
    }

    /** Evaluates as part of {@code my}, matched against {@code target}. */
    default Value evaluate(ClassAd my, ClassAd target) {
        return EvalContext.create().evaluate(this, my, target);
    }

    default String unparse() {
        return Unparser.unparse(this, Syntax.NEW);
    }

    default String unparse(Syntax syntax) {
        return Unparser.unparse(this, syntax);
    }

    /**
     * Names (lower-cased) of the attributes this expression reads, as written: unscoped names and
     * names behind {@code MY.}, {@code TARGET.}, {@code PARENT.}. Used to group jobs that match alike.
     */
    default Set<String> references() {
        return References.of(this);
    }
}
