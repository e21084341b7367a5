package org.harrier.classad;

import java.util.ArrayList;
import java.util.List;

import org.harrier.classad.Lexer.Tok;

/**
 * Recursive-descent parser for both ClassAd syntaxes.
 *
 * <p>Untrusted text can be arbitrarily deep, so the parser never recurses per operator:
 * binary operators are parsed by shunting-yard and chains of unary operators in a loop. Only
 * brackets, braces, parentheses, calls and the conditional operator recurse, and those are
 * limited to {@link #MAX_NESTING} levels. Every tree is also limited to {@link #TreeDepth.MAX}
 * levels ({@link TreeDepth}), which bounds the stack any later evaluation or unparse needs.
 */
final class Parser {
    /**
     * Deepest nesting of brackets, braces, parentheses, calls and conditionals accepted while
     * parsing; every such level passes through {@link #expression()}, which counts it once.
     */
    static final int MAX_NESTING = 200;

    private final Lexer lexer;
    private int nesting;

    private final OperatorStack stack = new OperatorStack();

    private Parser(Lexer lexer) {
        this.lexer = lexer;
    }

    static Expr parseExpression(String text, Syntax syntax) {
        Parser p = new Parser(new Lexer(text, 0, text.length(), 1, 1, syntax));
        return p.guarded(() -> {
            p.lexer.next();
            Expr e = p.expression();
            p.expect(Tok.EOF, "end of input after the expression");
            return e;
        });
    }

    /** {@code syntax == null} chooses by the first character: {@code [} for new syntax, else old. */
    static ClassAd parseClassAd(String text, Syntax syntax) {
        char[] buf = text.toCharArray();
        if (syntax == null) {
            syntax = startsWithBracket(text, buf) ? Syntax.NEW : Syntax.OLD;
        }
        if (syntax == Syntax.OLD) {
            return OldAdReader.read(text, buf);
        }
        Parser p = new Parser(new Lexer(text, buf, 0, text.length(), 1, 1, Syntax.NEW));
        return p.guarded(() -> {
            p.lexer.next();
            p.expect(Tok.LBRACKET, "'[' to start a ClassAd");
            ClassAd ad = p.recordBody();
            p.expect(Tok.EOF, "end of input after the ClassAd");
            return ad;
        });
    }

    private static boolean startsWithBracket(String text, char[] buf) {
        Lexer probe = new Lexer(text, buf, 0, text.length(), 1, 1, Syntax.NEW);
        try {
            probe.next();
            return probe.tok == Tok.LBRACKET;
        } catch (ClassAdParseException e) {
            return false;
        }
    }

    /** A parser for old-syntax lines of {@code src}, reused line after line. */
    static Parser forOldLines(String src, char[] buf) {
        return new Parser(new Lexer(src, buf, 0, src.length(), 1, 1, Syntax.OLD));
    }

    /** Parses {@code src[start, end)} as one old-syntax expression whose first character is at line/column. */
    Expr parseOldExpression(int start, int end, int line, int column) {
        lexer.reset(start, end, line, column);
        nesting = 0;
        try {
            lexer.next();
            if (lexer.tok == Tok.EOF) {
                throw lexer.error("expected an expression after '='");
            }
            Expr e = expression();
            expect(Tok.EOF, "end of line after the expression");
            return e;
        } catch (TreeDepth.TooDeepException | StackOverflowError e) {
            throw tooDeep(e);
        }
    }

    private interface Body<T> {
        T run();
    }

    private <T> T guarded(Body<T> body) {
        try {
            return body.run();
        } catch (TreeDepth.TooDeepException | StackOverflowError e) {
            throw tooDeep(e);
        }
    }

    private ClassAdParseException tooDeep(Throwable cause) {
        if (cause instanceof StackOverflowError) {
            // Unreachable on a normal thread (nesting is capped); a tiny stack still gets an answer.
            return new ClassAdParseException(lexer.tokLine, lexer.tokColumn, "expression is nested too deeply");
        }
        return new ClassAdParseException(lexer.tokLine, lexer.tokColumn,
                "expression is nested more than " + TreeDepth.MAX + " levels deep"
                + " (each operator in a chain of || or && counts as a level)");
    }

    private ClassAdParseException expected(String what) {
        return new ClassAdParseException(lexer.tokLine, lexer.tokColumn,
                "expected " + what + " but found " + lexer.describe());
    }

