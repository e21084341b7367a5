package org.harrier.classad;

/**
 * An unscoped attribute reference such as {@code Memory}: looked up in the ad the expression
 * belongs to, then its enclosing ads, then the target ad (HTCondor's old semantics), then the
 * special names {@code MY}, {@code TARGET} (alias {@code OTHER}), {@code PARENT}, {@code ROOT} and
 * {@code CurrentTime}.
 */
public final class AttributeRef implements Expr {
    private final String name;
    private final String key;
    /** Where the attribute was last found in the own and the target ad; racy caches, see {@link PositionHint}. */
    private int ownHint;
    private int targetHint;

    public AttributeRef(String name) {
        this(Names.of(checked(name)));
    }

    AttributeRef(Names.Name n) {
        this.name = n.spelling();
        this.key = n.key();
    }

    private static String checked(String name) {
        Names.requireValid(name);
        return name;
    }

    public String name() {
        return name;
    }

    String key() {
        return key;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        if (scope.parent() == null) {
            // The common case, a top-level ad in a match: its own attribute, else the target's,
            // both found through position hints. Anything else takes the general path.
            ClassAd own = scope.ad();
            int h = ownHint;
            int found = PositionHint.resolve(own, key, h);
            if (found != PositionHint.NONE) {
                if (found != h) {
                    ownHint = found;
                }
                Expr e = PositionHint.expr(own, found);
                if (e != null) {
                    return context.evaluateAttribute(e, scope);
                }
                Scope target = scope.target();
                if (target == null) {
                    return scope.special(key, context);
                }
                h = targetHint;
                found = PositionHint.resolve(target.ad(), key, h);
                if (found != PositionHint.NONE) {
                    if (found != h) {
                        targetHint = found;
                    }
                    e = PositionHint.expr(target.ad(), found);
                    return e != null ? context.evaluateAttribute(e, target) : scope.special(key, context);
                }
            }
        }
        return scope.resolve(key, context);
    }

    @Override
    public int depth() {
        return 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AttributeRef other && other.name.equals(name);
    }

    @Override
    public int hashCode() {
        return key.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
