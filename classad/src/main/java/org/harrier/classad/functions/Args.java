package org.harrier.classad.functions;

import java.util.List;
import java.util.function.BiFunction;

import org.harrier.classad.Coercion;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Scope;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * The arguments of one call, evaluated on demand. Shared by every function family so arity and
 * type checks read the same everywhere: a wrong count or type is {@code error}, never an exception.
 */
final class Args {
    private final List<Expr> exprs;
    private final EvalContext context;
    private final Scope scope;

    Args(List<Expr> exprs, EvalContext context, Scope scope) {
        this.exprs = exprs;
        this.context = context;
        this.scope = scope;
    }

    int size() {
        return exprs.size();
    }

    boolean sizeIs(int n) {
        return exprs.size() == n;
    }

    boolean sizeBetween(int min, int max) {
        return exprs.size() >= min && exprs.size() <= max;
    }

    Expr expr(int i) {
        return exprs.get(i);
    }

    /** The value of argument {@code i}. */
    Value value(int i) {
        return context.evaluate(exprs.get(i), scope);
    }

    /** The values of all arguments, in order. */
    Value[] values() {
        Value[] out = new Value[exprs.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = value(i);
        }
        return out;
    }

    EvalContext context() {
        return context;
    }

    Scope scope() {
        return scope;
    }

    /**
     * Applies {@code f} to the text ({@code string()} conversion) of exactly two arguments, as
     * strcmp() and versioncmp() take them: a wrong count or an argument without text is error,
     * and undefined wins over error because libclassad checks it first.
     */
    Value withTwoTexts(BiFunction<String, String, Value> f) {
        if (!sizeIs(2)) {
            return Value.ERROR;
        }
        Value left = value(0);
        Value right = value(1);
        if (left == Value.UNDEFINED || right == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        String l = Coercion.toText(left);
        String r = Coercion.toText(right);
        return l == null || r == null ? Value.ERROR : f.apply(l, r);
    }

    /** The string held by {@code v}, or null if it is not a string. */
    static String string(Value v) {
        return v instanceof StringValue s ? s.value() : null;
    }

    /** True for integers and reals. */
    static boolean isNumber(Value v) {
        return v instanceof IntegerValue || v instanceof RealValue;
    }

    /** {@code error} if any value is error, else {@code undefined} if any is undefined, else null. */
    static Value exceptional(Value... values) {
        Value found = null;
        for (Value v : values) {
            if (v == Value.ERROR) {
                return Value.ERROR;
            }
            if (v == Value.UNDEFINED) {
                found = Value.UNDEFINED;
            }
        }
        return found;
    }
}
