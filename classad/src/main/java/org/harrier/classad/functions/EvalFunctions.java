package org.harrier.classad.functions;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.harrier.classad.AttributeRef;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.ClassAdValue;
import org.harrier.classad.Coercion;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ListValue;
import org.harrier.classad.Scope;
import org.harrier.classad.ScopedRef;
import org.harrier.classad.Selection;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * Functions that work on expressions rather than values: {@code eval}, {@code unparse},
 * {@code unresolved}, {@code evalInEachContext}, {@code countMatches} and {@code debug}
 * (manual, "ClassAd built-in functions"). Expressions they evaluate outside any attribute go
 * through {@link EvalContext#evaluateDynamic}, so a self-referring {@code eval} string or a
 * record list that re-enters the call ends in {@code error}, never a stack overflow.
 */
final class EvalFunctions {
    private static final Logger LOG = System.getLogger(EvalFunctions.class.getName());

    private EvalFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("eval", EvalFunctions::eval);
        b.add("unparse", EvalFunctions::unparse);
        b.add("unresolved", EvalFunctions::unresolved);
        b.add("evalInEachContext", (exprs, ctx, scope) -> inEachContext(exprs, ctx, scope, false));
        b.add("countMatches", (exprs, ctx, scope) -> inEachContext(exprs, ctx, scope, true));
        b.add("debug", EvalFunctions::debug);
    }

    /**
     * eval(x): the value of the text {@code string(x)} parsed as an expression (new syntax) and
     * evaluated where the call is. Undefined, error, and text that does not parse are error
     * (libclassad's {@code eval}).
     */
    private static Value eval(List<Expr> exprs, EvalContext ctx, Scope scope) {
        if (exprs.size() != 1) {
            return Value.ERROR;
        }
        String text = Coercion.toText(ctx.evaluate(exprs.get(0), scope));
        if (text == null) {
            return Value.ERROR;
        }
        Expr parsed;
        try {
            parsed = Expr.parse(text);
        } catch (ClassAdParseException | IllegalArgumentException e) {
            return Value.ERROR;
        }
        return ctx.evaluateDynamic(parsed, scope);
    }

    /**
     * unparse(attr): the text of the expression bound to {@code attr}, unevaluated; "" if the ad
     * has no such attribute (manual). As in libclassad an unscoped name is looked up in the
     * calling ad only, and any argument but an attribute reference is error; {@code r.x} gives
     * "" as libclassad's lookup of the text {@code "r.x"} does. Deviation: {@code MY.x},
     * {@code TARGET.x} and {@code PARENT.x} are looked up in their ad, where libclassad looks
     * for an attribute literally called {@code "MY.x"} and returns "".
     */
    private static Value unparse(List<Expr> exprs, EvalContext ctx, Scope scope) {
        if (exprs.size() != 1) {
            return Value.ERROR;
        }
        Expr ref = exprs.get(0);
        Expr bound;
        if (ref instanceof AttributeRef r) {
            bound = scope.ad().lookup(r.name());
        } else if (ref instanceof ScopedRef) {
            EvalReferences.Binding b = EvalReferences.find(ref, scope);
            bound = b == null ? null : b.expr();
        } else if (ref instanceof Selection) {
            bound = null;
        } else {
            return Value.ERROR;
        }
        return bound == null ? StringValue.EMPTY : new StringValue(bound.unparse());
    }

    /**
     * unresolved(attr [, pattern]): the attributes the expression of {@code attr} reads that its
     * ad does not define, comma-separated ({@link EvalReferences#unresolved}); with a pattern,
     * whether any of them matches it (a Perl-style regular expression, ignoring case, matching
     * anywhere in the name, as libclassad's PCRE2 call with {@code PCRE2_CASELESS} and
     * {@code PCRE2_NOTEMPTY}). Undefined if {@code attr} names nothing; error if it is not an
     * attribute reference (only plain and {@code MY./TARGET./PARENT.} references are; libclassad
     * also accepts {@code r.x}), or the pattern is not a valid regular expression.
     */
    private static Value unresolved(List<Expr> exprs, EvalContext ctx, Scope scope) {
        if (exprs.isEmpty() || exprs.size() > 2
                || !(exprs.get(0) instanceof AttributeRef || exprs.get(0) instanceof ScopedRef)) {
            return Value.ERROR;
        }
        EvalReferences.Binding found = EvalReferences.find(exprs.get(0), scope);
        if (found == null) {
            return Value.UNDEFINED;
        }
        Set<String> names = EvalReferences.unresolved(found);
        if (exprs.size() == 1) {
            return new StringValue(String.join(",", names));
        }
        String text = Args.string(ctx.evaluate(exprs.get(1), scope));
        if (text == null) {
            return Value.ERROR;
        }
        Pattern pattern;
        try {
            pattern = Pattern.compile(text, Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException e) {
            return Value.ERROR;
        }
        for (String name : names) {
            Matcher m = pattern.matcher(name);
            while (m.find()) {
                if (m.end() > m.start()) {
                    return BooleanValue.TRUE;
                }
            }
        }
        return BooleanValue.FALSE;
    }

    /**
     * evalInEachContext(expr, ads) and countMatches(expr, ads): {@code expr} evaluated inside each
     * record of the list {@code ads}; the list of the results, or the number of them that are
     * true (a non-zero number counts, as libclassad's {@code IsBooleanValueEquiv}). If
     * {@code expr} is a reference to an attribute, that attribute's expression is what gets
     * evaluated in each record; a reference to nothing is evaluated as it is, so
     * {@code evalInEachContext(Prio, ads)} collects each record's Prio.
     *
     * <p>evalInEachContext follows the manual, which says a second argument that is not a list of
     * records is error (its examples give error for {@code UNDEFINED} and for a list holding
     * {@code UNDEFINED}); current libclassad returns undefined for the first and puts undefined
     * in the list for the second. countMatches follows both: undefined counts 0, and list items
     * that are not records are skipped, but a second argument that is neither a list nor
     * undefined is error.
     */
    private static Value inEachContext(List<Expr> exprs, EvalContext ctx, Scope scope, boolean count) {
        if (exprs.size() != 2) {
            return Value.ERROR;
        }
        Expr expr = exprs.get(0);
        EvalReferences.Binding bound = EvalReferences.find(expr, scope);
        if (bound != null) {
            expr = bound.expr();
        }
        Value ads = ctx.evaluate(exprs.get(1), scope);
        if (count && ads == Value.UNDEFINED) {
            return IntegerValue.of(0);
        }
        if (!(ads instanceof ListValue list)) {
            return Value.ERROR;
        }
        List<Value> results = new ArrayList<>(list.size());
        long matches = 0;
        for (Value item : list.items()) {
            if (!(item instanceof ClassAdValue record)) {
                if (count) {
                    continue;
                }
                return Value.ERROR;
            }
            Value v = ctx.evaluateDynamic(expr, record.scope());
            results.add(v);
            if (Coercion.truth(v) == 1) {
                matches++;
            }
        }
        return count ? IntegerValue.of(matches) : new ListValue(results);
    }

    /**
     * debug(expr): the value of {@code expr}, unchanged; the expression and its value are logged
     * at DEBUG (HTCondor logs at D_FULLDEBUG) to the {@code System.Logger} named after this class.
     */
    private static Value debug(List<Expr> exprs, EvalContext ctx, Scope scope) {
        if (exprs.size() != 1) {
            return Value.ERROR;
        }
        Value v = ctx.evaluate(exprs.get(0), scope);
        LOG.log(Level.DEBUG, () -> "debug(" + exprs.get(0).unparse() + ") = " + v.unparse());
        return v;
    }
}
