package org.harrier.classad.functions;

import java.util.List;

import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ListValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Scope;
import org.harrier.classad.Value;

/**
 * {@code quantize(a, b)}: the smallest multiple of b that is at least a (manual: "ceiling(a/b) *
 * b"), or with a list b the first member at least as large as a, falling back to multiples of
 * the last member. Follows libclassad's {@code doMath2} (fnCall.cpp), including its result types:
 * an integer a with an integer b gives an integer, otherwise a real; a list member that is
 * chosen is returned as it is; a base of (about) zero returns a unchanged.
 */
final class MathQuantize {
    /** libclassad treats a real base this close to zero as "don't quantize". */
    private static final double ZERO_BASE = 1e-8;

    private MathQuantize() {
    }

    static Value quantize(List<Expr> args, EvalContext context, Scope scope) {
        if (args.size() != 2) {
            return Value.ERROR;
        }
        Value a = context.evaluate(args.get(0), scope);
        Value b = context.evaluate(args.get(1), scope);
        Value ra = NumberConversion.toReal(a);
        if (!(ra instanceof RealValue real)) {
            return Value.ERROR;
        }
        double x = real.value();
        if (b instanceof ListValue list) {
            // An empty list is "don't quantize": libclassad starts from a base of 0.0.
            Value last = new RealValue(0.0);
            for (Value member : list.items()) {
                Value rm = NumberConversion.toReal(member);
                if (!(rm instanceof RealValue m)) {
                    return Value.ERROR;
                }
                if (m.value() >= x) {
                    return member;
                }
                last = member;
            }
            b = last;
        }
        if (b instanceof IntegerValue ib) {
            return quantizeToInteger(a, x, ib.value());
        }
        Value rb = NumberConversion.toReal(b);
        if (!(rb instanceof RealValue base)) {
            return Value.ERROR;
        }
        double step = base.value();
        if (step >= -ZERO_BASE && step <= ZERO_BASE) {
            return a;
        }
        return new RealValue(Math.ceil(x / step) * step);
    }

    /**
     * libclassad computes the integer case as {@code ((a + b - 1) / b) * b}, which is the ceiling
     * only for a non-negative a and positive b (and overflows near the 64-bit limit); we compute
     * the ceiling itself, which agrees with it there and with the real case everywhere, and give
     * {@code error} if the multiple does not fit in 64 bits.
     */
    private static Value quantizeToInteger(Value a, double x, long step) {
        if (step == 0) {
            return a;
        }
        if ((step == 1 || step == -1) && a instanceof IntegerValue) {
            return a; // every integer is a multiple; also spares Long.MIN_VALUE / -1
        }
        if (!(a instanceof IntegerValue ia)) {
            return new RealValue(Math.ceil(x / step) * step);
        }
        long n = ia.value();
        long quotient = n / step;
        if (quotient * step != n && (n < 0) == (step < 0)) {
            quotient++; // Java division truncates toward zero; round a positive quotient up
        }
        try {
            return IntegerValue.of(Math.multiplyExact(quotient, step));
        } catch (ArithmeticException overflow) {
            return Value.ERROR;
        }
    }
}
