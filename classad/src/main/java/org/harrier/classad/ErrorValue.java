package org.harrier.classad;

/** The value of an operation that has no meaning for its operands, such as {@code 10 * "a"}. */
public final class ErrorValue implements Value {
    static final ErrorValue INSTANCE = new ErrorValue();

    private ErrorValue() {
    }

    @Override
    public String typeName() {
        return "error";
    }

    @Override
    public boolean isExceptional() {
        return true;
    }

    @Override
    public String toString() {
        return "error";
    }
}
