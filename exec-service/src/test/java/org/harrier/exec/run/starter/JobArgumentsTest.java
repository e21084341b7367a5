package org.harrier.exec.run.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Arguments and environment syntax, from the condor_submit manual's examples. The manual shows
 * submit-file text; the job ad holds it after condor_submit removed the outer double quotes
 * and turned {@code ""} into {@code "}, which is what these tables start from.
 */
class JobArgumentsTest {
    static Stream<Arguments> newSyntaxArguments() {
        return Stream.of(
                // arguments = "3 simple arguments"
                Arguments.of("3 simple arguments", List.of("3", "simple", "arguments")),
                // arguments = "one 'two with spaces' 3"
                Arguments.of("one 'two with spaces' 3", List.of("one", "two with spaces", "3")),
                // arguments = "one ""two"" 'spacey ''quoted'' argument'"
                Arguments.of("one \"two\" 'spacey ''quoted'' argument'", List.of("one", "\"two\"", "spacey 'quoted' argument")),
                // the canonical form condor_submit writes into the ad for the two examples above
                Arguments.of("one two' 'with' 'spaces 3", List.of("one", "two with spaces", "3")),
                Arguments.of("one \"two\" spacey' '''quoted''' 'argument", List.of("one", "\"two\"", "spacey 'quoted' argument")),
                // "the backslash has no special meaning"
                Arguments.of("a\\b c\\", List.of("a\\b", "c\\")),
                Arguments.of("one\ttwo \t three", List.of("one", "two", "three")),
                Arguments.of("  leading and trailing  ", List.of("leading", "and", "trailing")),
                Arguments.of("'' x ''", List.of("", "x", "")),
                Arguments.of("''''", List.of("'")),
                Arguments.of("", List.of()));
    }

    @ParameterizedTest(name = "Arguments = {0}")
    @MethodSource("newSyntaxArguments")
    void newSyntaxArgumentsSplitAsTheManualSays(String text, List<String> expected) {
        assertEquals(expected, JobArguments.parseNew(text));
    }

    static Stream<Arguments> oldSyntaxArguments() {
        return Stream.of(
                // arguments = one \"two\" 'three'  (the ad holds: one "two" 'three')
                Arguments.of("one \"two\" 'three'", List.of("one", "\"two\"", "'three'")),
                Arguments.of("60", List.of("60")),
                Arguments.of(" a  b\tc ", List.of("a", "b", "c")),
                Arguments.of("", List.of()));
    }

    @ParameterizedTest(name = "Args = {0}")
    @MethodSource("oldSyntaxArguments")
    void oldSyntaxArgumentsSplitAtWhiteSpaceOnly(String text, List<String> expected) {
        assertEquals(expected, JobArguments.parseOld(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"one 'two", "'", "a ''' b"})
    void anUnterminatedQuoteIsAnErrorNamingItsPosition(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JobArguments.parseNew(text));
        assertTrue(e.getMessage().contains("unterminated single quote at position"), e.getMessage());
    }

    static Stream<Arguments> newSyntaxEnvironment() {
        return Stream.of(
                // environment = "one=1 two=""2"" three='spacey ''quoted'' value'"
                Arguments.of("one=1 two=\"2\" three='spacey ''quoted'' value'",
                        Map.of("one", "1", "two", "\"2\"", "three", "spacey 'quoted' value")),
                Arguments.of("A=1 B='x y'", Map.of("A", "1", "B", "x y")),
                Arguments.of("'A=x y'", Map.of("A", "x y")),
                Arguments.of("EMPTY= EQ=a=b", Map.of("EMPTY", "", "EQ", "a=b")),
                Arguments.of("A=1 A=2", Map.of("A", "2")));
    }

    @ParameterizedTest(name = "Environment = {0}")
    @MethodSource("newSyntaxEnvironment")
    void newSyntaxEnvironmentAsTheManualSays(String text, Map<String, String> expected) {
        assertEquals(expected, JobEnvironment.parseNew(text));
    }

    static Stream<Arguments> oldSyntaxEnvironment() {
        return Stream.of(
                // environment = one=1;two=2;three="quotes have no 'special' meaning"
                Arguments.of("one=1;two=2;three=\"quotes have no 'special' meaning\"",
                        Map.of("one", "1", "two", "2", "three", "\"quotes have no 'special' meaning\"")),
                Arguments.of("A=1;B=2", Map.of("A", "1", "B", "2")),
                Arguments.of("A=x y;;B= z ", Map.of("A", "x y", "B", " z ")));
    }

    @ParameterizedTest(name = "Env = {0}")
    @MethodSource("oldSyntaxEnvironment")
    void oldSyntaxEnvironmentSplitsAtSemicolons(String text, Map<String, String> expected) {
        assertEquals(expected, JobEnvironment.parseOld(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"NOEQUALS", "A=1 =2", "A='unterminated"})
    void malformedEnvironmentEntriesAreErrors(String text) {
        assertThrows(IllegalArgumentException.class, () -> JobEnvironment.parseNew(text));
    }
}
