package org.harrier.classad.functions;

import java.util.List;

import org.harrier.classad.BinaryOp;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAdValue;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.ListValue;
import org.harrier.classad.Op;
import org.harrier.classad.Scope;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * {@code size}, {@code member}, {@code identicalMember}, {@code anyCompare}, {@code allCompare},
 * and (in {@link ListAggregates}) {@code sum}, {@code avg}, {@code min}, {@code max}, as
 * libclassad's {@code size}, {@code testMember} and {@code listCompare} (fnCall.cpp) compute them.
 * Comparisons are the operators themselves, so {@code member("a", {"A"})} ignores case exactly
 * as {@code "a" == "A"} does.
 */
final class ListFunctions {
    private ListFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("size", ListFunctions::size);
        b.add("member", (args, context, scope) -> member(args, context, scope, Op.EQ));
        b.add("identicalMember", (args, context, scope) -> member(args, context, scope, Op.IDENTICAL));
        b.add("anyCompare", (args, context, scope) -> compare(args, context, scope, false));
        b.add("allCompare", (args, context, scope) -> compare(args, context, scope, true));
        ListAggregates.register(b);
    }

    /**
     * Characters of a string, members of a list, attributes of a record; {@code undefined} for
     * {@code undefined}, {@code error} for anything else. libclassad counts a string's UTF-8
     * bytes; we count characters (code points), as the manual says.
     */
    private static Value size(List<Expr> args, EvalContext context, Scope scope) {
        if (args.size() != 1) {
            return Value.ERROR;
        }
        Value v = context.evaluate(args.get(0), scope);
        if (v instanceof StringValue s) {
            return IntegerValue.of(s.value().codePointCount(0, s.value().length()));
        }
        if (v instanceof ListValue l) {
            return IntegerValue.of(l.size());
        }
        if (v instanceof ClassAdValue c) {
            return IntegerValue.of(c.ad().size());
        }
        return v == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
    }

    /**
     * True if some member of the list is {@code ==} (or, for identicalMember, {@code =?=}) the
     * value. An undefined list gives {@code undefined}, and so does an undefined value for
     * {@code member}; {@code identicalMember} looks for {@code undefined} and {@code error} like
     * any other value. A list or record as the value, or a non-list, gives {@code error}.
     */
    private static Value member(List<Expr> args, EvalContext context, Scope scope, Op op) {
        if (args.size() != 2) {
            return Value.ERROR;
        }
        Value item = context.evaluate(args.get(0), scope);
        Value list = context.evaluate(args.get(1), scope);
        boolean strict = op == Op.EQ;
        if (list == Value.UNDEFINED || (strict && item == Value.UNDEFINED)) {
            return Value.UNDEFINED;
        }
        if (!(list instanceof ListValue members) || item instanceof ListValue || item instanceof ClassAdValue) {
            return Value.ERROR;
        }
        if (strict && item == Value.ERROR) {
            return Value.ERROR;
        }
        for (Value member : members.items()) {
            if (operate(op, member, item, context, scope) == BooleanValue.TRUE) {
                return BooleanValue.TRUE;
            }
        }
        return BooleanValue.FALSE;
    }

    /**
     * {@code anyCompare(op, list, t)} / {@code allCompare(op, list, t)}: whether {@code m op t}
     * holds for some / every member m. An empty list gives false / true. An undefined operator
     * or list gives {@code undefined}; an operator other than the eight libclassad knows
     * ({@code < <= == != > >= is isnt}, spelled exactly so) gives {@code error}. A comparison
     * that is {@code undefined} counts as not holding; one that is {@code error} (say a string
     * against a number with {@code <}) makes the result {@code error}.
     *
     * <p>libclassad's anyCompare stops at the first undefined comparison and answers false even
     * if a later member would match (an early {@code return} in listCompare); we keep looking,
     * as the manual describes: "If any of the members of l evaluate to true, the result is True."
     */
    private static Value compare(List<Expr> args, EvalContext context, Scope scope, boolean all) {
        if (args.size() != 3) {
            return Value.ERROR;
        }
        Value opName = context.evaluate(args.get(0), scope);
        if (opName == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        Op op = opName instanceof StringValue s ? comparison(s.value()) : null;
        if (op == null) {
            return Value.ERROR;
        }
        Value list = context.evaluate(args.get(1), scope);
        if (list == Value.UNDEFINED) {
            return Value.UNDEFINED;
        }
        if (!(list instanceof ListValue members)) {
            return Value.ERROR;
        }
        Value target = context.evaluate(args.get(2), scope);
        for (Value member : members.items()) {
            Value holds = operate(op, member, target, context, scope);
            if (holds instanceof BooleanValue b) {
                if (b.value() != all) {
                    return b; // anyCompare found a match, or allCompare found a miss
                }
            } else if (holds == Value.UNDEFINED) {
                if (all) {
                    return BooleanValue.FALSE;
                }
            } else {
                return Value.ERROR;
            }
        }
        return BooleanValue.of(all);
    }

    private static Op comparison(String name) {
        switch (name) {
            case "<": return Op.LT;
            case "<=": return Op.LE;
            case "==": return Op.EQ;
            case "!=": return Op.NE;
            case ">": return Op.GT;
            case ">=": return Op.GE;
            case "is": return Op.IDENTICAL;
            case "isnt": return Op.NOT_IDENTICAL;
            default: return null;
        }
    }

    /** The operator applied to two values, with exactly the semantics it has in an expression. */
    static Value operate(Op op, Value left, Value right, EvalContext context, Scope scope) {
        return new BinaryOp(op, left, right).evaluate(context, scope);
    }
}
