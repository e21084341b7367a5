package org.harrier.classad;

import java.util.ArrayList;
import java.util.List;

import org.quicktheories.core.Gen;
import org.quicktheories.core.RandomnessSource;
import org.quicktheories.generators.Generate;

/**
 * QuickTheories generators of ClassAd expression trees, ads and values. The trees are the ones the
 * parser could have produced: a child that binds less tightly than its place requires is wrapped
 * in {@link Parens}, a selection never starts from a bare {@code MY}/{@code TARGET}/{@code PARENT}
 * (the parser makes those {@link ScopedRef}s), and reals are finite. Every node kind appears.
 *
 * <p>A {@link Flavor} says what the trees must survive: {@link Flavor#NEW} any text the new syntax
 * can carry, {@link Flavor#OLD} no backslash or line break in strings and names (the old syntax
 * cannot write them), {@link Flavor#EVALUATION} also time values and calls of every built-in
 * function, for the evaluator to chew on.
 */
final class ExprGenerators {
    enum Flavor { NEW, OLD, EVALUATION }

    /** Attribute names the generated ads define and the generated expressions refer to. */
    static final List<String> NAMES = List.of("a", "B", "c_1", "Memory", "x");
    private static final List<String> ODD_NAMES = List.of(
            "a b", "true", "IS", "1st", "caf\u00e9", "x-y", "a'b", "q\"r", "a=b", "#c", "back\\slash", "line\nbreak");
    private static final List<String> FUNCTIONS = List.of("f", "g", "strcat", "size", "ifThenElse", "member", "Foo_2");
    private static final List<String> BUILTINS = List.copyOf(FunctionTable.builtin().names());
    private static final List<String> PREFIXES_MY = List.of("MY", "my", "My");
    private static final List<String> PREFIXES_TARGET = List.of("TARGET", "target");
    private static final List<String> PREFIXES_PARENT = List.of("PARENT", "parent");
    private static final String PLAIN_CHARS = "abcXYZ019 _-+*/%#$.,;:?!~&|^<>=()[]{}'\"";
    private static final String NEW_ONLY_CHARS = "\\\n\t\r\b\f\u0001\u0007\u000b\u001f\u007f";
    private static final String WIDE_CHARS = "\u00e9\u6f22\u00ff\ud83d\ude00";
    private static final Op[] BINARY = {
            Op.OR, Op.AND, Op.BIT_OR, Op.BIT_XOR, Op.BIT_AND, Op.EQ, Op.NE, Op.IDENTICAL, Op.NOT_IDENTICAL,
            Op.LT, Op.LE, Op.GT, Op.GE, Op.SHL, Op.SHR, Op.USHR, Op.ADD, Op.SUB, Op.MUL, Op.DIV, Op.MOD};
    private static final Op[] UNARY = {Op.NEG, Op.PLUS, Op.NOT, Op.BIT_NOT};

    private ExprGenerators() {
    }

    static Gen<Expr> expressions(Flavor flavor, int depth) {
        Gen<Expr> trees = rs -> new Tree(rs, flavor).expr(depth);
        return trees.describedAs(ExprGenerators::describe);
    }

    static Gen<ClassAd> ads(Flavor flavor, int depth) {
        Gen<ClassAd> ads = rs -> new Tree(rs, flavor).ad(depth);
        return ads.describedAs(ad -> ad.unparse(Syntax.NEW));
    }

    static String describe(Expr e) {
        return e.unparse() + "\n    tree: " + TreeShape.structure(e);
    }

    /** One tree's worth of random choices. */
    private static final class Tree {
        private final RandomnessSource rs;
        private final Flavor flavor;

        Tree(RandomnessSource rs, Flavor flavor) {
            this.rs = rs;
            this.flavor = flavor;
        }

        private int pick(int n) {
            return Generate.range(0, n - 1).generate(rs);
        }

        private <T> T pick(List<T> from) {
            return from.get(pick(from.size()));
        }

        private boolean chance(int percent) {
            return pick(100) < percent;
        }

        Expr expr(int depth) {
            if (depth <= 0 || chance(25)) {
                return leaf();
            }
            int d = depth - 1;
            switch (pick(11)) {
                case 0: {
                    Op op = BINARY[pick(BINARY.length)];
                    return new BinaryOp(op, wrapBelow(expr(d), op.precedence()), wrapBelow(expr(d), op.precedence() + 1));
                }
                case 1:
                    return new UnaryOp(UNARY[pick(UNARY.length)], wrapBelow(expr(d), Op.NEG.precedence()));
                case 2:
                    return new Conditional(wrapBelow(expr(d), 2), expr(d), expr(d));
                case 3:
                    return new Elvis(wrapBelow(expr(d), 2), expr(d));
                case 4:
                    return new Selection(postfixBase(d), name());
                case 5:
                    return new Subscript(postfixBase(d), expr(d));
                case 6:
                    return new FunctionCall(functionName(), items(d));
                case 7:
                    return new ListExpr(items(d));
                case 8:
                    return new RecordExpr(ad(d));
                case 9:
                    return new Parens(expr(d));
                default:
                    return new BinaryOp(Op.ADD, wrapBelow(expr(d), 10), wrapBelow(leaf(), 11));
            }
        }

