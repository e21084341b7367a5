package org.harrier.classad.functions;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.Value;

/**
 * The {@code stringList*} family: functions over a string holding a delimited list of items
 * (see {@link StringListItems}). Names and behaviour follow HTCondor's registration in
 * {@code compat_classad.cpp} and {@code fnCall.cpp}; {@code stringList_regexpMember} lives with
 * the regular expressions in {@link RegexFunctions}. libclassad registers the intersection test
 * only as {@code stringListsIntersect} (the manual's index also says "stringListIntersect", which
 * is not a function), so that is the only name here.
 */
final class StringListFunctions {
    private StringListFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("stringListSize", (args, ctx, scope) -> size(new Args(args, ctx, scope)));
        b.add("stringListSum", (args, ctx, scope) -> summarize(new Args(args, ctx, scope), Summary.SUM));
        b.add("stringListAvg", (args, ctx, scope) -> summarize(new Args(args, ctx, scope), Summary.AVG));
        b.add("stringListMin", (args, ctx, scope) -> summarize(new Args(args, ctx, scope), Summary.MIN));
        b.add("stringListMax", (args, ctx, scope) -> summarize(new Args(args, ctx, scope), Summary.MAX));
        b.add("stringListMember", (args, ctx, scope) -> member(new Args(args, ctx, scope), false, false));
        b.add("stringListIMember", (args, ctx, scope) -> member(new Args(args, ctx, scope), true, false));
        b.add("stringListSubsetMatch", (args, ctx, scope) -> member(new Args(args, ctx, scope), false, true));
        b.add("stringListISubsetMatch", (args, ctx, scope) -> member(new Args(args, ctx, scope), true, true));
        b.add("stringListsIntersect", (args, ctx, scope) -> intersect(new Args(args, ctx, scope)));
    }

    private enum Summary { SUM, AVG, MIN, MAX }

    /** The items of {@code stringListX(list [, delimiters])}, or null if an argument is not a string. */
    private static List<String> itemsOf(Args a) {
        if (!a.sizeBetween(1, 2)) {
            return null;
        }
        String list = Args.string(a.value(0));
        String delimiters = a.sizeIs(2) ? Args.string(a.value(1)) : StringListItems.COMMA_SPACE;
        return list == null || delimiters == null ? null : StringListItems.split(list, delimiters, true);
    }

    private static Value size(Args a) {
        List<String> items = itemsOf(a);
        return items == null ? Value.ERROR : IntegerValue.of(items.size());
    }

    /**
     * Each item is read as C's {@code sscanf("%lf")} reads it; an item that does not start with
     * a number is {@code error}. The result is an integer unless some item has a character other
     * than digits and signs. An empty list sums and averages to 0.0 and has no minimum or
     * maximum ({@code undefined}).
     *
     * <p>Two deliberate departures from compat_classad.cpp, whose code contradicts the manual:
     * the average is always real (there it is truncated to an integer when every item is one),
     * and min/max start from the first item (there they start from FLT_MAX/FLT_MIN, so the
     * maximum of negative numbers came out as 0).
     */
    private static Value summarize(Args a, Summary summary) {
        List<String> items = itemsOf(a);
        if (items == null) {
            return Value.ERROR;
        }
        if (items.isEmpty()) {
            return summary == Summary.SUM || summary == Summary.AVG ? new RealValue(0.0) : Value.UNDEFINED;
        }
        double accumulator = 0.0;
        boolean real = false;
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i);
            Double number = StringListItems.leadingNumber(item);
            if (number == null) {
                return Value.ERROR;
            }
            real |= !onlyDigitsAndSigns(item);
            double x = number;
            if (i == 0 || summary == Summary.SUM || summary == Summary.AVG) {
                accumulator = i == 0 ? x : accumulator + x;
            } else if (summary == Summary.MIN ? x < accumulator : x > accumulator) {
                accumulator = x;
            }
        }
        if (summary == Summary.AVG) {
            return new RealValue(accumulator / items.size());
        }
        return real ? new RealValue(accumulator) : IntegerValue.of((long) accumulator);
    }

    private static boolean onlyDigitsAndSigns(String item) {
        for (int i = 0; i < item.length(); i++) {
            char c = item.charAt(i);
            if ((c < '0' || c > '9') && c != '+' && c != '-') {
                return false;
            }
        }
        return true;
    }

    /**
     * stringListMember/IMember ({@code item} is one of the list's items) and
     * stringListSubsetMatch/ISubsetMatch (every item of the first list is in the second).
     * Arguments may be strings or {@code undefined}, which acts as an empty list unless both
     * lists are undefined (then the result is {@code undefined}); the manual and HTCondor's
     * tests: {@code stringListSubsetMatch(undefined, "a")} is true, {@code (..., undefined)} false.
     * An undefined delimiter argument means the default.
     */
    private static Value member(Args a, boolean ignoreCase, boolean subset) {
        if (!a.sizeBetween(2, 3)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        for (Value x : v) {
            if (x != Value.UNDEFINED && Args.string(x) == null) {
                return Value.ERROR;
            }
        }
        if (v[0] == Value.UNDEFINED && v[1] == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        String first = v[0] == Value.UNDEFINED ? "" : Args.string(v[0]);
        String list = v[1] == Value.UNDEFINED ? "" : Args.string(v[1]);
        String delimiters = v.length == 3 && v[2] != Value.UNDEFINED ? Args.string(v[2]) : StringListItems.COMMA_WHITESPACE;
        List<String> items = StringListItems.split(list, delimiters, true);
        if (!subset) {
            for (String item : items) {
                if (ignoreCase ? StringFunctions.compareIgnoringAsciiCase(item, first) == 0 : item.equals(first)) {
                    return BooleanValue.TRUE;
                }
            }
            return BooleanValue.FALSE;
        }
        if (first.isEmpty()) {
            return BooleanValue.TRUE;
        }
        Set<String> set = ignoreCase ? new TreeSet<>(StringFunctions::compareIgnoringAsciiCase) : new HashSet<>();
        set.addAll(items);
        // As in HTCondor, a first list of nothing but delimiters and blanks (" ") matches
        // nothing: only the empty string is trivially a subset.
        List<String> wanted = StringListItems.split(first, delimiters, true);
        return BooleanValue.of(!wanted.isEmpty() && set.containsAll(wanted));
    }

    /**
     * libclassad's own string-list function: items split at {@code " ,"} (or the given
     * delimiters, unless empty) without trimming, compared case-sensitively. Strict: any
     * {@code error} argument is error, then any {@code undefined} one is undefined.
     */
    private static Value intersect(Args a) {
        if (!a.sizeBetween(2, 3)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        for (Value x : v) {
            if (x == Value.ERROR) {
                return Value.ERROR;
            }
        }
        for (Value x : v) {
            if (x == Value.UNDEFINED) {
                return Value.UNDEFINED;
            }
        }
        String first = Args.string(v[0]);
        String second = Args.string(v[1]);
        String delimiters = v.length == 3 ? Args.string(v[2]) : "";
        if (first == null || second == null || delimiters == null) {
            return Value.ERROR;
        }
        if (delimiters.isEmpty()) {
            delimiters = " ,";
        }
        Set<String> other = new HashSet<>(StringListItems.split(second, delimiters, false));
        for (String item : StringListItems.split(first, delimiters, false)) {
            if (other.contains(item)) {
                return BooleanValue.TRUE;
            }
        }
        return BooleanValue.FALSE;
    }
}
