package org.harrier.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A package of classes read from a schema file: for Harrier, package {@code mrg.grid} from
 * {@code org/harrier/protocol/mrg-grid-schema.json} (docs/protocols.md).
 */
public final class Schema {
    private static final String GRID_RESOURCE = "/org/harrier/protocol/mrg-grid-schema.json";
    /**
     * The grid schema's package, as its file says (a test holds them equal): naming an object or
     * a class needs only this, and a command that does nothing else need not read the schema,
     * which costs a command's start Jackson and the whole file.
     */
    public static final String GRID_PACKAGE = "mrg.grid";

    private final String packageName;
    private final Map<String, ClassSchema> classes;

    private Schema(String packageName, Map<String, ClassSchema> classes) {
        this.packageName = packageName;
        this.classes = Map.copyOf(classes);
    }

    /** The mrg.grid schema every Harrier service and console uses. */
    public static Schema grid() {
        return GridHolder.GRID;
    }

    private static final class GridHolder {
        static final Schema GRID = load(GRID_RESOURCE);
    }

    static Schema load(String resource) {
        try (InputStream in = Schema.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("schema resource " + resource + " is missing from the classpath");
            }
            return parse(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema " + resource, e);
        }
    }

    static Schema parse(JsonNode root) {
        String pkg = text(root, "package");
        Map<String, ClassSchema> classes = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = root.path("classes").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode c = e.getValue();
            List<PropertySchema> props = new ArrayList<>();
            c.path("properties").forEach(p -> props.add(property(p, false)));
            c.path("statistics").forEach(p -> props.add(property(p, true)));
            List<MethodSchema> methods = new ArrayList<>();
            Iterator<Map.Entry<String, JsonNode>> ms = c.path("methods").fields();
            while (ms.hasNext()) {
                Map.Entry<String, JsonNode> m = ms.next();
                List<String> aliases = new ArrayList<>();
                m.getValue().path("aliases").forEach(a -> aliases.add(a.asText()));
                List<ArgumentSchema> args = new ArrayList<>();
                m.getValue().path("args").forEach(a -> args.add(new ArgumentSchema(text(a, "name"),
                        QmfType.fromSchemaName(text(a, "type")), ArgumentDirection.fromSchemaName(text(a, "dir")),
                        a.path("optional").asBoolean(false), a.path("doc").asText(""))));
                methods.add(new MethodSchema(m.getKey(), aliases, args, m.getValue().path("doc").asText("")));
            }
            classes.put(e.getKey(), new ClassSchema(pkg, e.getKey(), text(c, "key"), c.path("open").asBoolean(false),
                    props, methods, c.path("doc").asText("")));
        }
        return new Schema(pkg, classes);
    }

    private static PropertySchema property(JsonNode p, boolean statistic) {
        return new PropertySchema(text(p, "name"), QmfType.fromSchemaName(text(p, "type")), statistic,
                p.path("optional").asBoolean(false), p.path("doc").asText(""));
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("schema: '" + field + "' missing or not a string in " + node);
        }
        return v.asText();
    }

    public String packageName() {
        return packageName;
    }

    /** The class called {@code name}; IllegalArgumentException if the package has none. */
    public ClassSchema type(String name) {
        ClassSchema c = classes.get(name);
        if (c == null) {
            throw new IllegalArgumentException("package " + packageName + " has no class '" + name + "'");
        }
        return c;
    }

    public boolean has(String className) {
        return classes.containsKey(className);
    }

    public List<ClassSchema> classes() {
        return List.copyOf(classes.values());
    }
}
