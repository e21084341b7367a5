package org.harrier.classad;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.harrier.classad.functions.Builtins;

/** Functions by name, ignoring case. The built-in table is assembled in {@link Builtins}. */
public final class FunctionTable {
    private final Map<String, ClassAdFunction> byName;

    private FunctionTable(Map<String, ClassAdFunction> byName) {
        this.byName = byName;
    }

    public static FunctionTable builtin() {
        return BuiltinHolder.TABLE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The function called {@code name} (any case), or null. */
    public ClassAdFunction lookup(String name) {
        // Names.key finds the shared lower-case key of a name seen before without allocating.
        return byName.get(Names.key(name));
    }

    /** Lower-cased names of every function, sorted. */
    public Set<String> names() {
        return Collections.unmodifiableSet(new TreeSet<>(byName.keySet()));
    }

    public static final class Builder {
        private final Map<String, ClassAdFunction> byName = new TreeMap<>();

        private Builder() {
        }

        /** Adds {@code function} under {@code name}; a name may be added only once. */
        public Builder add(String name, ClassAdFunction function) {
            Objects.requireNonNull(function, "function");
            String key = Names.foldCase(Objects.requireNonNull(name, "name"));
            if (byName.putIfAbsent(key, function) != null) {
                throw new IllegalStateException("function " + name + " is defined twice");
            }
            return this;
        }

        public FunctionTable build() {
            return new FunctionTable(Map.copyOf(byName));
        }
    }

    /** Lazy holder: the table is built on first use, after every class it needs is initialised. */
    private static final class BuiltinHolder {
        static final FunctionTable TABLE = Builtins.table();
    }
}
