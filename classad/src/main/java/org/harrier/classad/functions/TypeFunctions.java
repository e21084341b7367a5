package org.harrier.classad.functions;

import java.util.List;
import java.util.function.Predicate;

import org.harrier.classad.AbsTimeValue;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAdValue;
import org.harrier.classad.Coercion;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ListValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.Scope;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * The type predicates ({@code isUndefined} ... {@code isReltime}), {@code ifThenElse}, and (in
 * {@link TypeConversions}) the conversions {@code int}, {@code real}, {@code string}, {@code bool}.
 * Behaviour follows libclassad's {@code isType} and {@code ifThenElse} (fnCall.cpp).
 */
final class TypeFunctions {
    private TypeFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        predicate(b, "isUndefined", v -> v == Value.UNDEFINED);
        predicate(b, "isError", v -> v == Value.ERROR);
        predicate(b, "isString", v -> v instanceof StringValue);
        predicate(b, "isInteger", v -> v instanceof IntegerValue);
        predicate(b, "isReal", v -> v instanceof RealValue);
        predicate(b, "isList", v -> v instanceof ListValue);
        predicate(b, "isClassAd", v -> v instanceof ClassAdValue);
        // The manual says "the integer value 0 or 1", but libclassad tests for the boolean
        // type (IsBooleanValue), so isBoolean(1) is false; we follow libclassad.
        predicate(b, "isBoolean", v -> v instanceof BooleanValue);
        predicate(b, "isAbstime", v -> v instanceof AbsTimeValue);
        predicate(b, "isReltime", v -> v instanceof RelTimeValue);
        b.add("ifThenElse", TypeFunctions::ifThenElse);
        TypeConversions.register(b);
    }

    /** A one-argument test of the argument's type; never undefined or error, except for a wrong argument count. */
    private static void predicate(FunctionTable.Builder b, String name, Predicate<Value> test) {
        b.add(name, (args, context, scope) -> {
            if (args.size() != 1) {
                return Value.ERROR;
            }
            return BooleanValue.of(test.test(context.evaluate(args.get(0), scope)));
        });
    }

    /**
     * Lazy: only the branch chosen is evaluated, so {@code ifThenElse(x > 0, 10 / x, 0)} never
     * divides by zero. Booleans and numbers decide (zero is false); {@code undefined} gives
     * {@code undefined}; anything else (error, strings, lists, records, times) gives {@code error}.
     */
    private static Value ifThenElse(List<Expr> args, EvalContext context, Scope scope) {
        if (args.size() != 3) {
            return Value.ERROR;
        }
        Value condition = context.evaluate(args.get(0), scope);
        if (condition == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        // Booleans and numbers decide (0 and 0.0 are false; NaN is not 0.0, so it is true, as in C).
        int truth = Coercion.truth(condition);
        if (truth < 0) {
            return Value.ERROR;
        }
        return context.evaluate(args.get(truth == 1 ? 1 : 2), scope);
    }
}
