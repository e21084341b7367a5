package org.harrier.classad;

import java.util.Objects;

/**
 * A string; {@code ==} compares strings ignoring case, {@code =?=} compares them exactly.
 * ClassAd strings are C strings in HTCondor, so they cannot hold a NUL character; the parser
 * rejects one, and so does this constructor, which keeps every string printable as a literal.
 */
public record StringValue(String value) implements Value {
    public static final StringValue EMPTY = new StringValue("");

    public StringValue {
        Objects.requireNonNull(value, "string value");
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a ClassAd string cannot contain a NUL character");
        }
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
