package org.harrier.classad;

import java.util.List;

/**
 * The result of evaluating a ClassAd expression: one of exactly ten kinds, including the two
 * exceptional values {@code undefined} and {@code error} (HTCondor manual, "ClassAd mechanism").
 *
 * <p>Every value is also an {@link Expr} that evaluates to itself, so a literal in an ad costs no
 * wrapper object. Values are immutable and safe to share between threads.
 */
public sealed interface Value extends Expr
        permits UndefinedValue, ErrorValue, BooleanValue, IntegerValue, RealValue, StringValue,
                ListValue, ClassAdValue, AbsTimeValue, RelTimeValue {

    Value UNDEFINED = UndefinedValue.INSTANCE;
    Value ERROR = ErrorValue.INSTANCE;

    static Value of(boolean b) {
        return BooleanValue.of(b);
    }

    static Value of(long i) {
        return IntegerValue.of(i);
    }

    static Value of(double r) {
        return new RealValue(r);
    }

    static Value of(String s) {
        return new StringValue(s);
    }

    static Value list(Value... items) {
        return new ListValue(List.of(items));
    }

    /** The name HTCondor uses for this kind of value, as in error messages and {@code -af} output. */
    String typeName();

    /** True for {@code undefined} and {@code error}, the values strict operators propagate. */
    default boolean isExceptional() {
        return false;
    }

    @Override
    default Value evaluate(EvalContext context, Scope scope) {
        return this;
    }

    @Override
    default int depth() {
        return 1;
    }
}
