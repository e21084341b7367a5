package org.harrier.classad;

/**
 * The conversions HTCondor applies implicitly: a number as a boolean (zero is false), and any
 * value as text the way {@code string()} and {@code strcat()} see it.
 */
public final class Coercion {
    private Coercion() {
    }

    /**
     * 1 if {@code v} is {@code true} or a non-zero number, 0 if it is {@code false} or zero, and
     * -1 if it has no truth value ({@code undefined}, {@code error}, strings, lists, records, times).
     */
    public static int truth(Value v) {
        if (v instanceof BooleanValue b) {
            return b.value() ? 1 : 0;
        }
        if (v instanceof IntegerValue i) {
            return i.value() != 0 ? 1 : 0;
        }
        if (v instanceof RealValue r) {
            return r.value() != 0.0 ? 1 : 0;
        }
        return -1;
    }

    /** True for integers and reals (booleans are not numbers here, although arithmetic accepts them). */
    public static boolean isNumber(Value v) {
        return v instanceof IntegerValue || v instanceof RealValue;
    }

    /** The numeric value of an integer, real or boolean; NaN for anything else. */
    public static double toDouble(Value v) {
        if (v instanceof IntegerValue i) {
            return i.value();
        }
        if (v instanceof RealValue r) {
            return r.value();
        }
        if (v instanceof BooleanValue b) {
            return b.value() ? 1.0 : 0.0;
        }
        return Double.NaN;
    }

    /**
     * The text {@code string(v)} gives: strings as they are, numbers and booleans as written,
     * lists and records unparsed, times in their canonical form. {@code null} for {@code undefined}
     * and {@code error}, which have no text.
     */
    public static String toText(Value v) {
        if (v instanceof StringValue s) {
            return s.value();
        }
        if (v instanceof IntegerValue i) {
            return Long.toString(i.value());
        }
        if (v instanceof RealValue r) {
            return Unparser.formatReal(r.value());
        }
        if (v instanceof BooleanValue b) {
            return b.value() ? "true" : "false";
        }
        if (v instanceof AbsTimeValue t) {
            return TimeFormat.absTime(t);
        }
        if (v instanceof RelTimeValue t) {
            return TimeFormat.relTime(t.seconds());
        }
        if (v instanceof ListValue || v instanceof ClassAdValue) {
            return Unparser.unparse(v, Syntax.NEW);
        }
        return null;
    }
}
