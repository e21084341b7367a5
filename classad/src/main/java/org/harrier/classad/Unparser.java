package org.harrier.classad;

import java.math.BigDecimal;
import java.util.List;

/**
 * Writes expressions, values and ads back as text in either syntax, in the layout libclassad
 * uses: {@code a + b}, {@code f(x,y)}, {@code { 1,2 }}, {@code [ a = 1; b = 2 ]}. Parentheses
 * written by the author are kept; others are added only where precedence requires them, so
 * {@code parse(unparse(e))} equals {@code e} for every expression the parser produces.
 */
final class Unparser {
    private final StringBuilder out = new StringBuilder();
    private final Syntax syntax;

    private Unparser(Syntax syntax) {
        this.syntax = syntax;
    }

    static String unparse(Expr e, Syntax syntax) {
        Unparser u = new Unparser(syntax);
        u.expr(e);
        return u.out.toString();
    }

    static String unparse(ClassAd ad, Syntax syntax) {
        Unparser u = new Unparser(syntax);
        if (syntax == Syntax.OLD) {
            ad.forEach((name, expr) -> {
                u.name(name);
                u.out.append(" = ");
                u.expr(expr);
                u.out.append('\n');
            });
        } else {
            u.record(ad);
        }
        return u.out.toString();
    }

    private void expr(Expr e) {
        if (e instanceof Value v) {
            value(v);
        } else if (e instanceof AttributeRef r) {
            name(r.name());
        } else if (e instanceof ScopedRef r) {
            out.append(r.prefix()).append('.');
            name(r.name());
        } else if (e instanceof Selection s) {
            operand(s.base(), Op.POSTFIX_PRECEDENCE);
            // "5.x" would read as a malformed number; "5 .x" reads back as the same tree,
            // where "(5).x" would add a Parens node.
            if (s.base() instanceof IntegerValue || s.base() instanceof RealValue || s.base() instanceof ScaledNumber) {
                out.append(' ');
            }
            out.append('.');
            name(s.name());
        } else if (e instanceof Subscript s) {
            operand(s.base(), Op.POSTFIX_PRECEDENCE);
            out.append('[');
            expr(s.index());
            out.append(']');
        } else if (e instanceof UnaryOp u) {
            unaryOp(u);
        } else if (e instanceof BinaryOp b) {
            operand(b.left(), b.op().precedence);
            out.append(' ').append(b.op().symbol).append(' ');
            operand(b.right(), b.op().precedence + 1);
        } else if (e instanceof Conditional c) {
            operand(c.condition(), Op.CONDITIONAL_PRECEDENCE + 1);
            out.append(" ? ");
            expr(c.whenTrue());
            out.append(" : ");
            expr(c.whenFalse());
        } else if (e instanceof Elvis v) {
            operand(v.value(), Op.CONDITIONAL_PRECEDENCE + 1);
            out.append(" ?: ");
            expr(v.fallback());
        } else if (e instanceof FunctionCall f) {
            out.append(f.name()).append('(');
            separated(f.arguments());
            out.append(')');
        } else if (e instanceof ListExpr l) {
            out.append("{ ");
            separated(l.items());
            out.append(" }");
        } else if (e instanceof RecordExpr r) {
            record(r.ad());
        } else if (e instanceof Parens p) {
            out.append('(');
            expr(p.inner());
            out.append(')');
        } else if (e instanceof ScaledNumber n) {
            value(n.number());
            out.append(n.suffix());
        } else {
            throw new IllegalStateException("unknown expression " + e.getClass());
        }
    }

    private void unaryOp(UnaryOp u) {
        out.append(u.op().symbol);
        int mark = out.length();
        operand(u.operand(), Op.NEG.precedence);
        // "-5" would read back as the literal -5, and "--" must not merge; keep them apart.
        if (u.op() == Op.NEG && mark < out.length()) {
            char first = out.charAt(mark);
            if (Lexer.isDigit(first) || first == '.') {
                out.insert(mark, ' ');
            }
        }
    }

    /** Writes {@code e}, in parentheses if it binds less tightly than {@code minimum}. */
    private void operand(Expr e, int minimum) {
        boolean wrap = precedence(e) < minimum;
        if (wrap) {
            out.append('(');
        }
        expr(e);
        if (wrap) {
            out.append(')');
        }
    }

