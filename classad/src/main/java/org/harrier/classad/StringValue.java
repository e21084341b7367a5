package org.harrier.classad;

import java.util.Objects;

/** A string; {@code ==} compares strings ignoring case, {@code =?=} compares them exactly. */
public record StringValue(String value) implements Value {
    public static final StringValue EMPTY = new StringValue("");

    public StringValue {
        Objects.requireNonNull(value, "string value");
    }

    @Override
    public String typeName() {
        return "string";
    }

    @Override
    public String toString() {
        return Unparser.quote(value, Syntax.NEW);
    }
}
