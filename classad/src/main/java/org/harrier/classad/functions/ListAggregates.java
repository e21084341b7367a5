package org.harrier.classad.functions;

import java.util.List;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ListValue;
import org.harrier.classad.Op;
import org.harrier.classad.RealValue;
import org.harrier.classad.Scope;
import org.harrier.classad.Value;

/**
 * {@code sum}, {@code avg}, {@code min} and {@code max} of a list of numbers, as libclassad's
 * {@code sumAvg} and {@code minMax} (fnCall.cpp) compute them: {@code undefined} members are
 * left out, any other non-number (booleans included) makes the result {@code error}, and the
 * arithmetic and comparisons are the operators' own ({@code +} on integers wraps, a real sum
 * that overflows is {@code error}).
 *
 * <p>Empty and all-undefined lists: {@code sum} and {@code avg} of {@code {}} are the integer 0
 * (libclassad; the manual says "0"), {@code min} and {@code max} are {@code undefined}. For a
 * list of only undefined members the manual says {@code undefined}, but libclassad's sumAvg
 * returns its starting 0; we follow the manual there, so {@code sum({undefined})} is
 * {@code undefined}.
 *
 * <p>{@code min} and {@code max} return the winning member as it is, so {@code min({1, 2.0})}
 * is the integer 1 (libclassad), not 1.0 as the manual's "as a Real if any value is Real" says.
 */
final class ListAggregates {
    private ListAggregates() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("sum", (args, context, scope) -> sumOrAverage(args, context, scope, false));
        b.add("avg", (args, context, scope) -> sumOrAverage(args, context, scope, true));
        b.add("min", (args, context, scope) -> bound(args, context, scope, Op.LT));
        b.add("max", (args, context, scope) -> bound(args, context, scope, Op.GT));
    }

    private static Value sumOrAverage(List<Expr> args, EvalContext context, Scope scope, boolean average) {
        Value list = listArgument(args, context, scope);
        if (!(list instanceof ListValue members)) {
            return list;
        }
        if (members.size() == 0) {
            return IntegerValue.of(0);
        }
        Value total = null;
        int counted = 0;
        for (Value member : members.items()) {
            if (member == Value.UNDEFINED) {
                continue;
            }
            if (!isNumber(member)) {
                return Value.ERROR;
            }
            total = total == null ? member : ListFunctions.operate(Op.ADD, total, member, context, scope);
            counted++;
        }
        if (total == null) {
            return Value.UNDEFINED;
        }
        return average ? ListFunctions.operate(Op.DIV, total, new RealValue(counted), context, scope) : total;
    }

    /** The member m for which {@code m op other} holds against every other member; the first such on ties. */
    private static Value bound(List<Expr> args, EvalContext context, Scope scope, Op op) {
        Value list = listArgument(args, context, scope);
        if (!(list instanceof ListValue members)) {
            return list;
        }
        Value best = Value.UNDEFINED;
        for (Value member : members.items()) {
            if (member == Value.UNDEFINED) {
                continue;
            }
            if (!isNumber(member)) {
                return Value.ERROR;
            }
            if (best == Value.UNDEFINED
                    || ListFunctions.operate(op, member, best, context, scope) == BooleanValue.TRUE) {
                best = member;
            }
        }
        return best;
    }

    /** The list argument, or the value to return instead: {@code undefined} for undefined, else {@code error}. */
    private static Value listArgument(List<Expr> args, EvalContext context, Scope scope) {
        if (args.size() != 1) {
            return Value.ERROR;
        }
        Value v = context.evaluate(args.get(0), scope);
        if (v instanceof ListValue || v == Value.UNDEFINED) {
            return v;
        }
        return Value.ERROR;
    }

    private static boolean isNumber(Value v) {
        return v instanceof IntegerValue || v instanceof RealValue;
    }
}
