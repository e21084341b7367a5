package org.harrier.protocol;

import java.util.Objects;

/** One argument of a method. */
public record ArgumentSchema(String name, QmfType type, ArgumentDirection direction, boolean optional, String doc) {
    public ArgumentSchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(direction, "direction");
        doc = doc == null ? "" : doc;
    }
}
