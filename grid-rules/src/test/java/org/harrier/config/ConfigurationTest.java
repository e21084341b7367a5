package org.harrier.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** HTCondor's configuration syntax, from the manual's "Introduction to Configuration" examples. */
class ConfigurationTest {

    static Configuration parse(String text) {
        return Configuration.parse(text, "test.conf", null);
    }

    static Stream<Arguments> values() {
        return Stream.of(
                Arguments.of("a plain definition", "A = 1", "A", "1"),
                Arguments.of("names ignore case", "Update_Interval = 5", "UPDATE_INTERVAL", "5"),
                Arguments.of("white space around the value is trimmed", "A   =    x y   ", "A", "x y"),
                Arguments.of("an empty value is defined and empty", "A =", "A", ""),
                Arguments.of("the later definition wins", "A = 1\nA = 2", "A", "2"),
                Arguments.of("a comment line is skipped", "# A = 1\nA = 2", "A", "2"),
                Arguments.of("an indented comment too", "   # A = 1\nA = 2", "A", "2"),
                Arguments.of("# later in a line is part of the value", "A = x # y", "A", "x # y"),
                Arguments.of("a backslash continues the line", "A = x && \\\ny", "A", "x && y"),
                Arguments.of("several continuations", "A = a, \\\n b, \\\n c", "A", "a,  b,  c"),
                Arguments.of("a comment inside a continuation is skipped", "A = $(B) \\\n# $(C)\n$(D)\nB = b\nD = d",
                        "A", "b d"),
                Arguments.of("a comment ending in a backslash too", "A = $(B) \\\n# $(C) \\\n$(D)\nB = b\nD = d",
                        "A", "b d"),
                Arguments.of("a macro is expanded", "B = 2\nA = $(B)0", "A", "20"),
                Arguments.of("a macro is expanded against the final definitions", "A = $(B)\nB = 1\nB = 3", "A", "3"),
                Arguments.of("macros nest", "C = c\nB = <$(C)>\nA = [$(B)]", "A", "[<c>]"),
                Arguments.of("macro names ignore case", "b = 2\nA = $(B)", "A", "2"),
                Arguments.of("an undefined macro is empty", "A = $(NUMCPUS)-1", "A", "-1"),
                Arguments.of("a default stands in for an undefined macro", "A = $(NUMCPUS:4)-1", "A", "4-1"),
                Arguments.of("a default is not used when defined", "NUMCPUS = 8\nA = $(NUMCPUS:4)-1", "A", "8-1"),
                Arguments.of("a default may be a macro", "L = 3\nA = $(NUMCPUS:$(L))-1", "A", "3-1"),
                Arguments.of("a self reference takes the previous value", "L = a\nL = $(L) b", "L", "a b"),
                Arguments.of("a self reference with nothing before is empty", "L = $(L) b", "L", " b"),
                Arguments.of("$$() is left for match time", "A = $$(Memory)", "A", "$$(Memory)"),
                Arguments.of("a section header is ignored", "[HTCondor Settings]\nA = [ foo=bar ]", "A", "[ foo=bar ]"),
                Arguments.of("an expression value stays text", "START = KeyboardIdle > 15 * $(MINUTE)\nMINUTE = 60",
                        "START", "KeyboardIdle > 15 * 60"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void readsAValue(String why, String text, String name, String expected) {
        assertEquals(expected, parse(text).get(name).orElseThrow());
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("a line without =", "A = 1\nB 2", "test.conf:2: expected NAME = value"),
                Arguments.of("a bad name", "1A = 2", "test.conf:1: '1A' is not a configuration name"),
                Arguments.of("a metaknob", "use ROLE : Personal", "test.conf:1: 'use' is not supported"),
                Arguments.of("a conditional", "if defined A\nendif", "test.conf:1: 'if' is not supported"),
                Arguments.of("an include of a command", "include command : ls", "test.conf:1: 'include command'"),
                Arguments.of("a multi-line value", "A @=end\nx\n@end", "test.conf:1: multi-line values"),
                Arguments.of("an unclosed macro", "\n\nA = $(B", "test.conf:3: '$(' without a closing ')'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void refusesWhatItCannotRead(String why, String text, String message) {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> parse(text).get("A"));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void aMacroCycleIsAnErrorNamingTheChain() {
        Configuration c = parse("A = $(B)\nB = $(C)\nC = $(A)");
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> c.get("A"));
        assertTrue(e.getMessage().contains("A -> B -> C -> A"), e.getMessage());
        assertTrue(e.getMessage().startsWith("test.conf:"), e.getMessage());
    }

    @Test
    void includesAreRelativeToTheIncludingFileAndLaterDefinitionsWin(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("conf.d"));
        Files.writeString(dir.resolve("main.conf"), "A = main\nB = main\nSUB = conf.d\ninclude : $(SUB)/gpu.conf\nB = last\n");
        Files.writeString(dir.resolve("conf.d/gpu.conf"), "A = included\nB = included\ninclude:more.conf\n");
        Files.writeString(dir.resolve("conf.d/more.conf"), "C = $(A)\n");
        Configuration c = Configuration.read(dir.resolve("main.conf"));
        assertEquals("included", c.get("A").orElseThrow());
        assertEquals("last", c.get("B").orElseThrow());
        assertEquals("included", c.get("C").orElseThrow());
        assertEquals(dir.resolve("conf.d/more.conf") + ":1", c.origin("C").orElseThrow());
    }

    @Test
    void aMissingIncludeNamesTheIncludingLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("main.conf"), "A = 1\n@include : missing.conf\n");
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> Configuration.read(dir.resolve("main.conf")));
        assertEquals(dir.resolve("main.conf") + ":2: included file " + dir.resolve("missing.conf") + " does not exist",
                e.getMessage());
    }

    @Test
    void includeIfexistSkipsAMissingFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("main.conf"), "include ifexist : missing.conf\nA = 1\n");
        assertEquals("1", Configuration.read(dir.resolve("main.conf")).get("A").orElseThrow());
    }

    @Test
    void aFileIncludingItselfStops(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("loop.conf"), "include : loop.conf\n");
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> Configuration.read(dir.resolve("loop.conf")));
        assertTrue(e.getMessage().contains("nest deeper"), e.getMessage());
    }

    @Test
    void aMissingFileIsAClearError(@TempDir Path dir) {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> Configuration.read(dir.resolve("nope.conf")));
        assertEquals("configuration file " + dir.resolve("nope.conf") + " does not exist", e.getMessage());
    }

    static Stream<Arguments> typed() {
        return Stream.of(
                Arguments.of("N = 4", 4L, null),
                Arguments.of("N = 60 * 5", 300L, null),
                Arguments.of("M = 2\nN = $(M) * 3", 6L, null),
                Arguments.of("N = four", null, "N must be a whole number, got 'four' (test.conf:1)"),
                Arguments.of("\nN = 1.5", null, "N must be a whole number, got '1.5' (test.conf:2)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("typed")
    void readsWholeNumbers(String text, Long expected, String error) {
        Configuration c = parse(text);
        if (error == null) {
            assertEquals(expected, c.integer("n", -1));
        } else {
            assertEquals(error, assertThrows(ConfigurationException.class, () -> c.integer("N", -1)).getMessage());
        }
    }

    @Test
    void readsBooleansSecondsAndExpressions() {
        Configuration c = parse("T = True\nF = no\nE = 1 == 2\nI = 5\nZ = 0\nX = maybe\nS = KeyboardIdle > 60\nBAD = (");
        assertTrue(c.bool("T", false));
        assertFalse(c.bool("F", true));
        assertFalse(c.bool("E", true));
        assertTrue(c.bool("UNSET", true));
        assertEquals("X must be true or false, got 'maybe' (test.conf:6)",
                assertThrows(ConfigurationException.class, () -> c.bool("X", true)).getMessage());
        assertEquals(Duration.ofSeconds(5), c.seconds("I", Duration.ZERO));
        assertEquals(Duration.ofSeconds(9), c.seconds("UNSET", Duration.ofSeconds(9)));
        assertTrue(assertThrows(ConfigurationException.class, () -> c.seconds("Z", Duration.ZERO)).getMessage()
                .startsWith("Z must be a positive number of seconds"));
        assertEquals("KeyboardIdle > 60", c.expression("S").orElseThrow().unparse());
        assertTrue(c.expression("UNSET").isEmpty());
        assertTrue(assertThrows(ConfigurationException.class, () -> c.expression("BAD")).getMessage()
                .startsWith("BAD is not a ClassAd expression (test.conf:8)"));
    }

    @Test
    void theCommandLineOverridesTheFileAndMacrosFollowIt() {
        Configuration c = parse("NUM_CPUS = 2\nTWICE = $(NUM_CPUS) * 2").with("num_cpus", "8");
        assertEquals(16, c.integer("TWICE", 0));
        assertEquals("command line", c.origin("NUM_CPUS").orElseThrow());
        assertEquals(List.of("NUM_CPUS", "TWICE"), List.copyOf(c.names()));
    }

    @Test
    void prefixedKnobsComeBackByTheRestOfTheirNames() {
        Configuration c = parse("MACHINE_RESOURCE_GPUs = GPU-0, GPU-1\nmachine_resource_Licenses = $(N)\nN = 4\nOTHER = 1");
        assertEquals(Map.of("GPUs", "GPU-0, GPU-1", "Licenses", "4"), c.withPrefix("MACHINE_RESOURCE_"));
    }
}
