package org.harrier.classad;

import java.util.Objects;

/**
 * {@code MY.name}, {@code TARGET.name}, {@code PARENT.name}, or the absolute {@code .name}:
 * a reference that looks in exactly one ad and is {@code undefined} if the name is not there,
 * unless it is one of the special names seen from that ad ({@code PARENT.PARENT},
 * {@code MY.CurrentTime}; see {@link Scope#select}).
 */
public final class ScopedRef implements Expr {
    public enum Kind { MY, TARGET, PARENT, ROOT }

    private final Kind kind;
    private final String prefix;
    private final String name;
    private final String key;
    /** Where the attribute was last found; a racy cache, see {@link PositionHint}. */
    private int hint;

    /** {@code prefix} is the scope word as written ({@code "target"}, {@code "TARGET"}); empty for ROOT. */
    public ScopedRef(Kind kind, String prefix, String name) {
        this(checkedKind(kind, prefix), Names.spelling(prefix), Names.of(checkedName(name)));
    }

    /** For the parser: {@code prefix} is already a shared spelling that names {@code kind}. */
    ScopedRef(Kind kind, String prefix, Names.Name n) {
        this.kind = kind;
        this.prefix = prefix;
        this.name = n.spelling();
        this.key = n.key();
    }

    private static Kind checkedKind(Kind kind, String prefix) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(prefix, "prefix");
        if (kind == Kind.ROOT ? !prefix.isEmpty() : !prefix.equalsIgnoreCase(kind.name())) {
            throw new IllegalArgumentException("prefix '" + prefix + "' does not name scope " + kind);
        }
        return kind;
    }

    private static String checkedName(String name) {
        Names.requireValid(name);
        return name;
    }

    public static ScopedRef target(String name) {
        return new ScopedRef(Kind.TARGET, "TARGET", name);
    }

    public static ScopedRef my(String name) {
        return new ScopedRef(Kind.MY, "MY", name);
    }

    public Kind kind() {
        return kind;
    }

    public String prefix() {
        return prefix;
    }

    public String name() {
        return name;
    }

    String key() {
        return key;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        Scope where = switch (kind) {
            case MY -> scope;
            case TARGET -> scope.target();
            case PARENT -> scope.parent();
            case ROOT -> scope.root();
        };
        if (where == null) {
            return Value.UNDEFINED;
        }
        int h = hint;
        int found = PositionHint.resolve(where.ad(), key, h);
        if (found == PositionHint.NONE) {
            return where.select(key, context);
        }
        if (found != h) {
            hint = found;
        }
        Expr e = PositionHint.expr(where.ad(), found);
        return e == null ? where.special(key, context) : context.evaluateAttribute(e, where);
    }

    @Override
    public int depth() {
        return 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScopedRef other && other.kind == kind && other.prefix.equals(prefix)
                && other.name.equals(name);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + key.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
