package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Every malformed input is a {@link ClassAdParseException} whose message names the line, the
 * column and what was expected (issue: "a parse error names the line, column and what was
 * expected"), and hostile input (deep nesting, huge literals, garbage) is one too: never a
 * {@link StackOverflowError}, never a hang. In the tables {@code \n} stands for a line break.
 * The timeout only turns a hang into a failure; nothing here measures speed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ParseErrorTest {
    private static final int DEEP = 100_000;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', emptyValue = "", textBlock = """
            1 +                     | line 1, column 4: expected an expression after '+'
            ``                      | line 1, column 1: expected an expression but found end of input
            (1                      | line 1, column 3: expected ')' to close '('
            [a = 1                  | line 1, column 7: expected ';' or ']' after the value of 'a'
            [a = ]                  | line 1, column 6: expected an expression but found ']'
            [a 1]                   | line 1, column 4: expected '=' after attribute name 'a'
            [1 = 2]                 | line 1, column 2: expected an attribute name but found number 1
            [a=1 b=2]               | line 1, column 6: expected ';' or ']' after the value of 'a' but found name 'b'
            [a = 1;                 | line 1, column 8: expected ']' to close the ClassAd
            {1,                     | line 1, column 4: expected an expression after '{' or ','
            {1 2}                   | line 1, column 4: expected ',' or '}' in a list
            {,}                     | line 1, column 2: expected an expression but found ','
            f(1,                    | line 1, column 5: expected an expression after '(' or ','
            f(1 2)                  | line 1, column 5: expected ',' or ')' in the arguments of f()
            f(,)                    | line 1, column 3: expected an expression but found ','
            1 2                     | line 1, column 3: expected end of input after the expression but found number 2
            a b                     | line 1, column 3: expected end of input after the expression but found name 'b'
            a.                      | line 1, column 3: expected an attribute name after '.' but found end of input
            ..a                     | line 1, column 2: expected an attribute name after '.' but found '.'
            a.(b)                   | line 1, column 3: expected an attribute name after '.' but found '('
            a[1                     | line 1, column 4: expected ']' to close the subscript
            x[]                     | line 1, column 3: expected an expression but found ']'
            1 ? 2                   | line 1, column 6: expected ':' to complete the conditional expression
            1 ?                     | line 1, column 4: expected an expression after '?'
            1 ? 2 :                 | line 1, column 8: expected an expression after ':'
            1 ?:                    | line 1, column 5: expected an expression after ':' of the ?: operator
            )                       | line 1, column 1: expected an expression but found ')'
            1 + * 2                 | line 1, column 5: expected an expression but found '*'
            - ;                     | line 1, column 3: expected an expression but found ';'
            !                       | line 1, column 2: expected an expression after '!'
            a = 1                   | line 1, column 3: expected end of input after the expression but found '='
            "abc                    | line 1, column 1: string is never closed with "
            "abc\\                  | line 1, column 1: string ends in the middle of an escape sequence
            'abc                    | line 1, column 1: quoted name is never closed with '
            ''                      | line 1, column 1: a quoted attribute name must not be empty
            /* x                    | line 1, column 1: comment is never closed with */
            1 + /* x                | line 1, column 5: comment is never closed with */
            0x                      | line 1, column 3: expected hexadecimal digits after '0x'
            0xg                     | line 1, column 3: expected hexadecimal digits after '0x'
            1.                      | line 1, column 3: expected digits after the decimal point
            1.e5                    | line 1, column 3: expected digits after the decimal point
            1e                      | line 1, column 3: expected digits in the exponent of a number
            1e+                     | line 1, column 4: expected digits in the exponent of a number
            019                     | line 1, column 1: '019' is not a valid octal number
            08                      | line 1, column 1: '08' is not a valid octal number
            99999999999999999999    | line 1, column 1: integer 99999999999999999999 does not fit in 64 bits
            9223372036854775808     | line 1, column 1: integer 9223372036854775808 does not fit in 64 bits
            -9223372036854775809    | line 1, column 1: integer -9223372036854775809 does not fit in 64 bits
            0x8000000000000000      | line 1, column 1: integer 0x8000000000000000 does not fit in 64 bits
            1e400                   | line 1, column 1: number 1e400 is too large
            "a\\0b"                 | line 1, column 1: a string must not contain a NUL character
            "a\\000"                | line 1, column 1: a string must not contain a NUL character
            1 =? 2                  | line 1, column 3: '=?' must be followed by '='
            @                       | line 1, column 1: unexpected character '@'
            a # b                   | line 1, column 3: unexpected character '#'
            $x                      | line 1, column 1: unexpected character '$'
            \\                      | line 1, column 1: unexpected character '\\'
            x +\\n\\n  (y           | line 3, column 5: expected ')' to close '('
            [a = 1;\\n b = 1 +\\n]  | line 3, column 1: expected an expression but found ']'
            [\\n a = 1;\\n b = @ ]  | line 3, column 6: unexpected character '@'
            "ab"\\n "cd" +          | line 2, column 8: expected an expression after '+'
            /* one\\n two */ 1 +    | line 2, column 12: expected an expression after '+'
            1 +\\r\\n 2 2           | line 2, column 4: expected end of input after the expression
            """)
    void malformedExpressionsNameLineColumnAndWhatWasExpected(String text, String message) {
        ClassAdParseException e = assertThrows(ClassAdParseException.class,
                () -> Expr.parse(text.replace("\\n", "\n").replace("\\r", "\r")));
        assertMessage(message, e);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            [ a = 1 ] x                 | line 1, column 11: expected end of input after the ClassAd
            [ a = 1; b = 2\\n; c = ) ]  | line 2, column 7: expected an expression but found ')'
            [ a = 1 ][0]                | line 1, column 10: expected end of input after the ClassAd
            A = 1\\nB =\\n              | line 2, column 4: expected an expression after '='
            A = 1\\nB  1\\n             | line 2, column 1: expected 'Name = expression' but the line has no '='
            A = 1\\n1B = 2\\n           | line 2, column 1: '1B' is not an attribute name
            A = 1\\n  B = (1 +\\n       | line 2, column 11: expected an expression after '+'
            A = 0x10                    | line 1, column 5: hexadecimal numbers are not allowed in old ClassAd syntax
            A = "abc\\nB = 1            | line 1, column 5: string is never closed with "
            = 1                         | line 1, column 1: expected an attribute name before '='
            'a b' 1                     | line 1, column 7: expected '=' after attribute name 'a b'
            A = 1 2                     | line 1, column 7: expected end of line after the expression but found number 2
            A = 1 # not a comment       | line 1, column 7: unexpected character '#'
            A = [x = 1;\\n y = 2]       | line 1, column 12: expected ']' to close the ClassAd but found end of input
            """)
    void malformedAdsNameLineColumnAndWhatWasExpected(String text, String message) {
        ClassAdParseException e = assertThrows(ClassAdParseException.class,
                () -> ClassAd.parse(text.replace("\\n", "\n")));
        assertMessage(message, e);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileInputs")
    void hostileInputIsAParseErrorNotACrash(String description, Supplier<String> text) {
        String input = text.get();
        ClassAdParseException e = assertThrows(ClassAdParseException.class, () -> Expr.parse(input));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().length() < 300, e::getMessage);
        assertThrows(ClassAdParseException.class, () -> ClassAd.parse("[ a = " + input + " ]"));
        assertThrows(ClassAdParseException.class, () -> ClassAd.parse("A = " + input, Syntax.OLD));
    }

    static Stream<Arguments> hostileInputs() {
        return Stream.of(
                hostile("100,000 nested parentheses", () -> "(".repeat(DEEP) + "1" + ")".repeat(DEEP)),
                hostile("100,000 nested records", () -> "[a = ".repeat(DEEP) + "1" + "]".repeat(DEEP)),
                hostile("100,000 nested lists", () -> "{".repeat(DEEP) + "1" + "}".repeat(DEEP)),
                hostile("100,000 nested calls", () -> "f(".repeat(DEEP) + "1" + ")".repeat(DEEP)),
                hostile("100,000 nested subscripts", () -> "a[".repeat(DEEP) + "0" + "]".repeat(DEEP)),
                hostile("100,000 unclosed parentheses", () -> "(".repeat(DEEP)),
                hostile("100,000 unary minus signs", () -> "- ".repeat(DEEP) + "1"),
                hostile("100,000 negations", () -> "!".repeat(DEEP) + "true"),
                hostile("100,000 complements", () -> "~".repeat(DEEP) + "1"),
                hostile("100,000 unary plus signs", () -> "+".repeat(DEEP) + "1"),
                hostile("100,000-term || chain", () -> "a" + " || a".repeat(DEEP)),
                hostile("100,000-term && chain", () -> "a" + " && a".repeat(DEEP)),
                hostile("100,000-term + chain", () -> "1" + " + 1".repeat(DEEP)),
                hostile("100,000 nested conditionals", () -> "a ? b : ".repeat(DEEP) + "c"),
                hostile("100,000 conditionals in the middle", () -> "a ? ".repeat(DEEP) + "b" + " : c".repeat(DEEP)),
                hostile("100,000 elvis operators", () -> "a ?: ".repeat(DEEP) + "c"),
                hostile("100,000 selections", () -> "a" + ".b".repeat(DEEP)),
                hostile("100,000 subscripts", () -> "a" + "[0]".repeat(DEEP)),
                hostile("a 100,000-digit integer", () -> "9".repeat(DEEP)),
                hostile("a 100,000-digit real", () -> "9".repeat(DEEP) + ".0"),
                hostile("an unterminated megabyte string", () -> "\"" + "x".repeat(1 << 20)),
                hostile("an unterminated megabyte comment", () -> "/*" + "x".repeat(1 << 20)),
                hostile("NUL characters", () -> "a\u0000b"),
                hostile("a NUL character in a string", () -> "\"a\u0000b\""));
    }

    private static Arguments hostile(String description, Supplier<String> text) {
        return Arguments.of(description, text);
    }

    @Test
    void aMegabyteStringLiteralParses() {
        String big = "x".repeat(1 << 20);
        assertEquals(new StringValue(big), Expr.parse("\"" + big + "\""));
        assertEquals(new StringValue("\n".repeat(1 << 19)), Expr.parse("\"" + "\\n".repeat(1 << 19) + "\""));
        ClassAd ad = ClassAd.parse("[ a = \"" + big + "\"; b = 1 ]");
        assertEquals(new StringValue(big), ad.lookup("a"));
        assertEquals(new StringValue(big), ClassAd.parse("A = \"" + big + "\"\nB = 1\n").lookup("A"));
    }

    /** Random text, weighted towards ClassAd punctuation so it gets past the first token. */
    @Test
    void garbageIsParsedOrRejectedWithAParseError() {
        Gen<Character> chars = Generate.frequency(
                Pair.of(6, Generate.pick(List.of(
                        '(', ')', '[', ']', '{', '}', '"', '\'', '\\', '.', ',', ';', '=', '?', ':', '!', '~',
                        '-', '+', '*', '/', '%', '<', '>', '&', '|', '^', 'a', 'x', '1', '0', 'e', 'K', ' ', '\n', '#',
                        '\u0000', '\u00e9'))),
                Pair.of(1, Generate.characters(0, 0xFFFF)));
        Gen<String> garbage = rs -> {
            int n = Generate.range(0, 60).generate(rs);
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append(chars.generate(rs));
            }
            return b.toString();
        };
        qt().withFixedSeed(20240131L).withExamples(20_000).forAll(garbage).checkAssert(text -> {
            parsesOrFailsCleanly(() -> Expr.parse(text));
            parsesOrFailsCleanly(() -> Expr.parse(text, Syntax.OLD));
            parsesOrFailsCleanly(() -> ClassAd.parse(text));
            parsesOrFailsCleanly(() -> ClassAd.parse("[" + text + "]"));
        });
    }

    private static void parsesOrFailsCleanly(Runnable parse) {
        try {
            parse.run();
        } catch (ClassAdParseException e) {
            assertTrue(e.getMessage().matches("(?s)line \\d+, column \\d+: .+"), e::getMessage);
        }
    }

    static void assertMessage(String expectedPrefix, ClassAdParseException e) {
        assertTrue(e.getMessage().startsWith(expectedPrefix),
                () -> "expected a message starting \"" + expectedPrefix + "\" but was \"" + e.getMessage() + "\"");
        assertEquals(e.getMessage(), "line " + e.line() + ", column " + e.column() + ": " + e.problem());
    }
}
