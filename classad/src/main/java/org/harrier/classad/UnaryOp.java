package org.harrier.classad;

import java.util.Objects;

/** {@code -x}, {@code +x}, {@code !x}, {@code ~x}. */
public final class UnaryOp implements Expr {
    private final Op op;
    private final Expr operand;
    private final int depth;

    public UnaryOp(Op op, Expr operand) {
        if (Objects.requireNonNull(op, "op").kind != Op.Kind.UNARY) {
            throw new IllegalArgumentException(op + " is not a unary operator");
        }
        this.op = op;
        this.operand = Objects.requireNonNull(operand, "operand");
        this.depth = TreeDepth.check(operand.depth() + 1);
    }

    public Op op() {
        return op;
    }

    public Expr operand() {
        return operand;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        return Operators.unary(op, operand.evaluate(context, scope));
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnaryOp other && other.op == op && other.operand.equals(operand);
    }

    @Override
    public int hashCode() {
        return op.hashCode() * 31 + operand.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
