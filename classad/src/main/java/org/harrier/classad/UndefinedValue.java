package org.harrier.classad;

/** The value of a reference to an attribute that exists nowhere in scope. */
public final class UndefinedValue implements Value {
    static final UndefinedValue INSTANCE = new UndefinedValue();

    private UndefinedValue() {
    }

    @Override
    public String typeName() {
        return "undefined";
    }

    @Override
    public boolean isExceptional() {
        return true;
    }

    @Override
    public String toString() {
        return "undefined";
    }
}