    private static int precedence(Expr e) {
        if (e instanceof BinaryOp b) {
            return b.op().precedence;
        }
        if (e instanceof UnaryOp) {
            return Op.NEG.precedence;
        }
        if (e instanceof Conditional || e instanceof Elvis) {
            return Op.CONDITIONAL_PRECEDENCE;
        }
        // Numbers, signed ones too, are primaries: the lexer reads "-5" as one literal unless it
        // follows a value, so "-5 .x" parses as (-5).x without a Parens node.
        return Op.POSTFIX_PRECEDENCE;
    }

    private static boolean isNegativeZero(double d) {
        return d == 0.0 && Double.doubleToRawLongBits(d) != 0;
    }

    private void separated(List<? extends Expr> items) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            expr(items.get(i));
        }
    }

    private void record(ClassAd ad) {
        out.append("[ ");
        boolean[] first = {true};
        ad.forEach((name, expr) -> {
            if (!first[0]) {
                out.append("; ");
            }
            first[0] = false;
            name(name);
            out.append(" = ");
            expr(expr);
        });
        out.append(" ]");
    }

    private void name(String name) {
        if (Names.isPlainIdentifier(name)) {
            out.append(name);
        } else {
            appendQuoted(out, name, '\'', syntax);
        }
    }

    private void value(Value v) {
        if (v instanceof StringValue s) {
            appendQuoted(out, s.value(), '"', syntax);
        } else if (v instanceof IntegerValue i) {
            out.append(i.value());
        } else if (v instanceof RealValue r) {
            out.append(formatReal(r.value()));
        } else if (v instanceof BooleanValue b) {
            out.append(b.value() ? "true" : "false");
        } else if (v == Value.UNDEFINED) {
            out.append("undefined");
        } else if (v == Value.ERROR) {
            out.append("error");
        } else if (v instanceof ListValue l) {
            out.append("{ ");
            separated(l.items());
            out.append(" }");
        } else if (v instanceof ClassAdValue c) {
            record(c.ad());
        } else if (v instanceof AbsTimeValue t) {
            out.append("absTime(");
            appendQuoted(out, TimeFormat.absTime(t), '"', syntax);
            out.append(')');
        } else if (v instanceof RelTimeValue t) {
            out.append("relTime(");
            appendQuoted(out, TimeFormat.relTime(t.seconds()), '"', syntax);
            out.append(')');
        } else {
            throw new IllegalStateException("unknown value " + v.getClass());
        }
    }

    static String quote(String s, Syntax syntax) {
        StringBuilder b = new StringBuilder(s.length() + 2);
        appendQuoted(b, s, '"', syntax);
        return b.toString();
    }

    /**
     * New syntax escapes quotes, backslashes and control characters C-style. Old syntax escapes
     * only the quote character: a backslash stands for itself there.
     */
    static void appendQuoted(StringBuilder out, String s, char quote, Syntax syntax) {
        out.append(quote);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (syntax == Syntax.OLD) {
                if (c == quote) {
                    out.append('\\');
                }
                out.append(c);
                continue;
            }
            switch (c) {
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\t': out.append("\\t"); break;
                case '\r': out.append("\\r"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                default:
                    if (c == quote) {
                        out.append('\\').append(c);
                    } else if (c < 0x20 || c == 0x7f) {
                        // Always three digits, so a digit that follows is not read as part of the escape.
                        out.append('\\').append(Integer.toOctalString(c | 0x200).substring(1));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append(quote);
    }

    /**
     * Reals as HTCondor prints them ({@code %.16G} with a {@code .0} added to integral values:
     * {@code 3.5}, {@code 2.0}, {@code 1E+20}), but with the shortest digits that read back as
     * exactly the same double. Infinities and NaN, which have no literal, use {@code real("...")}.
     */
    static String formatReal(double d) {
        if (Double.isNaN(d)) {
            return "real(\"NaN\")";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "real(\"INF\")" : "real(\"-INF\")";
        }
        if (d == 0.0) {
            return isNegativeZero(d) ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        int exponent = exact.precision() - exact.scale() - 1;
        if (exponent < -4 || exponent >= 16) {
            String digits = exact.unscaledValue().abs().toString();
            StringBuilder b = new StringBuilder();
            if (d < 0) {
                b.append('-');
            }
            b.append(digits.charAt(0));
            if (digits.length() > 1) {
                b.append('.').append(digits, 1, digits.length());
            }
            b.append('E').append(exponent < 0 ? '-' : '+');
            int e = Math.abs(exponent);
            if (e < 10) {
                b.append('0');
            }
            return b.append(e).toString();
        }
        String plain = exact.toPlainString();
        return plain.indexOf('.') >= 0 ? plain : plain + ".0";
    }
}
