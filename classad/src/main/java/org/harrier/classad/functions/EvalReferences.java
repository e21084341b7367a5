package org.harrier.classad.functions;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.harrier.classad.AttributeRef;
import org.harrier.classad.BinaryOp;
import org.harrier.classad.Conditional;
import org.harrier.classad.Elvis;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionCall;
import org.harrier.classad.ListExpr;
import org.harrier.classad.Parens;
import org.harrier.classad.RecordExpr;
import org.harrier.classad.Scope;
import org.harrier.classad.ScopedRef;
import org.harrier.classad.Selection;
import org.harrier.classad.Subscript;
import org.harrier.classad.UnaryOp;

/**
 * Looking attribute references up without evaluating them, for {@code unparse},
 * {@code unresolved} and {@code evalInEachContext}, which work on an attribute's expression
 * rather than its value.
 */
final class EvalReferences {
    /** Names that select a scope rather than an attribute. */
    private static final Set<String> SCOPE_WORDS = Set.of("my", "target", "parent", "root", "toplevel", "self");

    /** An attribute's expression and the scope of the ad it belongs to. */
    record Binding(Expr expr, Scope scope) {
    }

    private EvalReferences() {
    }

    /**
     * The attribute {@code reference} names, looked up as evaluation would look it up: an unscoped
     * name in this ad, the enclosing ads, then the target ad; {@code MY.}, {@code TARGET.},
     * {@code PARENT.} and {@code .name} in exactly one ad (libclassad's
     * {@code AttributeReference::Deref}). Null if it names nothing, or is not an attribute reference.
     */
    static Binding find(Expr reference, Scope scope) {
        if (reference instanceof AttributeRef r) {
            for (Scope s = scope; s != null; s = s.parent()) {
                Expr e = s.ad().lookup(r.name());
                if (e != null) {
                    return new Binding(e, s);
                }
            }
            return in(scope.target(), r.name());
        }
        if (reference instanceof ScopedRef r) {
            return in(scopeOf(r, scope), r.name());
        }
        return null;
    }

    private static Binding in(Scope scope, String name) {
        Expr e = scope == null ? null : scope.ad().lookup(name);
        return e == null ? null : new Binding(e, scope);
    }

    private static Scope scopeOf(ScopedRef r, Scope scope) {
        switch (r.kind()) {
            case MY:
                return scope;
            case TARGET:
                return scope.target();
            case PARENT:
                return scope.parent();
            default:
                return scope.root();
        }
    }

    /**
     * The attributes {@code root}'s expression reads that its own ad (with the ads enclosing it)
     * does not define, following references to attributes it does define, as libclassad's
     * {@code GetExternalReferences} does for {@code unresolved()}. {@code TARGET.x} is always
     * unresolved and reported as {@code x}. Sorted ignoring case, each name spelled as first met.
     *
     * <p>Simplification: in {@code r.x} only {@code r} is followed, where libclassad reports
     * {@code r.x} whole when {@code r} is undefined.
     */
    static Set<String> unresolved(Binding root) {
        Set<String> out = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        Set<Binding> followed = new HashSet<>();
        Deque<Binding> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Binding b = todo.pop();
            Expr e = b.expr();
            Scope s = b.scope();
            if (e instanceof AttributeRef r) {
                if (!SCOPE_WORDS.contains(r.name().toLowerCase(Locale.ROOT))) {
                    follow(inAdOrEnclosing(r.name(), s), r.name(), followed, todo, out);
                }
            } else if (e instanceof ScopedRef r) {
                Binding found = r.kind() == ScopedRef.Kind.TARGET ? null : in(scopeOf(r, s), r.name());
                follow(found, r.name(), followed, todo, out);
            } else if (e instanceof Selection sel) {
                todo.push(new Binding(sel.base(), s));
            } else if (e instanceof Subscript sub) {
                todo.push(new Binding(sub.base(), s));
                todo.push(new Binding(sub.index(), s));
            } else if (e instanceof UnaryOp u) {
                todo.push(new Binding(u.operand(), s));
            } else if (e instanceof BinaryOp op) {
                todo.push(new Binding(op.right(), s));
                todo.push(new Binding(op.left(), s));
            } else if (e instanceof Conditional c) {
                todo.push(new Binding(c.whenFalse(), s));
                todo.push(new Binding(c.whenTrue(), s));
                todo.push(new Binding(c.condition(), s));
            } else if (e instanceof Elvis v) {
                todo.push(new Binding(v.fallback(), s));
                todo.push(new Binding(v.value(), s));
            } else if (e instanceof FunctionCall f) {
                f.arguments().forEach(a -> todo.push(new Binding(a, s)));
            } else if (e instanceof ListExpr l) {
                l.items().forEach(i -> todo.push(new Binding(i, s)));
            } else if (e instanceof RecordExpr r) {
                r.ad().forEach((name, expr) -> todo.push(new Binding(expr, s)));
            } else if (e instanceof Parens p) {
                todo.push(new Binding(p.inner(), s));
            }
        }
        return out;
    }

    private static Binding inAdOrEnclosing(String name, Scope scope) {
        for (Scope s = scope; s != null; s = s.parent()) {
            Expr e = s.ad().lookup(name);
            if (e != null) {
                return new Binding(e, s);
            }
        }
        return null;
    }

    private static void follow(Binding found, String name, Set<Binding> followed, Deque<Binding> todo,
                               Set<String> out) {
        if (found == null) {
            out.add(name);
        } else if (followed.add(found)) {
            todo.push(found);
        }
    }
}
