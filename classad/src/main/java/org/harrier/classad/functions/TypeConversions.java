package org.harrier.classad.functions;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.Coercion;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * {@code int}, {@code real}, {@code string} and {@code bool}, as libclassad's {@code convInt},
 * {@code convReal}, {@code convString} and {@code convBool} (fnCall.cpp) compute them.
 *
 * <p>The manual says an {@code undefined} argument gives {@code error}; libclassad returns the
 * conversion's own result, which keeps {@code undefined} as {@code undefined}, and we follow it:
 * {@code int(undefined)} is {@code undefined}.
 */
final class TypeConversions {
    private TypeConversions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("int", (args, context, scope) ->
                args.size() != 1 ? Value.ERROR : NumberConversion.toInteger(context.evaluate(args.get(0), scope)));
        b.add("real", (args, context, scope) ->
                args.size() != 1 ? Value.ERROR : NumberConversion.toReal(context.evaluate(args.get(0), scope)));
        b.add("string", (args, context, scope) ->
                args.size() != 1 ? Value.ERROR : toText(context.evaluate(args.get(0), scope)));
        b.add("bool", (args, context, scope) ->
                args.size() != 1 ? Value.ERROR : toBoolean(context.evaluate(args.get(0), scope)));
    }

    /** Strings as they are; numbers, booleans, lists and records unparsed; times in canonical form. */
    private static Value toText(Value v) {
        if (v instanceof StringValue) {
            return v;
        }
        String text = Coercion.toText(v);
        return text == null ? v : new StringValue(text);
    }

    /**
     * Numbers are true unless zero; the strings "true" and "false" in any case are themselves,
     * and any other string is {@code undefined} (libclassad, not {@code error}); a relative
     * time is true unless its whole seconds are zero; lists, records and absolute times are
     * {@code error}.
     */
    private static Value toBoolean(Value v) {
        if (v instanceof BooleanValue || v == Value.UNDEFINED) {
            return v;
        }
        if (v instanceof IntegerValue i) {
            return BooleanValue.of(i.value() != 0);
        }
        if (v instanceof RealValue r) {
            return BooleanValue.of(r.value() != 0.0);
        }
        if (v instanceof StringValue s) {
            if (isAsciiIgnoringCase(s.value(), "true")) {
                return BooleanValue.TRUE;
            }
            return isAsciiIgnoringCase(s.value(), "false") ? BooleanValue.FALSE : Value.UNDEFINED;
        }
        if (v instanceof RelTimeValue t) {
            return BooleanValue.of(NumberConversion.wholeSeconds(t) != 0.0);
        }
        // error, lists, records and absolute times
        return Value.ERROR;
    }

    /** C's strcasecmp: only ASCII letters fold, so "falſe" (long s) is not "false" as it is for Java's equalsIgnoreCase. */
    private static boolean isAsciiIgnoringCase(String s, String lowerAscii) {
        if (s.length() != lowerAscii.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + ('a' - 'A'));
            }
            if (c != lowerAscii.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
