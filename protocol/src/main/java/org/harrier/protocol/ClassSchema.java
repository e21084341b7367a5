package org.harrier.protocol;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * A class of managed objects. An open class (job, slot) may carry properties beyond those
 * listed: its objects are ClassAds.
 */
public final class ClassSchema {
    private final String packageName;
    private final String name;
    private final String key;
    private final boolean open;
    private final List<PropertySchema> properties;
    private final Map<String, MethodSchema> methodsByName;
    private final String doc;
    private final UUID hash;

    ClassSchema(String packageName, String name, String key, boolean open, List<PropertySchema> properties,
            List<MethodSchema> methods, String doc) {
        this.packageName = Objects.requireNonNull(packageName, "packageName");
        this.name = Objects.requireNonNull(name, "name");
        this.key = Objects.requireNonNull(key, () -> "class " + name + " needs a key property");
        this.open = open;
        this.properties = List.copyOf(properties);
        this.doc = doc == null ? "" : doc;
        Map<String, MethodSchema> byName = new LinkedHashMap<>();
        for (MethodSchema m : methods) {
            put(byName, m.name(), m);
            for (String alias : m.aliases()) {
                put(byName, alias, m);
            }
        }
        this.methodsByName = Map.copyOf(byName);
        // QMF's _hash identifies a schema version; derived from the class's shape so it is stable.
        StringBuilder shape = new StringBuilder(packageName).append(':').append(name);
        this.properties.forEach(p -> shape.append('|').append(p.name()).append(':').append(p.type()));
        methods.forEach(m -> shape.append('|').append(m.name()).append(m.arguments()));
        this.hash = UUID.nameUUIDFromBytes(shape.toString().getBytes(StandardCharsets.UTF_8));
    }

    private void put(Map<String, MethodSchema> byName, String methodName, MethodSchema m) {
        if (byName.putIfAbsent(methodName, m) != null) {
            throw new IllegalArgumentException("class " + name + " defines method " + methodName + " twice");
        }
    }

    public String packageName() {
        return packageName;
    }

    public String name() {
        return name;
    }

    /** The property whose value is the object's key. */
    public String key() {
        return key;
    }

    public boolean isOpen() {
        return open;
    }

    public List<PropertySchema> properties() {
        return properties;
    }

    public String doc() {
        return doc;
    }

    public UUID hash() {
        return hash;
    }

    /** The method called {@code methodName} or one of its aliases, or null. */
    public MethodSchema method(String methodName) {
        return methodsByName.get(methodName);
    }

    /** Distinct methods, without aliases. */
    public List<MethodSchema> methods() {
        return methodsByName.values().stream().distinct()
                .sorted(java.util.Comparator.comparing(MethodSchema::name)).toList();
    }
}
