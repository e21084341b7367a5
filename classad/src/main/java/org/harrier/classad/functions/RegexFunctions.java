package org.harrier.classad.functions;

import java.util.List;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.ListValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * The regular-expression built-ins of the manual: {@code regexp}, {@code regexps},
 * {@code replace}, {@code replaceAll}, {@code regexpMember} and {@code stringList_regexpMember}.
 * Patterns are PCRE syntax ({@link RegexPattern}); an invalid pattern is {@code error}, and so is
 * a match that would take unbounded time ({@link RegexBudget}): bad input never hangs the
 * evaluator. Argument rules follow libclassad's {@code fnCall.cpp}: any {@code error} argument
 * gives error, then any {@code undefined} one gives undefined, then a non-string gives error.
 */
final class RegexFunctions {
    private RegexFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("regexp", (args, ctx, scope) -> regexp(new Args(args, ctx, scope)));
        b.add("regexps", (args, ctx, scope) -> substitute(new Args(args, ctx, scope), ""));
        b.add("replace", (args, ctx, scope) -> substitute(new Args(args, ctx, scope), "f"));
        b.add("replaceAll", (args, ctx, scope) -> substitute(new Args(args, ctx, scope), "fg"));
        b.add("regexpMember", (args, ctx, scope) -> regexpMember(new Args(args, ctx, scope)));
        b.add("stringList_regexpMember", (args, ctx, scope) -> stringListMember(new Args(args, ctx, scope)));
    }

    private static String options(Value[] v, int index) {
        return v.length > index ? Args.string(v[index]) : "";
    }

    /** {@code regexp(pattern, target [, options])}: does the pattern match anywhere in the target. */
    private static Value regexp(Args a) {
        if (!a.sizeBetween(2, 3)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        Value exceptional = Args.exceptional(v);
        if (exceptional != null) {
            return exceptional;
        }
        String pattern = Args.string(v[0]);
        String target = Args.string(v[1]);
        String options = options(v, 2);
        if (pattern == null || target == null || options == null) {
            return Value.ERROR;
        }
        RegexPattern compiled = RegexPattern.compile(pattern, options);
        if (compiled == null) {
            return Value.ERROR;
        }
        RegexBudget budget = RegexBudget.forTargets(target.length());
        try {
            return BooleanValue.of(compiled.find(target, budget));
        } catch (RegexBudget.Exhausted | StackOverflowError e) {
            return Value.ERROR;
        }
    }

    /**
     * {@code regexps(pattern, target, substitute [, options])}, and replace / replaceAll, which
     * are regexps with options {@code f} and {@code fg} added.
     */
    private static Value substitute(Args a, String implied) {
        if (!a.sizeBetween(3, 4)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        Value exceptional = Args.exceptional(v);
        if (exceptional != null) {
            return exceptional;
        }
        String pattern = Args.string(v[0]);
        String target = Args.string(v[1]);
        String replacement = Args.string(v[2]);
        String options = options(v, 3);
        if (pattern == null || target == null || replacement == null || options == null) {
            return Value.ERROR;
        }
        RegexPattern compiled = RegexPattern.compile(pattern, options + implied);
        if (compiled == null) {
            return Value.ERROR;
        }
        RegexBudget budget = RegexBudget.forTargets(target.length());
        try {
            String result = compiled.substitute(target, replacement, budget);
            return result == null ? Value.ERROR : new StringValue(result);
        } catch (RegexBudget.Exhausted | StackOverflowError e) {
            return Value.ERROR;
        }
    }

    /**
     * {@code regexpMember(pattern, list [, options])}: true if some string in the list matches.
     * Members are tried in order: a member that is neither a string nor undefined before any
     * match is error; no match with an undefined member is undefined (manual). An invalid
     * pattern is error even for an empty list (libclassad answers false there, reading its own
     * error value as "no match").
     */
    private static Value regexpMember(Args a) {
        if (!a.sizeBetween(2, 3)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        Value exceptional = Args.exceptional(v);
        if (exceptional != null) {
            return exceptional;
        }
        String pattern = Args.string(v[0]);
        String options = options(v, 2);
        if (pattern == null || options == null || !(v[1] instanceof ListValue list)) {
            return Value.ERROR;
        }
        RegexPattern compiled = RegexPattern.compile(pattern, options);
        if (compiled == null) {
            return Value.ERROR;
        }
        long chars = 0;
        for (Value item : list.items()) {
            chars += item instanceof StringValue s ? s.value().length() : 0;
        }
        RegexBudget budget = RegexBudget.forTargets(chars);
        boolean sawUndefined = false;
        try {
            for (Value item : list.items()) {
                if (item == Value.UNDEFINED) {
                    sawUndefined = true;
                } else if (!(item instanceof StringValue s)) {
                    return Value.ERROR;
                } else if (compiled.find(s.value(), budget)) {
                    return BooleanValue.TRUE;
                }
            }
        } catch (RegexBudget.Exhausted | StackOverflowError e) {
            return Value.ERROR;
        }
        return sawUndefined ? Value.UNDEFINED : BooleanValue.FALSE;
    }

    /**
     * {@code stringList_regexpMember(pattern, list [, delimiters [, options]])}, from
     * compat_classad.cpp: every argument must be a string ({@code undefined} included is error),
     * an invalid pattern is error, and a list without items is {@code undefined}.
     */
    private static Value stringListMember(Args a) {
        if (!a.sizeBetween(2, 4)) {
            return Value.ERROR;
        }
        Value[] v = a.values();
        for (Value x : v) {
            if (Args.string(x) == null) {
                return Value.ERROR;
            }
        }
        String list = Args.string(v[1]);
        String delimiters = v.length >= 3 ? Args.string(v[2]) : StringListItems.COMMA_SPACE;
        RegexPattern compiled = RegexPattern.compile(Args.string(v[0]), options(v, 3));
        if (compiled == null) {
            return Value.ERROR;
        }
        List<String> items = StringListItems.split(list, delimiters, true);
        if (items.isEmpty()) {
            return Value.UNDEFINED;
        }
        RegexBudget budget = RegexBudget.forTargets(list.length());
        try {
            for (String item : items) {
                if (compiled.find(item, budget)) {
                    return BooleanValue.TRUE;
                }
            }
        } catch (RegexBudget.Exhausted | StackOverflowError e) {
            return Value.ERROR;
        }
        return BooleanValue.FALSE;
    }
}
