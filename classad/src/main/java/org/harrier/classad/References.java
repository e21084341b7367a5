package org.harrier.classad;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;

/** Collects the attribute names an expression reads; see {@link Expr#references()}. */
final class References {
    private References() {
    }

    static Set<String> of(Expr root) {
        Set<String> out = new TreeSet<>();
        Deque<Expr> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Expr e = todo.pop();
            if (e instanceof AttributeRef r) {
                out.add(r.key());
            } else if (e instanceof ScopedRef r) {
                out.add(r.key());
            } else if (e instanceof Selection s) {
                todo.push(s.base());
            } else if (e instanceof Subscript s) {
                todo.push(s.base());
                todo.push(s.index());
            } else if (e instanceof UnaryOp u) {
                todo.push(u.operand());
            } else if (e instanceof BinaryOp b) {
                todo.push(b.left());
                todo.push(b.right());
            } else if (e instanceof Conditional c) {
                todo.push(c.condition());
                todo.push(c.whenTrue());
                todo.push(c.whenFalse());
            } else if (e instanceof Elvis v) {
                todo.push(v.value());
                todo.push(v.fallback());
            } else if (e instanceof FunctionCall f) {
                f.arguments().forEach(todo::push);
            } else if (e instanceof ListExpr l) {
                l.items().forEach(todo::push);
            } else if (e instanceof RecordExpr r) {
                r.ad().forEach((name, expr) -> todo.push(expr));
            } else if (e instanceof Parens p) {
                todo.push(p.inner());
            }
        }
        return out;
    }
}
