package org.harrier.protocol;

import java.util.Objects;

/** A managed object's identity, {@code <package>:<class>:<key>} on the wire (QMF OBJECT_ID). */
public record ObjectId(String packageName, String className, String key) {
    public ObjectId {
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(key, "key");
        if (className.contains(":")) {
            throw new IllegalArgumentException("class name must not contain ':': " + className);
        }
    }

    /** An id in package mrg.grid. */
    public static ObjectId grid(String className, String key) {
        return new ObjectId(Schema.GRID_PACKAGE, className, key);
    }

    /** Parses {@code package:class:key}; the key may itself contain ':'. */
    public static ObjectId parse(String objectName) {
        int first = objectName.indexOf(':');
        int second = first < 0 ? -1 : objectName.indexOf(':', first + 1);
        if (first <= 0 || second <= first + 1) {
            throw new IllegalArgumentException("object name must be package:class:key, got '" + objectName + "'");
        }
        return new ObjectId(objectName.substring(0, first), objectName.substring(first + 1, second),
                objectName.substring(second + 1));
    }

    public String objectName() {
        return packageName + ":" + className + ":" + key;
    }

    @Override
    public String toString() {
        return objectName();
    }
}
