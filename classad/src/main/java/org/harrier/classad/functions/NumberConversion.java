package org.harrier.classad.functions;

import org.harrier.classad.AbsTimeValue;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * Any value as a real or an integer, as libclassad's {@code convertValueToRealValue} and
 * {@code convertValueToIntegerValue} (value.cpp) make them. {@code int()} and {@code real()} are
 * these conversions; {@code floor}, {@code round}, {@code pow} and {@code quantize} convert
 * their operands through {@link #toReal}.
 *
 * <p>{@code undefined} stays {@code undefined}; {@code error}, lists and records give
 * {@code error}; booleans are 1 and 0; strings are read by {@link NumberText}; an absolute time
 * is its seconds since the epoch; a relative time is its whole seconds (libclassad reads it into
 * a {@code time_t}, dropping the fraction).
 */
final class NumberConversion {
    /** 2^63: the first double above every long. */
    private static final double LONG_LIMIT = 0x1p63;

    private NumberConversion() {
    }

    /** A {@link RealValue}, or {@code undefined} or {@code error} if {@code v} has no real value. */
    static Value toReal(Value v) {
        if (v instanceof RealValue) {
            return v;
        }
        if (v instanceof IntegerValue i) {
            return new RealValue(i.value());
        }
        if (v instanceof BooleanValue b) {
            return new RealValue(b.value() ? 1.0 : 0.0);
        }
        if (v instanceof StringValue s) {
            NumberText number = NumberText.read(s.value());
            return number == null ? Value.ERROR : new RealValue(number.value() * number.factor());
        }
        if (v instanceof AbsTimeValue t) {
            return new RealValue(t.epochSeconds());
        }
        if (v instanceof RelTimeValue t) {
            return new RealValue(wholeSeconds(t));
        }
        return v == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
    }

    /**
     * An {@link IntegerValue}, or {@code undefined} or {@code error}. Reals are truncated toward
     * zero. A string's number is truncated before its size factor is applied, as in libclassad
     * ({@code int("1.5k")} is 1024).
     */
    static Value toInteger(Value v) {
        if (v instanceof IntegerValue) {
            return v;
        }
        if (v instanceof RealValue r) {
            return truncate(r.value());
        }
        if (v instanceof BooleanValue b) {
            return IntegerValue.of(b.value() ? 1 : 0);
        }
        if (v instanceof StringValue s) {
            return integerOf(NumberText.read(s.value()));
        }
        if (v instanceof AbsTimeValue t) {
            return IntegerValue.of(t.epochSeconds());
        }
        if (v instanceof RelTimeValue t) {
            return truncate(t.seconds());
        }
        return v == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
    }

    /**
     * {@code d} as an integer, truncated toward zero; {@code error} for NaN, the infinities and
     * anything outside the 64-bit range. libclassad casts with {@code (long long)}, which is
     * undefined behaviour in C for those (x86 gives LLONG_MIN); error is the manual's answer
     * for a result that "is not an integer".
     */
    static Value truncate(double d) {
        if (!(d >= -LONG_LIMIT && d < LONG_LIMIT)) {
            return Value.ERROR;
        }
        return IntegerValue.of((long) d);
    }

    /** Whole seconds of a relative time, truncated toward zero as a C {@code time_t} cast does. */
    static double wholeSeconds(RelTimeValue t) {
        double s = t.seconds();
        return Double.isFinite(s) ? (s < 0 ? Math.ceil(s) : Math.floor(s)) : s;
    }

    private static Value integerOf(NumberText number) {
        if (number == null) {
            return Value.ERROR;
        }
        double factor = number.factor();
        if (number.integral()) {
            if (factor == 1.0) {
                return IntegerValue.of(number.exact());
            }
            try {
                return IntegerValue.of(Math.multiplyExact(number.exact(), (long) factor));
            } catch (ArithmeticException overflow) {
                return Value.ERROR;
            }
        }
        Value whole = truncate(number.value());
        if (!(whole instanceof IntegerValue i) || factor == 1.0) {
            return whole;
        }
        return truncate(i.value() * factor);
    }
}
