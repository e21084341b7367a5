package org.harrier.classad;

import java.util.Objects;

/**
 * A record value, such as the value of {@code [ a = 1; b = a + 1 ]}. It keeps the scope it was
 * evaluated in, so its attributes can still refer to enclosing ads ({@code PARENT}, or unscoped
 * names that the record itself does not define).
 */
public final class ClassAdValue implements Value {
    private final Scope scope;

    ClassAdValue(Scope scope) {
        this.scope = scope;
    }

    /** A record value for a free-standing ad, with no enclosing scope and no target. */
    public static ClassAdValue of(ClassAd ad) {
        return new ClassAdValue(Scope.of(Objects.requireNonNull(ad, "ad")));
    }

    public ClassAd ad() {
        return scope.ad();
    }

    /** The scope the record was evaluated in, for functions that evaluate expressions inside it. */
    public Scope scope() {
        return scope;
    }

    @Override
    public String typeName() {
        return "classad";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClassAdValue other && other.ad().equals(ad());
    }

    @Override
    public int hashCode() {
        return ad().hashCode();
    }

    @Override
    public String toString() {
        return Unparser.unparse(this, Syntax.NEW);
    }
}