        ClassAd ad(int depth) {
            ClassAd.Builder b = ClassAd.builder();
            int n = pick(4);
            for (int i = 0; i < n; i++) {
                b.set(chance(80) ? pick(NAMES) : name(), expr(depth));
            }
            return b.build();
        }

        private List<Expr> items(int depth) {
            List<Expr> items = new ArrayList<>();
            int n = pick(4);
            for (int i = 0; i < n; i++) {
                items.add(expr(depth));
            }
            return items;
        }

        /** A base for selection or subscript, as the parser would read it back. */
        private Expr postfixBase(int depth) {
            Expr base = expr(depth);
            if (base instanceof AttributeRef r && isScopeWord(r.name())) {
                return new Parens(base);
            }
            return wrapBelow(base, 13);
        }

        private static boolean isScopeWord(String name) {
            String n = name.toLowerCase();
            return n.equals("my") || n.equals("target") || n.equals("parent");
        }

        /** {@code e}, in parentheses if it binds less tightly than {@code minimum}. */
        private static Expr wrapBelow(Expr e, int minimum) {
            return precedence(e) < minimum ? new Parens(e) : e;
        }

        private static int precedence(Expr e) {
            if (e instanceof BinaryOp b) {
                return b.op().precedence();
            }
            if (e instanceof UnaryOp) {
                return Op.NEG.precedence();
            }
            if (e instanceof Conditional || e instanceof Elvis) {
                return 1;
            }
            return 13;
        }

        private Expr leaf() {
            switch (pick(12)) {
                case 0: return IntegerValue.of(integer());
                case 1: return new RealValue(real());
                case 2: return new StringValue(text());
                case 3: return BooleanValue.of(chance(50));
                case 4: return chance(50) ? Value.UNDEFINED : Value.ERROR;
                case 5: return new ScaledNumber(chance(50) ? IntegerValue.of(pick(2000) - 1000) : new RealValue(pick(2000) / 8.0 - 100),
                        "BKMGT".charAt(pick(5)));
                case 6: return scopedRef();
                case 7: return flavor == Flavor.EVALUATION ? time() : new AttributeRef(pick(NAMES));
                default: return new AttributeRef(chance(85) ? pick(NAMES) : name());
            }
        }

        private Expr scopedRef() {
            switch (pick(4)) {
                case 0: return new ScopedRef(ScopedRef.Kind.MY, pick(PREFIXES_MY), attributeName());
                case 1: return new ScopedRef(ScopedRef.Kind.TARGET, pick(PREFIXES_TARGET), attributeName());
                case 2: return new ScopedRef(ScopedRef.Kind.PARENT, pick(PREFIXES_PARENT), attributeName());
                default: return new ScopedRef(ScopedRef.Kind.ROOT, "", attributeName());
            }
        }

        private String attributeName() {
            return chance(85) ? pick(NAMES) : name();
        }

        /** Any name the flavor can write, plain or one that needs quotes. */
        private String name() {
            if (chance(60)) {
                return pick(NAMES);
            }
            String odd = pick(ODD_NAMES);
            if (flavor == Flavor.OLD && (odd.indexOf('\\') >= 0 || odd.indexOf('\n') >= 0)) {
                return "old_safe";
            }
            return odd;
        }

        private String functionName() {
            if (flavor == Flavor.EVALUATION && chance(80)) {
                // Every registered built-in (absTime and relTime included) gets random arguments.
                return pick(BUILTINS.isEmpty() ? FUNCTIONS : BUILTINS);
            }
            return pick(FUNCTIONS);
        }

        private long integer() {
            switch (pick(5)) {
                case 0: return Long.MIN_VALUE;
                case 1: return Long.MAX_VALUE;
                case 2: return Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE).generate(rs);
                default: return pick(41) - 20;
            }
        }

        private double real() {
            switch (pick(6)) {
                case 0: return pick(2) == 0 ? 0.0 : -0.0;
                case 1: return (pick(2) == 0 ? 1 : -1) * Double.MAX_VALUE;
                case 2: return Double.MIN_VALUE;
                case 3: {
                    double d = Double.longBitsToDouble(Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE).generate(rs));
                    return Double.isFinite(d) ? d : 1.5;
                }
                default: return (pick(20001) - 10000) / 16.0;
            }
        }

        private String text() {
            int n = pick(8);
            String chars = flavor == Flavor.OLD ? PLAIN_CHARS + WIDE_CHARS : PLAIN_CHARS + NEW_ONLY_CHARS + WIDE_CHARS;
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append(chars.charAt(pick(chars.length())));
            }
            return b.toString();
        }

        private Value time() {
            return chance(50)
                    ? new AbsTimeValue(pick(2_000_000_000), (pick(49) - 24) * 1800)
                    : new RelTimeValue(pick(200_000) / 4.0 - 10_000);
        }
    }
}
