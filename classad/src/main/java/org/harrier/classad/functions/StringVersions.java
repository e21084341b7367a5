package org.harrier.classad.functions;

import java.util.function.IntPredicate;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.Coercion;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Value;

/**
 * {@code versioncmp}, {@code versionGT/LT/GE/LE/EQ} and {@code version_in_range}: strings
 * compared as versions, where a run of digits compares by value and more leading zeros sort
 * first (manual: {@code 000, 00, 01, 010, 09, 0, 1, 9, 10} is in order). The comparison is
 * libclassad's {@code natural_cmp} (the rules of strverscmp(3)); arguments go through
 * {@code string()}, so numbers compare as versions too.
 */
final class StringVersions {
    private StringVersions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("versioncmp", (args, ctx, scope) -> versionCompare(new Args(args, ctx, scope)));
        // libclassad picks the comparison with a case-sensitive strcmp on the name as written,
        // so "versionle(...)" is error there; here every spelling works.
        b.add("versionGT", (args, ctx, scope) -> versionTest(new Args(args, ctx, scope), r -> r > 0));
        b.add("versionLT", (args, ctx, scope) -> versionTest(new Args(args, ctx, scope), r -> r < 0));
        b.add("versionGE", (args, ctx, scope) -> versionTest(new Args(args, ctx, scope), r -> r >= 0));
        b.add("versionLE", (args, ctx, scope) -> versionTest(new Args(args, ctx, scope), r -> r <= 0));
        b.add("versionEQ", (args, ctx, scope) -> versionTest(new Args(args, ctx, scope), r -> r == 0));
        b.add("version_in_range", (args, ctx, scope) -> versionInRange(new Args(args, ctx, scope)));
    }

    /** The comparison's raw result, as libclassad returns it: only its sign is specified. */
    private static Value versionCompare(Args a) {
        return a.withTwoTexts((l, r) -> IntegerValue.of(compare(l, r)));
    }

    private static Value versionTest(Args a, IntPredicate test) {
        Value order = versionCompare(a);
        return order instanceof IntegerValue i ? BooleanValue.of(test.test((int) i.value())) : order;
    }

    /**
     * {@code versionLE(min, v) && versionLE(v, max)}. Only an undefined bound gives
     * {@code undefined}; an undefined version has no string form and gives {@code error}, as in
     * libclassad.
     */
    private static Value versionInRange(Args a) {
        if (!a.sizeIs(3)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        if (v[1] == Value.UNDEFINED || v[2] == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        String version = Coercion.toText(v[0]);
        String min = Coercion.toText(v[1]);
        String max = Coercion.toText(v[2]);
        if (version == null || min == null || max == null) {
            return Value.ERROR;
        }
        return BooleanValue.of(compare(min, version) <= 0 && compare(version, max) <= 0);
    }

    /**
     * libclassad's {@code natural_cmp}: find the first difference; if it is not inside a number
     * in both strings, compare those characters. Otherwise fewer leading zeros sorts later, equal
     * leading zeros compare the differing digit, and numbers without leading zeros compare by
     * length and then by the differing digit. Past the end of a string reads as character 0.
     */
    static int compare(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        int c1 = at(a, i);
        int c2 = at(b, i);
        if (c1 == c2) {
            return 0;
        }
        int numberStart = i;
        while (numberStart > 0 && isDigit(at(a, numberStart - 1))) {
            numberStart--;
        }
        if (numberStart == i && (!isDigit(c1) || !isDigit(c2))) {
            return c1 - c2;
        }
        int zeros1 = leadingZeros(a, numberStart);
        int zeros2 = leadingZeros(b, numberStart);
        if (zeros1 != zeros2) {
            return zeros2 - zeros1;
        }
        if (zeros1 > 0) {
            return c1 - c2;
        }
        int digits1 = digitsFrom(a, numberStart);
        int digits2 = digitsFrom(b, numberStart);
        return digits1 != digits2 ? digits1 - digits2 : c1 - c2;
    }

    /** Zeros at the start of the number, not counting a final zero that is the whole rest of it. */
    private static int leadingZeros(String s, int start) {
        int end = start;
        while (at(s, end) == '0') {
            end++;
        }
        if (end > start && !isDigit(at(s, end))) {
            end--;
        }
        return end - start;
    }

    private static int digitsFrom(String s, int start) {
        int end = start;
        while (isDigit(at(s, end))) {
            end++;
        }
        return end - start;
    }

    private static int at(String s, int i) {
        return i < s.length() ? s.charAt(i) : 0;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }
}
