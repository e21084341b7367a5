package org.harrier.classad;

import java.util.Objects;

/**
 * A binary operation. {@code &&} and {@code ||} are non-strict and evaluate left to right,
 * stopping as soon as the left side decides the result; every other operator is strict
 * ({@code error} beats {@code undefined}) except the identity tests {@code =?=} and {@code =!=}.
 */
public final class BinaryOp implements Expr {
    private final Op op;
    private final Expr left;
    private final Expr right;
    private final int depth;

    public BinaryOp(Op op, Expr left, Expr right) {
        Objects.requireNonNull(op, "op");
        if (op.kind == Op.Kind.UNARY) {
            throw new IllegalArgumentException(op + " is not a binary operator");
        }
        this.op = op;
        this.left = Objects.requireNonNull(left, "left");
        this.right = Objects.requireNonNull(right, "right");
        this.depth = TreeDepth.check(Math.max(left.depth(), right.depth()) + 1);
    }

    public Op op() {
        return op;
    }

    public Expr left() {
        return left;
    }

    public Expr right() {
        return right;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        Value a = left.evaluate(context, scope);
        switch (op) {
            case AND: {
                int truth = Coercion.truth(a);
                if (truth == 0) {
                    return BooleanValue.FALSE;
                }
                if (truth < 0 && a != Value.UNDEFINED) {
                    return Value.ERROR; // error, or a string or list used as a boolean
                }
                return Operators.and(a, right.evaluate(context, scope));
            }
            case OR: {
                int truth = Coercion.truth(a);
                if (truth == 1) {
                    return BooleanValue.TRUE;
                }
                if (truth < 0 && a != Value.UNDEFINED) {
                    return Value.ERROR;
                }
                return Operators.or(a, right.evaluate(context, scope));
            }
            default:
                return Operators.binary(op, a, right.evaluate(context, scope));
        }
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BinaryOp other && other.op == op && other.left.equals(left)
                && other.right.equals(right);
    }

    @Override
    public int hashCode() {
        return (op.hashCode() * 31 + left.hashCode()) * 31 + right.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
