package org.harrier.classad;

/**
 * What each operator does to its operand values, as libclassad's {@code operators.cpp} does it
 * with HTCondor's default semantics. Booleans count as 0 and 1 in arithmetic and comparison;
 * integers promote to reals; string comparison ignores ASCII case; {@code error} beats
 * {@code undefined} in strict operators.
 */
final class Operators {
    private Operators() {
    }

    static Value unary(Op op, Value v) {
        if (v.isExceptional()) {
            // Strict: undefined and error pass through every unary operator.
            return v;
        }
        switch (op) {
            case NEG:
                if (v instanceof IntegerValue i) {
                    return IntegerValue.of(-i.value());
                }
                if (v instanceof RealValue r) {
                    return new RealValue(-r.value());
                }
                if (v instanceof RelTimeValue t) {
                    return new RelTimeValue(-t.seconds());
                }
                // Booleans, strings, lists, records and absolute times: error. (libclassad's
                // doArithmetic sets !b for a boolean but then falls through to SetErrorValue, so
                // -true is error there too, as the manual's "not a numerical type" rule says.)
                return Value.ERROR;
            case PLUS:
                return v instanceof IntegerValue || v instanceof RealValue || v instanceof RelTimeValue
                        ? v : Value.ERROR;
            case NOT: {
                int truth = Coercion.truth(v);
                return truth < 0 ? Value.ERROR : BooleanValue.of(truth == 0);
            }
            case BIT_NOT:
                return v instanceof IntegerValue i ? IntegerValue.of(~i.value()) : Value.ERROR;
            default:
                throw new IllegalArgumentException(op + " is not unary");
        }
    }

    /** {@code a && b} once {@code a} is known to be true (or a non-zero number) or undefined. */
    static Value and(Value a, Value b) {
        int truth = Coercion.truth(b);
        if (truth == 0) {
            return BooleanValue.FALSE;
        }
        if (truth == 1) {
            return a == Value.UNDEFINED ? Value.UNDEFINED : BooleanValue.TRUE;
        }
        return b == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
    }

    /** {@code a || b} once {@code a} is known to be false (or zero) or undefined. */
    static Value or(Value a, Value b) {
        int truth = Coercion.truth(b);
        if (truth == 1) {
            return BooleanValue.TRUE;
        }
        if (truth == 0) {
            return a == Value.UNDEFINED ? Value.UNDEFINED : BooleanValue.FALSE;
        }
        return b == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
    }

