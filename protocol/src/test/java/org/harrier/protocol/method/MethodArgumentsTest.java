package org.harrier.protocol.method;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.harrier.protocol.ArgumentSchema;
import org.harrier.protocol.ClassSchema;
import org.harrier.protocol.MethodSchema;
import org.harrier.protocol.Schema;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The method records and the schema file say the same: they cannot drift apart. */
class MethodArgumentsTest {
    private static final Schema SCHEMA = Schema.grid();

    static Stream<Method<?, ?>> methods() {
        return Protocol.METHODS.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void everyRecordsArgumentsAreTheSchemasInNameTypeDirectionAndOptionality(Method<?, ?> method) {
        assertTrue(SCHEMA.has(method.className()), "the schema has no class " + method.className());
        MethodSchema schema = SCHEMA.type(method.className()).method(method.name());
        assertNotNull(schema, "the schema's " + method.className() + " has no method " + method.name());
        assertEquals(schema.name(), method.name(), method + " is declared under an alias");
        assertEquals(declared(schema.arguments().stream().filter(a -> a.direction().isInput())),
                recorded(method.inputs()), method + " inputs");
        assertEquals(declared(schema.arguments().stream().filter(a -> a.direction().isOutput())),
                recorded(method.outputs()), method + " outputs");
    }

    static Stream<String> classes() {
        return SCHEMA.classes().stream().map(ClassSchema::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("classes")
    void everyMethodOfEveryClassHasARecord(String className) {
        Set<String> recorded = Protocol.METHODS.stream().filter(m -> m.className().equals(className))
                .map(Method::name).collect(Collectors.toCollection(TreeSet::new));
        Set<String> inSchema = SCHEMA.type(className).methods().stream().map(MethodSchema::name)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(inSchema, recorded, className + ": the schema's methods and the records differ");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void noMethodIsDeclaredTwice(Method<?, ?> method) {
        assertEquals(1, Protocol.METHODS.stream().filter(m -> m.toString().equals(method.toString())).count(), method.toString());
    }

    private static Set<String> declared(Stream<ArgumentSchema> args) {
        return args.map(a -> a.name() + " " + a.type().schemaName() + (a.optional() ? " optional" : ""))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> recorded(List<Arg<?>> args) {
        Set<String> out = new HashSet<>();
        args.forEach(a -> out.add(a.name() + " " + a.type().schemaName() + (a.isOptional() ? " optional" : "")));
        return new TreeSet<>(out);
    }
}
