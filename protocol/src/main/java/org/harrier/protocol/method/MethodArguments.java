package org.harrier.protocol.method;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The arguments of one method request or answer as a map, read and written through their
 * {@link Arg} declarations. Reading a required argument that is missing, or any argument whose
 * value is wrong, is an IllegalArgumentException naming the method and the argument (an agent
 * answers it as a bad parameter).
 */
public final class MethodArguments {
    private final String method;
    private final Map<String, ?> values;

    public MethodArguments(String method, Map<String, ?> values) {
        this.method = Objects.requireNonNull(method, "method");
        this.values = values == null ? Map.of() : values;
    }

    public boolean has(Arg<?> arg) {
        return values.get(arg.name()) != null;
    }

    /** The argument's value; null when it is optional and absent. */
    public <T> T get(Arg<T> arg) {
        Object v = values.get(arg.name());
        if (v == null) {
            if (arg.isOptional()) {
                return null;
            }
            throw new IllegalArgumentException(method + " needs argument '" + arg.name() + "' (" + arg.type().schemaName() + ")");
        }
        return arg.read(v, method);
    }

    /** The optional argument's value, or {@code otherwise} when it is absent. */
    public <T> T get(Arg<T> arg, T otherwise) {
        T v = get(arg);
        return v == null ? otherwise : v;
    }

    /** A new map of arguments, in the order they are put. */
    public static Writer writer() {
        return new Writer();
    }

    /** Builds an argument map; a null value leaves an optional argument out. */
    public static final class Writer {
        private final Map<String, Object> out = new LinkedHashMap<>();

        private Writer() {
        }

        public <T> Writer put(Arg<T> arg, T value) {
            if (value == null) {
                if (!arg.isOptional()) {
                    throw new IllegalArgumentException("argument '" + arg.name() + "' is required");
                }
                return this;
            }
            out.put(arg.name(), arg.write(value));
            return this;
        }

        public Map<String, Object> map() {
            return out;
        }
    }
}
