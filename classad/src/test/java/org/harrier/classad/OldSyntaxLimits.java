package org.harrier.classad;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Whether an expression or ad has an old-syntax form at all (see {@link Syntax}): no string or
 * name may end with a backslash, since {@code \"} only ends a string at the end of its line.
 */
final class OldSyntaxLimits {
    private OldSyntaxLimits() {
    }

    static boolean canWrite(ClassAd ad) {
        boolean[] ok = {true};
        ad.forEach((name, expr) -> ok[0] &= writable(name) && canWrite(expr));
        return ok[0];
    }

    static boolean canWrite(Expr root) {
        Deque<Object> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Object o = todo.pop();
            if (o instanceof ClassAd ad) {
                if (!canWrite(ad)) {
                    return false;
                }
            } else if (o instanceof StringValue s) {
                if (!writable(s.value())) {
                    return false;
                }
            } else if (o instanceof ListValue l) {
                l.items().forEach(todo::push);
            } else if (o instanceof ClassAdValue c) {
                todo.push(c.ad());
            } else if (o instanceof AttributeRef r) {
                if (!writable(r.name())) {
                    return false;
                }
            } else if (o instanceof ScopedRef r) {
                if (!writable(r.name())) {
                    return false;
                }
            } else if (o instanceof Selection s) {
                if (!writable(s.name())) {
                    return false;
                }
                todo.push(s.base());
            } else if (o instanceof Subscript s) {
                todo.push(s.base());
                todo.push(s.index());
            } else if (o instanceof UnaryOp u) {
                todo.push(u.operand());
            } else if (o instanceof BinaryOp b) {
                todo.push(b.left());
                todo.push(b.right());
            } else if (o instanceof Conditional c) {
                pushAll(todo, List.of(c.condition(), c.whenTrue(), c.whenFalse()));
            } else if (o instanceof Elvis v) {
                pushAll(todo, List.of(v.value(), v.fallback()));
            } else if (o instanceof FunctionCall f) {
                pushAll(todo, f.arguments());
            } else if (o instanceof ListExpr l) {
                pushAll(todo, l.items());
            } else if (o instanceof RecordExpr r) {
                todo.push(r.ad());
            } else if (o instanceof Parens p) {
                todo.push(p.inner());
            }
        }
        return true;
    }

    private static void pushAll(Deque<Object> todo, List<? extends Expr> items) {
        items.forEach(todo::push);
    }

    private static boolean writable(String text) {
        return !text.endsWith("\\");
    }
}
