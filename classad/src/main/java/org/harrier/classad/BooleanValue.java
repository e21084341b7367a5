package org.harrier.classad;

/** {@code true} or {@code false}; exactly two instances exist. */
public final class BooleanValue implements Value {
    public static final BooleanValue TRUE = new BooleanValue(true);
    public static final BooleanValue FALSE = new BooleanValue(false);

    private final boolean value;

    private BooleanValue(boolean value) {
        this.value = value;
    }

    public static BooleanValue of(boolean b) {
        return b ? TRUE : FALSE;
    }

    public boolean value() {
        return value;
    }

    @Override
    public String typeName() {
        return "boolean";
    }

    @Override
    public String toString() {
        return value ? "true" : "false";
    }
}
