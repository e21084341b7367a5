package org.harrier.classad.functions;

import java.util.ArrayList;
import java.util.List;

import org.harrier.classad.Coercion;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ListValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * String built-ins of the manual ("ClassAd built-in functions"): {@code strcat}, {@code join},
 * {@code substr}, {@code toUpper}, {@code toLower}, {@code strcmp}, {@code stricmp}, {@code split},
 * {@code splitUserName}, {@code splitSlotName}; the version comparisons live in
 * {@link StringVersions}. Edge cases follow libclassad ({@code fnCall.cpp}, {@code compat_classad.cpp}).
 */
final class StringFunctions {
    /** libclassad's {@code split()} default separators; the manual says "white space" but the code uses these. */
    private static final String SPLIT_SEPARATORS = ", \t";

    private StringFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("strcat", (args, ctx, scope) -> concatenate(new Args(args, ctx, scope).values()));
        b.add("join", (args, ctx, scope) -> join(new Args(args, ctx, scope).values()));
        b.add("substr", (args, ctx, scope) -> substr(new Args(args, ctx, scope)));
        b.add("toUpper", (args, ctx, scope) -> changeCase(new Args(args, ctx, scope), true));
        b.add("toLower", (args, ctx, scope) -> changeCase(new Args(args, ctx, scope), false));
        b.add("strcmp", (args, ctx, scope) -> compare(new Args(args, ctx, scope), false));
        b.add("stricmp", (args, ctx, scope) -> compare(new Args(args, ctx, scope), true));
        b.add("split", (args, ctx, scope) -> split(new Args(args, ctx, scope)));
        b.add("splitUserName", (args, ctx, scope) -> splitAt(new Args(args, ctx, scope), false));
        b.add("splitSlotName", (args, ctx, scope) -> splitAt(new Args(args, ctx, scope), true));
        StringVersions.register(b);
    }

    /**
     * Every argument through {@code string()}. libclassad returns {@code undefined} for an undefined
     * argument (the manual says {@code error}); the first exceptional argument decides.
     */
    private static Value concatenate(Value[] values) {
        StringBuilder out = new StringBuilder();
        for (Value v : values) {
            String text = Coercion.toText(v);
            if (text == null) {
                return v;
            }
            out.append(text);
        }
        return new StringValue(out.toString());
    }

    /**
     * {@code join(sep, a, b, ...)}, {@code join(sep, list)} and {@code join(list)}. Undefined
     * arguments are skipped (an undefined separator counts as ""), but if nothing but undefined
     * was there to join the result is {@code undefined}: this is what HTCondor's own join tests
     * expect ({@code join(UN, A)} is A, {@code join(A, UN)} is undefined).
     */
    private static Value join(Value[] values) {
        Value[] parts = values;
        if (values.length == 1 && values[0] instanceof ListValue list) {
            parts = prepend(StringValue.EMPTY, list.items());
        } else if (values.length == 2 && values[1] instanceof ListValue list) {
            parts = prepend(values[0], list.items());
        }
        String separator = "";
        StringBuilder out = new StringBuilder();
        boolean sawUndefined = false;
        int joined = 0;
        for (int i = 0; i < parts.length; i++) {
            Value v = parts[i];
            if (v == Value.UNDEFINED) {
                sawUndefined = true;
                continue;
            }
            String text = Coercion.toText(v);
            if (text == null) {
                return Value.ERROR;
            }
            if (i == 0) {
                separator = text;
                continue;
            }
            if (joined++ > 0) {
                out.append(separator);
            }
            out.append(text);
        }
        return sawUndefined && joined == 0 ? Value.UNDEFINED : new StringValue(out.toString());
    }

    private static Value[] prepend(Value first, List<Value> rest) {
        Value[] out = new Value[rest.size() + 1];
        out[0] = first;
        for (int i = 0; i < rest.size(); i++) {
            out[i + 1] = rest.get(i);
        }
        return out;
    }

    /**
     * Perl-like offsets, computed in HTCondor's order: the offset is placed first (a negative one
     * counts from the end but stops at the start, one past the end stops at the end), and only
     * then is the length applied from there. A positive length is cut at the end of the string;
     * a length of 0 or less (or none) ends that many characters before the end; an explicit 0
     * is always "". So substr("abc", -5, 2) is "ab": the offset becomes 0 before the 2 counts.
     * (libclassad threw on such offsets until HTCondor 9.0.8 and 9.4.0; since then it clamps them.)
     */
    private static Value substr(Args a) {
        if (!a.sizeBetween(2, 3)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        for (Value x : v) {
            if (x == Value.UNDEFINED) {
                return Value.UNDEFINED;
            }
        }
        if (!(v[0] instanceof StringValue s) || !(v[1] instanceof IntegerValue offsetValue)
                || (v.length == 3 && !(v[2] instanceof IntegerValue))) {
            return Value.ERROR;
        }
        String text = s.value();
        int size = text.length();
        // libclassad reads both into C ints, which keep the low 32 bits: an offset of 2^32 + 1
        // is 1. In ints none of the sums below can overflow.
        int offset = (int) offsetValue.value();
        int length = v.length == 3 ? (int) ((IntegerValue) v[2]).value() : 0;
        if (offset < 0) {
            offset = Math.max(size + offset, 0);
        } else {
            offset = Math.min(offset, size);
        }
        int count;
        if (v.length == 3 && length == 0) {
            count = 0;
        } else if (length <= 0) {
            count = Math.max(size - offset + length, 0);
        } else {
            count = Math.min(length, size - offset);
        }
        return count == 0 ? StringValue.EMPTY : new StringValue(text.substring(offset, offset + count));
    }

    /** ASCII-only case change, as C's toupper/tolower in the "C" locale: other characters are kept. */
    private static Value changeCase(Args a, boolean upper) {
        if (!a.sizeIs(1)) {
            return Value.ERROR;
        }
        Value v = a.value(0);
        String text = Coercion.toText(v);
        if (text == null) {
            return v; // libclassad keeps undefined as undefined (the manual says error)
        }
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = upper ? asciiUpper(chars[i]) : asciiLower(chars[i]);
        }
        return new StringValue(new String(chars));
    }

    static char asciiUpper(char c) {
        return c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c;
    }

    static char asciiLower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
    }

    /** -1, 0 or 1. */
    private static Value compare(Args a, boolean ignoreCase) {
        return a.withTwoTexts((l, r) ->
                IntegerValue.of(Integer.signum(ignoreCase ? compareIgnoringAsciiCase(l, r) : compareCodePoints(l, r))));
    }

    /** Code point order, which is the byte order C's strcmp sees in UTF-8. */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /** strcasecmp: both sides folded to ASCII lower case, then compared. */
    static int compareIgnoringAsciiCase(String a, String b) {
        return compareCodePoints(foldLower(a), foldLower(b));
    }

    private static String foldLower(String s) {
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = asciiLower(chars[i]);
        }
        return new String(chars);
    }

    /**
     * Splits at any separator character, dropping empty pieces, except that a separator
     * repeated back to back (ignoring white space) yields an empty item: libclassad documents
     * {@code "foo, bar"} and {@code "foo,bar"} as two items but {@code "foo,,bar"} as three.
     */
    private static Value split(Args a) {
        if (!a.sizeBetween(1, 2)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        String text = Args.string(v[0]);
        String separators = v.length == 2 ? Args.string(v[1]) : SPLIT_SEPARATORS;
        if (text == null || separators == null) {
            return Value.ERROR;
        }
        List<Value> items = new ArrayList<>();
        int last = 0;
        if (!separators.isEmpty()) {
            int previous = -1;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (separators.indexOf(c) < 0) {
                    continue;
                }
                if (i > last) {
                    items.add(new StringValue(text.substring(last, i)));
                } else if (!isCSpace(previous) && previous == c) {
                    items.add(StringValue.EMPTY);
                }
                if (!isCSpace(c)) {
                    previous = c;
                }
                last = i + 1;
            }
        }
        if (text.length() > last) {
            items.add(new StringValue(text.substring(last)));
        }
        return new ListValue(items);
    }

    /** C's isspace in the "C" locale. */
    static boolean isCSpace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** Always two strings; without an {@code @} the whole name is the user, or the machine for a slot name. */
    private static Value splitAt(Args a, boolean slotName) {
        if (!a.sizeIs(1)) {
            return Value.ERROR;
        }
        String name = Args.string(a.value(0));
        if (name == null) {
            return Value.ERROR;
        }
        int at = name.indexOf('@');
        if (at < 0) {
            return slotName ? Value.list(StringValue.EMPTY, new StringValue(name))
                    : Value.list(new StringValue(name), StringValue.EMPTY);
        }
        return Value.list(new StringValue(name.substring(0, at)), new StringValue(name.substring(at + 1)));
    }
}