    private void expect(Tok tok, String what) {
        if (lexer.tok != tok) {
            throw expected(what);
        }
        lexer.next();
    }

    private void enter() {
        if (++nesting > MAX_NESTING) {
            throw new ClassAdParseException(lexer.tokLine, lexer.tokColumn,
                    "brackets are nested more than " + MAX_NESTING + " levels deep");
        }
    }

    /** expression := binary [ '?' expression ':' expression | '?' ':' expression ] */
    private Expr expression() {
        enter();
        Expr condition = binary();
        if (lexer.tok == Tok.QUESTION) {
            lexer.next();
            if (lexer.tok == Tok.COLON) {
                lexer.next();
                condition = new Elvis(condition, expressionAfter("':' of the ?: operator"));
            } else {
                Expr whenTrue = expressionAfter("'?'");
                expect(Tok.COLON, "':' to complete the conditional expression");
                condition = new Conditional(condition, whenTrue, expressionAfter("':'"));
            }
        }
        nesting--;
        return condition;
    }

    private Expr expressionAfter(String what) {
        if (lexer.tok == Tok.EOF) {
            throw expected("an expression after " + what);
        }
        return expression();
    }

    /** Binary operators by precedence (all left-associative), without recursion per level. */
    private Expr binary() {
        int base = stack.mark();
        stack.pushOperand(unary());
        while (lexer.tok.binary != null) {
            Op op = lexer.tok.binary;
            String symbol = lexer.tok.description;
            lexer.next();
            stack.pushOperator(op, base);
            if (lexer.tok == Tok.EOF) {
                throw expected("an expression after " + symbol);
            }
            stack.pushOperand(unary());
        }
        return stack.finish(base);
    }

    /** unary := ( '-' | '+' | '!' | '~' )* postfix, parsed in a loop. */
    private Expr unary() {
        List<Op> prefix = null;
        while (true) {
            Op op = switch (lexer.tok) {
                case MINUS -> Op.NEG;
                case PLUS -> Op.PLUS;
                case BANG -> Op.NOT;
                case TILDE -> Op.BIT_NOT;
                default -> null;
            };
            if (op == null) {
                break;
            }
            if (prefix == null) {
                prefix = new ArrayList<>(2);
            }
            prefix.add(op);
            lexer.next();
            if (lexer.tok == Tok.EOF) {
                throw expected("an expression after '" + op.symbol + "'");
            }
        }
        Expr e = postfix();
        if (prefix != null) {
            for (int i = prefix.size() - 1; i >= 0; i--) {
                e = new UnaryOp(prefix.get(i), e);
            }
        }
        return e;
    }

    /** postfix := primary ( '.' name | '[' expression ']' )* */
    private Expr postfix() {
        Expr e = primary();
        while (true) {
            if (lexer.tok == Tok.DOT) {
                lexer.next();
                Names.Name name = name("an attribute name after '.'");
                e = select(e, name);
            } else if (lexer.tok == Tok.LBRACKET) {
                lexer.next();
                Expr index = expressionAfter("'['");
                expect(Tok.RBRACKET, "']' to close the subscript");
                e = new Subscript(e, index);
            } else {
                return e;
            }
        }
    }

    /** {@code MY.x}, {@code TARGET.x}, {@code PARENT.x} become scoped references; anything else a selection. */
    private static Expr select(Expr base, Names.Name name) {
        if (base instanceof AttributeRef ref) {
            switch (ref.key()) {
                case "my": return new ScopedRef(ScopedRef.Kind.MY, ref.name(), name);
                case "target": return new ScopedRef(ScopedRef.Kind.TARGET, ref.name(), name);
                case "parent": return new ScopedRef(ScopedRef.Kind.PARENT, ref.name(), name);
                default: break;
            }
        }
        return new Selection(base, name);
    }

    private Names.Name name(String what) {
        if (lexer.tok != Tok.IDENTIFIER) {
            throw expected(what);
        }
        Names.Name name = lexer.name;
        lexer.next();
        return name;
    }

