package org.harrier.classad;

import java.util.Arrays;

/**
 * The two stacks of shunting-yard parsing of binary operators (all left-associative). One
 * instance serves a whole parse: a nested call (a parenthesised operand) works above the mark
 * its caller holds, so parsing {@code a + (b * c)} needs no new stacks.
 */
final class OperatorStack {
    private Expr[] operands = new Expr[8];
    private Op[] operators = new Op[8];
    private int operandTop;
    private int operatorTop;

    /** The operator depth a new binary expression starts at; pass it to the other methods. */
    int mark() {
        return operatorTop;
    }

    void pushOperand(Expr e) {
        if (operandTop == operands.length) {
            operands = Arrays.copyOf(operands, operandTop * 2);
        }
        operands[operandTop++] = e;
    }

    /** Pushes {@code op} after applying every operator above {@code base} that binds at least as tightly. */
    void pushOperator(Op op, int base) {
        while (operatorTop > base && operators[operatorTop - 1].precedence >= op.precedence) {
            reduce();
        }
        if (operatorTop == operators.length) {
            operators = Arrays.copyOf(operators, operatorTop * 2);
        }
        operators[operatorTop++] = op;
    }

    /** Applies the operators above {@code base} and returns the one expression left. */
    Expr finish(int base) {
        while (operatorTop > base) {
            reduce();
        }
        Expr result = operands[--operandTop];
        operands[operandTop] = null;
        return result;
    }

    private void reduce() {
        Op op = operators[--operatorTop];
        Expr right = operands[--operandTop];
        Expr left = operands[--operandTop];
        operands[operandTop + 1] = null;
        pushOperand(new BinaryOp(op, left, right));
    }
}
