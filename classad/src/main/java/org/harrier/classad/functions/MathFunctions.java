package org.harrier.classad.functions;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Scope;
import org.harrier.classad.Value;

/**
 * {@code floor}, {@code ceiling} (and libclassad's alias {@code ceil}), {@code round},
 * {@code pow}, {@code random}, and (in {@link MathQuantize}) {@code quantize}, as libclassad's
 * {@code doRound}, {@code doMath2} and {@code random} (fnCall.cpp) compute them.
 */
final class MathFunctions {
    private MathFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        rounding(b, "floor", Math::floor);
        rounding(b, "ceiling", Math::ceil);
        rounding(b, "ceil", Math::ceil);
        // rint rounds halves to even, as C's rint does in the default rounding mode (manual: "the
        // even valued integer is returned"). The manual's 32-bit limit is not in libclassad, which
        // returns any 64-bit result; we follow libclassad.
        rounding(b, "round", Math::rint);
        b.add("pow", MathFunctions::pow);
        b.add("quantize", MathQuantize::quantize);
        b.add("random", MathFunctions::random);
    }

    /**
     * An integer argument is returned as it is; anything else goes through {@code real()} and is
     * rounded. {@code undefined} and values with no real value give {@code error} (manual), and
     * so does a result outside the 64-bit range or NaN (libclassad's cast is undefined behaviour there).
     */
    private static void rounding(FunctionTable.Builder b, String name, DoubleUnaryOperator round) {
        b.add(name, (args, context, scope) -> {
            if (args.size() != 1) {
                return Value.ERROR;
            }
            Value v = context.evaluate(args.get(0), scope);
            if (v instanceof IntegerValue) {
                return v;
            }
            Value real = NumberConversion.toReal(v);
            if (!(real instanceof RealValue r)) {
                return Value.ERROR;
            }
            return NumberConversion.truncate(round.applyAsDouble(r.value()));
        });
    }

    /**
     * An integer base with a non-negative integer exponent gives an exact integer; everything
     * else goes through {@code real()} and gives a real. libclassad computes the integer case as
     * {@code (long long)(pow(base, exp) + 0.5)}, which is off by one for negative odd powers
     * ({@code pow(-2, 3)} is -7 there) and inexact past 2^53; we compute it exactly, and give
     * {@code error} when it does not fit in 64 bits.
     */
    private static Value pow(List<Expr> args, EvalContext context, Scope scope) {
        if (args.size() != 2) {
            return Value.ERROR;
        }
        Value base = context.evaluate(args.get(0), scope);
        Value exponent = context.evaluate(args.get(1), scope);
        if (base instanceof IntegerValue b && exponent instanceof IntegerValue e && e.value() >= 0) {
            return integerPower(b.value(), e.value());
        }
        Value x = NumberConversion.toReal(base);
        Value y = NumberConversion.toReal(exponent);
        if (!(x instanceof RealValue rx) || !(y instanceof RealValue ry)) {
            return Value.ERROR;
        }
        return new RealValue(cPow(rx.value(), ry.value()));
    }

    private static Value integerPower(long base, long exponent) {
        long result = 1;
        long factor = base;
        long e = exponent;
        try {
            while (e > 0) {
                if ((e & 1) != 0) {
                    result = Math.multiplyExact(result, factor);
                }
                e >>= 1;
                if (e > 0) {
                    factor = Math.multiplyExact(factor, factor);
                }
            }
        } catch (ArithmeticException overflow) {
            return Value.ERROR;
        }
        return IntegerValue.of(result);
    }

    /** C99 pow: unlike Java's Math.pow, 1 to any power (even NaN) is 1, and -1 to an infinite power is 1. */
    private static double cPow(double x, double y) {
        if (x == 1.0 || (x == -1.0 && Double.isInfinite(y))) {
            return 1.0;
        }
        return Math.pow(x, y);
    }

    /**
     * {@code random()} is a real in [0, 1); {@code random(n)} is an integer in [0, n) for an
     * integer n and a real in [0, n) for a real n. n must be positive ({@code error} otherwise).
     * The draws come from the context's seeded source, so a given seed repeats them. libclassad
     * reduces integer bounds to 32 bits (a known TODO there); we use the full 64-bit bound, and
     * give {@code error} for a NaN or infinite real bound, where libclassad would return NaN or
     * infinity.
     */
    private static Value random(List<Expr> args, EvalContext context, Scope scope) {
        if (args.size() > 1) {
            return Value.ERROR;
        }
        SplittableRandom source = context.random();
        if (args.isEmpty()) {
            return new RealValue(source.nextDouble());
        }
        Value bound = context.evaluate(args.get(0), scope);
        if (bound instanceof IntegerValue n) {
            return n.value() > 0 ? IntegerValue.of(source.nextLong(n.value())) : Value.ERROR;
        }
        if (bound instanceof RealValue r && r.value() > 0 && r.value() < Double.POSITIVE_INFINITY) {
            double draw = r.value() * source.nextDouble();
            // x * (1 - 2^-53) never rounds up to x for a normal x, but keep [0, x) certain.
            return new RealValue(draw < r.value() ? draw : Math.nextDown(r.value()));
        }
        return Value.ERROR;
    }
}