    private Expr primary() {
        Lexer l = lexer;
        switch (l.tok) {
            case INTEGER: {
                Value v = IntegerValue.of(l.integer);
                char suffix = l.suffix;
                l.next();
                return suffix == 0 ? v : new ScaledNumber(v, suffix);
            }
            case REAL: {
                Value v = new RealValue(l.real);
                char suffix = l.suffix;
                l.next();
                return suffix == 0 ? v : new ScaledNumber(v, suffix);
            }
            case STRING: {
                Value v = new StringValue(l.text);
                l.next();
                return v;
            }
            case TRUE: l.next(); return BooleanValue.TRUE;
            case FALSE: l.next(); return BooleanValue.FALSE;
            case UNDEFINED: l.next(); return Value.UNDEFINED;
            case ERROR: l.next(); return Value.ERROR;
            case IDENTIFIER: {
                Names.Name name = l.name;
                boolean quoted = l.quoted;
                l.next();
                if (l.tok == Tok.LPAREN && !quoted) {
                    return call(name.spelling());
                }
                return new AttributeRef(name);
            }
            case DOT: {
                l.next();
                return new ScopedRef(ScopedRef.Kind.ROOT, "", name("an attribute name after '.'"));
            }
            case LPAREN: {
                l.next();
                Expr inner = expressionAfter("'('");
                expect(Tok.RPAREN, "')' to close '('");
                return new Parens(inner);
            }
            case LBRACKET:
                l.next();
                return new RecordExpr(recordBody());
            case LBRACE:
                l.next();
                return list();
            default:
                throw expected("an expression");
        }
    }

    private Expr call(String name) {
        lexer.next(); // '('
        List<Expr> args = new ArrayList<>(4);
        if (lexer.tok != Tok.RPAREN) {
            while (true) {
                args.add(expressionAfter("'(' or ','"));
                if (lexer.tok == Tok.COMMA) {
                    lexer.next();
                    continue;
                }
                if (lexer.tok != Tok.RPAREN) {
                    throw expected("',' or ')' in the arguments of " + Lexer.clip(name) + "()");
                }
                break;
            }
        }
        lexer.next(); // ')'
        return foldTimeLiteral(new FunctionCall(name, args));
    }

    /**
     * {@code absTime("...")} and {@code relTime("...")} of a constant string are time literals
     * (libclassad folds them the same way); a malformed constant stays a call, which gives error.
     */
    private static Expr foldTimeLiteral(FunctionCall call) {
        String fn = Names.foldCase(call.name());
        if ((fn.equals("abstime") || fn.equals("reltime")) && call.arguments().size() == 1
                && call.arguments().get(0) instanceof StringValue && call.isKnown()) {
            Value v = call.evaluate();
            if (v instanceof AbsTimeValue || v instanceof RelTimeValue) {
                return v;
            }
        }
        return call;
    }

    /** list := '{' [ expression ( ',' expression )* ] '}' with the '{' already consumed. */
    private Expr list() {
        List<Expr> items = new ArrayList<>();
        if (lexer.tok != Tok.RBRACE) {
            while (true) {
                items.add(expressionAfter("'{' or ','"));
                if (lexer.tok == Tok.COMMA) {
                    lexer.next();
                    continue;
                }
                if (lexer.tok != Tok.RBRACE) {
                    throw expected("',' or '}' in a list");
                }
                break;
            }
        }
        lexer.next(); // '}'
        return new ListExpr(items);
    }

    /** record := '[' ( name '=' expression ( ';' | ']' ) )* ']' with the '[' already consumed. */
    private ClassAd recordBody() {
        ClassAd.Builder b = ClassAd.builder();
        while (lexer.tok != Tok.RBRACKET) {
            if (lexer.tok == Tok.SEMICOLON) {
                lexer.next();
                continue;
            }
            if (lexer.tok != Tok.IDENTIFIER) {
                throw expected(lexer.tok == Tok.EOF ? "']' to close the ClassAd" : "an attribute name");
            }
            Names.Name name = lexer.name;
            lexer.next();
            // Messages are built only on failure: this loop runs for every attribute parsed.
            if (lexer.tok != Tok.ASSIGN) {
                throw expected("'=' after attribute name '" + Lexer.clip(name.spelling()) + "'");
            }
            lexer.next();
            if (lexer.tok == Tok.EOF) {
                throw expected("an expression after '=' for attribute '" + Lexer.clip(name.spelling()) + "'");
            }
            b.set(name, expression());
            if (lexer.tok != Tok.SEMICOLON && lexer.tok != Tok.RBRACKET) {
                throw expected("';' or ']' after the value of '" + Lexer.clip(name.spelling()) + "'");
            }
        }
        lexer.next(); // ']'
        return b.build();
    }
}
