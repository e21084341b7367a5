package org.harrier.classad;

import java.util.Objects;

/**
 * A nested record literal {@code [ a = 1; b = a + 1 ]}. Its value is a record whose attributes
 * are evaluated lazily, in a scope whose parent is the scope the literal was evaluated in.
 */
public final class RecordExpr implements Expr {
    private final ClassAd ad;
    private final int depth;

    public RecordExpr(ClassAd ad) {
        this.ad = Objects.requireNonNull(ad, "ad");
        this.depth = Parser.checkedDepth(ad.depth() + 1);
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
