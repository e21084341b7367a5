package org.harrier.classad;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders an expression tree so its shape is visible: {@link #grouping} puts every operator in
 * parentheses ({@code 1 + 2 * 3} is {@code (1 + (2 * 3))}) and drops the parentheses the author
 * wrote, which is how precedence tables state their expectations; {@link #structure} names every
 * node and literal kind, so a failed round trip shows exactly which nodes differ.
 */
final class TreeShape {
    private TreeShape() {
    }

    static String grouping(Expr e) {
        if (e instanceof BinaryOp b) {
            return "(" + grouping(b.left()) + " " + b.op().symbol() + " " + grouping(b.right()) + ")";
        }
        if (e instanceof UnaryOp u) {
            return "(" + u.op().symbol() + grouping(u.operand()) + ")";
        }
        if (e instanceof Conditional c) {
            return "(" + grouping(c.condition()) + " ? " + grouping(c.whenTrue()) + " : " + grouping(c.whenFalse()) + ")";
        }
        if (e instanceof Elvis v) {
            return "(" + grouping(v.value()) + " ?: " + grouping(v.fallback()) + ")";
        }
        if (e instanceof Parens p) {
            return grouping(p.inner());
        }
        if (e instanceof Selection s) {
            return grouping(s.base()) + "." + s.name();
        }
        if (e instanceof Subscript s) {
            return grouping(s.base()) + "[" + grouping(s.index()) + "]";
        }
        return e.unparse();
    }

    static String structure(Expr e) {
        if (e instanceof BinaryOp b) {
            return "Binary" + call(b.op().name(), b.left(), b.right());
        }
        if (e instanceof UnaryOp u) {
            return "Unary" + call(u.op().name(), u.operand());
        }
        if (e instanceof Conditional c) {
            return "Conditional" + call("", c.condition(), c.whenTrue(), c.whenFalse());
        }
        if (e instanceof Elvis v) {
            return "Elvis" + call("", v.value(), v.fallback());
        }
        if (e instanceof Parens p) {
            return "Parens" + call("", p.inner());
        }
        if (e instanceof Selection s) {
            return "Selection" + call("'" + s.name() + "'", s.base());
        }
        if (e instanceof Subscript s) {
            return "Subscript" + call("", s.base(), s.index());
        }
        if (e instanceof FunctionCall f) {
            return "Call" + call(f.name(), f.arguments().toArray(new Expr[0]));
        }
        if (e instanceof ListExpr l) {
            return "List" + call("", l.items().toArray(new Expr[0]));
        }
        if (e instanceof RecordExpr r) {
            List<String> parts = new ArrayList<>();
            r.ad().forEach((name, value) -> parts.add("'" + name + "'=" + structure(value)));
            return "Record(" + String.join(", ", parts) + ")";
        }
        if (e instanceof ScopedRef r) {
            return "Scoped(" + r.kind() + " '" + r.prefix() + "' '" + r.name() + "')";
        }
        if (e instanceof AttributeRef r) {
            return "Ref('" + r.name() + "')";
        }
        if (e instanceof ScaledNumber n) {
            return "Scaled(" + structure(n.number()) + " " + n.suffix() + ")";
        }
        return e.getClass().getSimpleName() + "(" + e.unparse() + ")";
    }

    /** The direct sub-expressions of {@code e} (for a record, its attributes' expressions). */
    static List<Expr> children(Expr e) {
        List<Expr> out = new ArrayList<>();
        if (e instanceof BinaryOp b) {
            out.add(b.left());
            out.add(b.right());
        } else if (e instanceof UnaryOp u) {
            out.add(u.operand());
        } else if (e instanceof Conditional c) {
            out.add(c.condition());
            out.add(c.whenTrue());
            out.add(c.whenFalse());
        } else if (e instanceof Elvis v) {
            out.add(v.value());
            out.add(v.fallback());
        } else if (e instanceof Parens p) {
            out.add(p.inner());
        } else if (e instanceof Selection s) {
            out.add(s.base());
        } else if (e instanceof Subscript s) {
            out.add(s.base());
            out.add(s.index());
        } else if (e instanceof FunctionCall f) {
            out.addAll(f.arguments());
        } else if (e instanceof ListExpr l) {
            out.addAll(l.items());
        } else if (e instanceof ListValue l) {
            out.addAll(l.items());
        } else if (e instanceof RecordExpr r) {
            r.ad().forEach((name, value) -> out.add(value));
        } else if (e instanceof ClassAdValue c) {
            c.ad().forEach((name, value) -> out.add(value));
        }
        return out;
    }

    private static String call(String label, Expr... children) {
        StringBuilder out = new StringBuilder("(").append(label);
        for (Expr child : children) {
            if (out.length() > 1) {
                out.append(", ");
            }
            out.append(structure(child));
        }
        return out.append(')').toString();
    }
}
