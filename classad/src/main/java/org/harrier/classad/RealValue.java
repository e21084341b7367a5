package org.harrier.classad;

/** A double-precision real number. */
public record RealValue(double value) implements Value {
    @Override
    public String typeName() {
        return "real";
    }

    @Override
    public String toString() {
        return Unparser.formatReal(value);
    }
}
