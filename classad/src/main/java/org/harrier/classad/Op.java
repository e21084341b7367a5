package org.harrier.classad;

/**
 * Operators with HTCondor's precedence, lowest first: {@code ?:}, {@code ||}, {@code &&},
 * {@code |}, {@code ^}, {@code &}, equality, relational, shift, additive, multiplicative,
 * unary. All binary operators associate to the left.
 */
public enum Op {
    OR("||", 2, Kind.LOGICAL),
    AND("&&", 3, Kind.LOGICAL),
    BIT_OR("|", 4, Kind.BITWISE),
    BIT_XOR("^", 5, Kind.BITWISE),
    BIT_AND("&", 6, Kind.BITWISE),
    EQ("==", 7, Kind.COMPARISON),
    NE("!=", 7, Kind.COMPARISON),
    /** {@code =?=} and {@code is}: same type and same value, never undefined or error. */
    IDENTICAL("=?=", 7, Kind.IDENTITY),
    /** {@code =!=} and {@code isnt}. */
    NOT_IDENTICAL("=!=", 7, Kind.IDENTITY),
    LT("<", 8, Kind.COMPARISON),
    LE("<=", 8, Kind.COMPARISON),
    GT(">", 8, Kind.COMPARISON),
    GE(">=", 8, Kind.COMPARISON),
    SHL("<<", 9, Kind.BITWISE),
    SHR(">>", 9, Kind.BITWISE),
    USHR(">>>", 9, Kind.BITWISE),
    ADD("+", 10, Kind.ARITHMETIC),
    SUB("-", 10, Kind.ARITHMETIC),
    MUL("*", 11, Kind.ARITHMETIC),
    DIV("/", 11, Kind.ARITHMETIC),
    MOD("%", 11, Kind.ARITHMETIC),
    NEG("-", 12, Kind.UNARY),
    PLUS("+", 12, Kind.UNARY),
    NOT("!", 12, Kind.UNARY),
    BIT_NOT("~", 12, Kind.UNARY);

    /** Precedence of the conditional operators, below every binary operator. */
    static final int CONDITIONAL_PRECEDENCE = 1;
    /** Precedence of selection, subscript and primary expressions. */
    static final int POSTFIX_PRECEDENCE = 13;

    enum Kind { LOGICAL, BITWISE, COMPARISON, IDENTITY, ARITHMETIC, UNARY }

    final String symbol;
    final int precedence;
    final Kind kind;

    Op(String symbol, int precedence, Kind kind) {
        this.symbol = symbol;
        this.precedence = precedence;
        this.kind = kind;
    }

    public String symbol() {
        return symbol;
    }

    public int precedence() {
        return precedence;
    }

    boolean isStrict() {
        return kind != Kind.LOGICAL && kind != Kind.IDENTITY;
    }
}
