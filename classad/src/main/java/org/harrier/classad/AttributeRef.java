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

    public AttributeRef(String name) {
        Names.requireValid(name);
        Names.Name n = Names.of(name);
        this.name = n.spelling();
        this.key = n.key();
    }

    public String name() {
        return name;
    }

    String key() {
        return key;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
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
