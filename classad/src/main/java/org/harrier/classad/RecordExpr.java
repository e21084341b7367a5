package org.harrier.classad;

import java.util.Objects;

/**
 * A nested record literal {@code [ a = 1; b = a + 1 ]}. Its value is a record whose attributes
 * are evaluated lazily, in a scope whose parent is the scope the literal was evaluated in.
 */
public final class RecordExpr implements Expr {
    private final ClassAd ad;
    private final int depth;
    static final int RECORD_LEVELS = 3;

    public RecordExpr(ClassAd ad) {
        this.ad = Objects.requireNonNull(ad, "ad");
        // Evaluating or printing a nested record passes through several frames per level
        // (scope, attribute loop, expression), so it counts three levels towards the caps.
        this.depth = TreeDepth.check(ad.depth() + RECORD_LEVELS);
    }

    public ClassAd ad() {
        return ad;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        return new ClassAdValue(Scope.nested(ad, scope));
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RecordExpr other && other.ad.equals(ad);
    }

    @Override
    public int hashCode() {
        return ad.hashCode();
    }

    @Override
    public String toString() {
        return unparse();
    }
}