    static Value binary(Op op, Value a, Value b) {
        // Fast path for the commonest case in matchmaking: two integers.
        if (a instanceof IntegerValue ia && b instanceof IntegerValue ib) {
            return integers(op, ia.value(), ib.value());
        }
        if (op.kind == Op.Kind.IDENTITY) {
            boolean same = identical(a, b);
            return BooleanValue.of(op == Op.IDENTICAL ? same : !same);
        }
        if (a == Value.ERROR || b == Value.ERROR) {
            return Value.ERROR;
        }
        if (a == Value.UNDEFINED || b == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        switch (op.kind) {
            case COMPARISON:
                return compare(op, a, b);
            case ARITHMETIC:
                return arithmetic(op, a, b);
            case BITWISE:
                return a instanceof IntegerValue ia && b instanceof IntegerValue ib
                        ? integers(op, ia.value(), ib.value()) : Value.ERROR;
            default:
                throw new IllegalArgumentException(op + " is not a strict binary operator");
        }
    }

    private static Value integers(Op op, long x, long y) {
        switch (op) {
            case ADD: return IntegerValue.of(x + y);
            case SUB: return IntegerValue.of(x - y);
            case MUL: return IntegerValue.of(x * y);
            case DIV:
                if (y == 0) {
                    return Value.ERROR;
                }
                // C's LLONG_MIN / -1 traps; libclassad answers LLONG_MAX instead.
                return IntegerValue.of(x == Long.MIN_VALUE && y == -1 ? Long.MAX_VALUE : x / y);
            case MOD:
                if (y == 0) {
                    return Value.ERROR;
                }
                return IntegerValue.of(y == -1 ? 0 : x % y);
            case EQ: case IDENTICAL: return BooleanValue.of(x == y);
            case NE: case NOT_IDENTICAL: return BooleanValue.of(x != y);
            case LT: return BooleanValue.of(x < y);
            case LE: return BooleanValue.of(x <= y);
            case GT: return BooleanValue.of(x > y);
            case GE: return BooleanValue.of(x >= y);
            case BIT_AND: return IntegerValue.of(x & y);
            case BIT_OR: return IntegerValue.of(x | y);
            case BIT_XOR: return IntegerValue.of(x ^ y);
            case SHL: return IntegerValue.of(y < 0 || y >= 64 ? 0 : x << y);
            case SHR: return IntegerValue.of(y < 0 ? x : x >> Math.min(y, 63));
            case USHR: return IntegerValue.of(y < 0 ? x : y >= 64 ? 0 : x >>> y);
            default: throw new IllegalArgumentException(op + " does not apply to integers");
        }
    }

    private static Value compare(Op op, Value a, Value b) {
        if (a instanceof ListValue || b instanceof ListValue || a instanceof ClassAdValue || b instanceof ClassAdValue) {
            return Value.ERROR;
        }
        if (a instanceof StringValue || b instanceof StringValue) {
            if (a instanceof StringValue sa && b instanceof StringValue sb) {
                return ordered(op, compareIgnoringCase(sa.value(), sb.value()));
            }
            return Value.ERROR;
        }
        if (a instanceof AbsTimeValue || b instanceof AbsTimeValue) {
            if (a instanceof AbsTimeValue ta && b instanceof AbsTimeValue tb) {
                return ordered(op, Long.compare(ta.epochSeconds(), tb.epochSeconds()));
            }
            return Value.ERROR;
        }
        if (a instanceof RelTimeValue || b instanceof RelTimeValue) {
            if (a instanceof RelTimeValue ta && b instanceof RelTimeValue tb) {
                return reals(op, ta.seconds(), tb.seconds());
            }
            return Value.ERROR;
        }
        // Numbers and booleans; booleans count as 0 and 1.
        if (!(a instanceof RealValue) && !(b instanceof RealValue)) {
            return integers(op, asLong(a), asLong(b));
        }
        return reals(op, Coercion.toDouble(a), Coercion.toDouble(b));
    }

    private static long asLong(Value v) {
        if (v instanceof IntegerValue i) {
            return i.value();
        }
        return ((BooleanValue) v).value() ? 1 : 0;
    }

    private static Value reals(Op op, double x, double y) {
        switch (op) {
            case EQ: return BooleanValue.of(x == y);
            case NE: return BooleanValue.of(x != y);
            case LT: return BooleanValue.of(x < y);
            case LE: return BooleanValue.of(x <= y);
            case GT: return BooleanValue.of(x > y);
            case GE: return BooleanValue.of(x >= y);
            default: throw new IllegalArgumentException(op + " is not a comparison");
        }
    }

    private static Value ordered(Op op, int cmp) {
        switch (op) {
            case EQ: return BooleanValue.of(cmp == 0);
            case NE: return BooleanValue.of(cmp != 0);
            case LT: return BooleanValue.of(cmp < 0);
            case LE: return BooleanValue.of(cmp <= 0);
            case GT: return BooleanValue.of(cmp > 0);
            case GE: return BooleanValue.of(cmp >= 0);
            default: throw new IllegalArgumentException(op + " is not a comparison");
        }
    }

    private static Value arithmetic(Op op, Value a, Value b) {
        if (!arithmeticOperand(a) || !arithmeticOperand(b)) {
            return Value.ERROR;
        }
        if (a instanceof AbsTimeValue || b instanceof AbsTimeValue
                || a instanceof RelTimeValue || b instanceof RelTimeValue) {
            return timeArithmetic(op, a, b);
        }
        if (!(a instanceof RealValue) && !(b instanceof RealValue)) {
            return integers(op, asLong(a), asLong(b));
        }
        double x = Coercion.toDouble(a);
        double y = Coercion.toDouble(b);
        double r;
        switch (op) {
            case ADD: r = x + y; break;
            case SUB: r = x - y; break;
            case MUL: r = x * y; break;
            case DIV:
                if (y == 0.0) {
                    return Value.ERROR;
                }
                r = x / y;
                break;
            case MOD:
                return Value.ERROR; // libclassad defines % on integers only
            default:
                throw new IllegalArgumentException(op + " is not arithmetic");
        }
        // libclassad reports overflow (HUGE_VAL) as an error rather than an infinite value.
        return Double.isInfinite(r) && !Double.isInfinite(x) && !Double.isInfinite(y)
                ? Value.ERROR : new RealValue(r);
    }

    private static boolean arithmeticOperand(Value v) {
        return v instanceof IntegerValue || v instanceof RealValue || v instanceof BooleanValue
                || v instanceof AbsTimeValue || v instanceof RelTimeValue;
    }

    private static Value timeArithmetic(Op op, Value a, Value b) {
        if (op == Op.ADD) {
            if (a instanceof AbsTimeValue t && b instanceof RelTimeValue d) {
                return new AbsTimeValue(t.epochSeconds() + (long) d.seconds(), t.offsetSeconds());
            }
            if (a instanceof RelTimeValue d && b instanceof AbsTimeValue t) {
                return new AbsTimeValue(t.epochSeconds() + (long) d.seconds(), t.offsetSeconds());
            }
            if (a instanceof RelTimeValue x && b instanceof RelTimeValue y) {
                return new RelTimeValue(x.seconds() + y.seconds());
            }
        } else if (op == Op.SUB) {
            if (a instanceof AbsTimeValue x && b instanceof AbsTimeValue y) {
                return new RelTimeValue(x.epochSeconds() - y.epochSeconds());
            }
            if (a instanceof AbsTimeValue t && b instanceof RelTimeValue d) {
                return new AbsTimeValue(t.epochSeconds() - (long) d.seconds(), t.offsetSeconds());
            }
            if (a instanceof RelTimeValue x && b instanceof RelTimeValue y) {
                return new RelTimeValue(x.seconds() - y.seconds());
            }
        } else if (op == Op.MUL || op == Op.DIV) {
            if (a instanceof RelTimeValue d && Coercion.isNumber(b)) {
                double n = Coercion.toDouble(b);
                if (op == Op.DIV && n == 0.0) {
                    return Value.ERROR;
                }
                return new RelTimeValue(op == Op.MUL ? d.seconds() * n : d.seconds() / n);
            }
            if (op == Op.MUL && Coercion.isNumber(a) && b instanceof RelTimeValue d) {
                return new RelTimeValue(Coercion.toDouble(a) * d.seconds());
            }
        }
        return Value.ERROR;
    }

    /**
     * {@code =?=}: same kind and same value. Strings compare exactly; an integer is not identical
     * to the equal real; lists and records compare element by element.
     */
    static boolean identical(Value a, Value b) {
        if (a == b) {
            return true;
        }
        if (a.getClass() != b.getClass()) {
            return false;
        }
        if (a instanceof RealValue x) {
            return x.value() == ((RealValue) b).value();
        }
        if (a instanceof ListValue x) {
            ListValue y = (ListValue) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!identical(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** Ordering of {@code strcasecmp}: code points compared with ASCII letters folded to lower case. */
    static int compareIgnoringCase(String x, String y) {
        if (x.equals(y)) {
            return 0; // the usual case in matchmaking (Arch, OpSys, domains), and equals is vectorised
        }
        int n = Math.min(x.length(), y.length());
        for (int i = 0; i < n; i++) {
            char c = x.charAt(i);
            char d = y.charAt(i);
            if (c != d) {
                c = lower(c);
                d = lower(d);
                if (c != d) {
                    return c - d;
                }
            }
        }
        return x.length() - y.length();
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
}
