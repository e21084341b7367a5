package org.harrier.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A method: its name, the older names it also answers to, and its arguments. */
public record MethodSchema(String name, List<String> aliases, List<ArgumentSchema> arguments, String doc) {
    public MethodSchema {
        Objects.requireNonNull(name, "name");
        aliases = List.copyOf(aliases);
        arguments = List.copyOf(arguments);
        doc = doc == null ? "" : doc;
    }

    /**
     * The input arguments checked against the schema and converted to their Java forms; unknown
     * names, missing required arguments and wrong types are IllegalArgumentExceptions naming the
     * argument (they become QMF code 4, bad parameter).
     */
    public Map<String, Object> checkInputs(Map<String, ?> given) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String key : given.keySet()) {
            ArgumentSchema a = argument(key);
            if (a == null || !a.direction().isInput()) {
                throw new IllegalArgumentException(name + " has no input argument '" + key + "'");
            }
        }
        for (ArgumentSchema a : arguments) {
            if (!a.direction().isInput()) {
                continue;
            }
            Object v = given.get(a.name());
            if (v == null) {
                if (!a.optional()) {
                    throw new IllegalArgumentException(name + " needs argument '" + a.name() + "' (" + a.type().schemaName() + ")");
                }
                continue;
            }
            try {
                out.put(a.name(), a.type().accept(v));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("argument '" + a.name() + "' of " + name + " " + e.getMessage());
            }
        }
        return out;
    }

    public ArgumentSchema argument(String argName) {
        for (ArgumentSchema a : arguments) {
            if (a.name().equals(argName)) {
                return a;
            }
        }
        return null;
    }
}
