package org.harrier.protocol;

/** The direction of a method argument: in, out, or both. */
public enum ArgumentDirection {
    IN, OUT, IN_OUT;

    static ArgumentDirection fromSchemaName(String name) {
        return switch (name) {
            case "I" -> IN;
            case "O" -> OUT;
            case "IO" -> IN_OUT;
            default -> throw new IllegalArgumentException("argument direction must be I, O or IO, not '" + name + "'");
        };
    }

    public boolean isInput() {
        return this != OUT;
    }

    public boolean isOutput() {
        return this != IN;
    }
}
