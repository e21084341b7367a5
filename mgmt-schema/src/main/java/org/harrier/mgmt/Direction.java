package org.harrier.mgmt;

/** Direction of a method argument: in, out, or both. */
public enum Direction {
    IN, OUT, IN_OUT;

    static Direction fromSchemaName(String name) {
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
