package org.harrier.classad;

import java.util.Objects;

/**
 * A number with a size suffix, {@code 2K}, {@code 1.5G} (B = 1, K = 1024, M = 1024^2,
 * G = 1024^3, T = 1024^4). As in libclassad it evaluates to a real, and keeps its suffix
 * when unparsed.
 */
public final class ScaledNumber implements Expr {
    private final Value number;
    private final char suffix;
    private final RealValue scaled;

    public ScaledNumber(Value number, char suffix) {
        this.number = Objects.requireNonNull(number, "number");
        this.suffix = Character.toUpperCase(suffix);
        double factor = factor(this.suffix);
        double base;
        if (number instanceof IntegerValue i) {
            base = i.value();
        } else if (number instanceof RealValue r) {
            base = r.value();
        } else {
            throw new IllegalArgumentException("only numbers take a size suffix, not " + number.typeName());
        }
        this.scaled = new RealValue(base * factor);
    }

    static double factor(char suffix) {
        return switch (Character.toUpperCase(suffix)) {
            case 'B' -> 1.0;
            case 'K' -> 1024.0;
            case 'M' -> 1024.0 * 1024.0;
            case 'G' -> 1024.0 * 1024.0 * 1024.0;
            case 'T' -> 1024.0 * 1024.0 * 1024.0 * 1024.0;
            default -> throw new IllegalArgumentException("unknown size suffix '" + suffix + "'");
        };
    }

    public Value number() {
        return number;
    }

    public char suffix() {
        return suffix;
    }

    @Override
    public Value evaluate(EvalContext context, Scope scope) {
        return scaled;
    }

    @Override
    public int depth() {
        return 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScaledNumber other && other.suffix == suffix && other.number.equals(number);
    }

    @Override
    public int hashCode() {
        return number.hashCode() * 31 + suffix;
    }

    @Override
    public String toString() {
        return unparse();
    }
}
