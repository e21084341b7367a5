package org.harrier.classad.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.strings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The JSON reader and writer of {@code --jsonl}. In the tables, JSON text is written between
 * backticks and the expected string value as Java would print it after unescaping.
 */
class FlatJsonTest {

    private static String valueOf(String json) throws FlatJson.SyntaxError {
        return FlatJson.parseObject(json).get("v");
    }

    @ParameterizedTest(name = "{0} reads as {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `{"v": "plain"}`                   | plain
            `{"v":"no spaces"}`                | no spaces
            ` \t{ "v" :  "padded" } \t`         | padded
            `{"v": ""}`                        | ``
            `{"v": "say \\"hi\\""}`            | say "hi"
            `{"v": "back\\\\slash"}`           | back\\slash
            `{"v": "a\\/b"}`                   | a/b
            `{"v": "caf\\u00e9"}`              | café
            `{"v": "caf\\u00E9"}`              | café
            `{"v": "café"}`                    | café
            `{"v": "\\u20ac"}`                 | €
            `{"v": "\\ud83d\\ude00"}`          | 😀
            `{"v": "\\uD83D\\uDE00!"}`         | 😀!
            `{"v": "😀"}`                      | 😀
            `{"v": "\\u0041\\u0042"}`          | AB
            """)
    void readsStringsWithTheirEscapes(String json, String expected) throws FlatJson.SyntaxError {
        assertEquals(expected, valueOf(json));
    }

    @ParameterizedTest(name = "{0} reads as code points {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `{"v": "a\\nb"}`                   | 97 10 98
            `{"v": "\\r\\t\\b\\f"}`            | 13 9 8 12
            `{"v": "\\u0000"}`                 | 0
            `{"v": "\\u001f"}`                 | 31
            `{"v": "\\ud83d\\ude00"}`          | 128512
            """)
    void readsControlCharacterEscapes(String json, String codePoints) throws FlatJson.SyntaxError {
        assertEquals(codePoints, valueOf(json).codePoints().mapToObj(Integer::toString)
                .reduce((a, b) -> a + " " + b).orElse(""));
    }

    @Test
    void keepsTheMembersInTheOrderWritten() throws FlatJson.SyntaxError {
        Map<String, String> members = FlatJson.parseObject("{\"expr\": \"a\", \"ad\": \"[]\", \"target\": \"[]\"}");
        assertEquals(List.of("expr", "ad", "target"), List.copyOf(members.keySet()));
    }

    @Test
    void readsTheEmptyObject() throws FlatJson.SyntaxError {
        assertEquals(Map.of(), FlatJson.parseObject(" {} "));
    }

    @ParameterizedTest(name = "{0} is rejected: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            ``                                  | column 1: expected '{' to start a JSON object but found end of line
            `[]`                                | column 1: expected '{' to start a JSON object but found '['
            `"v"`                               | column 1: expected '{' to start a JSON object but found '"'
            `{`                                 | column 2: expected a member name in double quotes but found end of line
            `{v: "x"}`                          | column 2: expected a member name in double quotes but found 'v'
            `{'v': "x"}`                        | column 2: expected a member name in double quotes but found '''
            `{"v" "x"}`                         | column 6: expected ':' after the member name "v" but found '"'
            `{"v": 1}`                          | column 7: the value of "v" must be a string in double quotes but found '1'
            `{"v": null}`                       | column 7: the value of "v" must be a string in double quotes but found 'n'
            `{"v": ["x"]}`                      | column 7: the value of "v" must be a string in double quotes but found '['
            `{"v": "x"`                         | column 10: expected ',' or '}' after the value of "v" but found end of line
            `{"v": "x",}`                       | column 11: expected a member name in double quotes after ',' but found '}'
            `{"v": "x" "w": "y"}`               | column 11: expected ',' or '}' after the value of "v" but found '"'
            `{"v": "x", "v": "y"}`              | column 12: duplicate member "v"
            `{"v": "x"} x`                      | column 12: expected the line to end after the object but found 'x'
            `{"v": "x"}{}`                      | column 11: expected the line to end after the object but found '{'
            `{"v": "x`                          | column 7: string is not closed by a double quote
            `{"v": "a\\qb"}`                    | column 9: unknown escape '\\q'
            `{"v": "a\\'b"}`                    | column 9: unknown escape '\\''
            `{"v": "a\\`                        | column 9: string ends inside an escape
            `{"v": "\\u12"}`                    | column 8: \\u must be followed by four hex digits
            `{"v": "\\u12g4"}`                  | column 8: \\u must be followed by four hex digits
            `{"v": "\\ud83d"}`                  | column 8: \\uD83D is a high surrogate that must be followed by a \\u escape of a low surrogate
            `{"v": "\\ud83dx"}`                 | column 8: \\uD83D is a high surrogate that must be followed by a \\u escape of a low surrogate
            `{"v": "\\ud83d\\u0041"}`           | column 8: \\uD83D is a high surrogate that must be followed by a \\u escape of a low surrogate, not \\u0041
            `{"v": "\\ud83d\\ud83d"}`           | column 8: \\uD83D is a high surrogate that must be followed by a \\u escape of a low surrogate, not \\uD83D
            `{"v": "\\ude00"}`                  | column 8: \\uDE00 is a low surrogate without a high surrogate before it
            `{"v": "tab\there"}`                | column 11: control character U+0009 must be written as an escape
            """)
    void rejectsAnythingButAFlatObjectOfStrings(String json, String message) {
        FlatJson.SyntaxError e = assertThrows(FlatJson.SyntaxError.class, () -> FlatJson.parseObject(json));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest(name = "{1} is written as {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `{"value": "plain"}`                | plain
            `{"value": "say \\"hi\\""}`         | say "hi"
            `{"value": "back\\\\slash"}`        | back\\slash
            `{"value": "café 😀"}`              | café 😀
            `{"value": "a/b"}`                  | a/b
            """)
    void writesAnObjectOfOneString(String json, String value) {
        assertEquals(json, FlatJson.object("value", value));
    }

    @Test
    void writesControlCharactersAndLoneSurrogatesAsEscapes() {
        assertEquals("{\"v\": \"\\n\\r\\t\\b\\f\\u0000\\u001f\\u007f\"}", FlatJson.object("v", "\n\r\t\b\f\u0000\u001f\u007f"));
        assertEquals("{\"v\": \"\\ud83d!\\ude00\"}", FlatJson.object("v", "\ud83d!\ude00"));
        assertEquals("{\"v\": \"\ud83d\ude00\"}", FlatJson.object("v", "\ud83d\ude00"));
    }

    @Test
    void everyStringWrittenReadsBackTheSame() {
        qt().forAll(strings().allPossible().ofLengthBetween(0, 40))
                .assuming(FlatJsonTest::hasNoLoneSurrogate)
                .checkAssert(s -> {
                    Map<String, String> expected = new LinkedHashMap<>();
                    expected.put("v", s);
                    try {
                        assertEquals(expected, FlatJson.parseObject(FlatJson.object("v", s)));
                    } catch (FlatJson.SyntaxError e) {
                        throw new AssertionError("cannot read back " + FlatJson.object("v", s) + ": " + e.getMessage(), e);
                    }
                });
    }

    /** A lone surrogate is written as an escape the strict reader then refuses, by design. */
    private static boolean hasNoLoneSurrogate(String s) {
        return s.codePoints().noneMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
    }
}
