package org.harrier.protocol;

import java.util.Objects;

/** A property or statistic of a class. Statistics change often; properties identify and configure. */
public record PropertySchema(String name, QmfType type, boolean statistic, boolean optional, String doc) {
    public PropertySchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        doc = doc == null ? "" : doc;
    }
}
