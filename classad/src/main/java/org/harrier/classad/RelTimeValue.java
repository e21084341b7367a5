package org.harrier.classad;

/** A time interval in seconds (possibly fractional or negative), such as {@code relTime("1+02:00:00")}. */
public record RelTimeValue(double seconds) implements Value {
    @Override
    public String typeName() {
        return "reltime";
    }

    @Override
    public String toString() {
        return Unparser.unparse(this, Syntax.NEW);
    }
}
