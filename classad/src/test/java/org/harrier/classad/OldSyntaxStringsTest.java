package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Backslashes in old-syntax strings and quoted names, as HTCondor's lexer reads them in its
 * old-ClassAd mode and its unparser writes them. Only a backslash directly before a quote does
 * anything: that pair is a literal quote, unless the quote is followed by a line break or the
 * end of the text, where it closes the string and the backslash stays. Every other backslash,
 * {@code \\} and {@code \n} included, is an ordinary character. Each row was checked against
 * libclassad built from HTCondor's source. The sources are Java literals, so {@code \\} in
 * them is one backslash.
 */
class OldSyntaxStringsTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("reads")
    void oldSyntaxReadsBackslashesAsHTCondorDoes(String description, String source, String newSyntax) {
        assertEquals(newSyntax, Expr.parse(source, Syntax.OLD).unparse(Syntax.NEW));
    }

    static Stream<Arguments> reads() {
        return Stream.of(
                Arguments.of("a backslash before a quote inside the string is a quote",
                        "\"say \\\"hi\\\" now\"", "\"say \\\"hi\\\" now\""),
                Arguments.of("two backslashes stay two backslashes",
                        "\"a\\\\b\"", "\"a\\\\\\\\b\""),
                Arguments.of("backslash n is a backslash and an n, not a line break",
                        "\"a\\nb\"", "\"a\\\\nb\""),
                Arguments.of("backslash t, octal and backslash apostrophe stand for themselves",
                        "\"\\t\\101\\'\"", "\"\\\\t\\\\101\\\\'\""),
                Arguments.of("a backslash and quote at the end of the text end the string with a backslash",
                        "\"ab\\\"", "\"ab\\\\\""),
                Arguments.of("a backslash and quote before a line break end the string with a backslash",
                        "\"ab\\\"\n + \"c\"", "\"ab\\\\\" + \"c\""),
                Arguments.of("a backslash and quote before a carriage return are a quote",
                        "\"ab\\\"\r\"", "\"ab\\\"\\r\""),
                Arguments.of("a backslash and quote before the closing quote are a quote",
                        "\"a\\\"\"", "\"a\\\"\""),
                Arguments.of("a backslash and quote twice are two quotes",
                        "\"a\\\"\\\"b\"", "\"a\\\"\\\"b\""),
                Arguments.of("an escaped quote then a backslash and quote at the end keeps that backslash",
                        "\"a\\\"b\\\"", "\"a\\\"b\\\\\""),
                Arguments.of("a line break inside the quotes is part of the string",
                        "\"line\nbreak\"", "\"line\\nbreak\""),
                Arguments.of("a backslash before a line break is an ordinary character",
                        "\"a\\\nb\"", "\"a\\\\\\nb\""),
                Arguments.of("a quoted name takes a backslash before an apostrophe as an apostrophe",
                        "'a\\'b'", "'a\\'b'"),
                Arguments.of("a quoted name keeps other backslashes",
                        "'a\\b'", "'a\\\\b'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("neverClosed")
    void oldSyntaxStringsThatNeverCloseAreParseErrors(String description, String source) {
        assertThrows(ClassAdParseException.class, () -> Expr.parse(source, Syntax.OLD));
    }

    static Stream<Arguments> neverClosed() {
        return Stream.of(
                Arguments.of("a backslash and quote followed by a space leave the string open",
                        "\"ab\\\" "),
                Arguments.of("a backslash and quote followed by a carriage return leave the string open",
                        "\"ab\\\"\r"),
                Arguments.of("a backslash and quote before an operator leave the string open",
                        "\"ab\\\" + \"c\""),
                Arguments.of("adjacent string literals are not joined",
                        "\"ab\" \"cd\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void oldSyntaxWritesOnlyTheQuoteEscapedAndReadsItBack(String description, String value, String oldSyntax) {
        StringValue string = new StringValue(value);
        assertEquals(oldSyntax, string.unparse(Syntax.OLD));
        assertEquals(string, Expr.parse(oldSyntax, Syntax.OLD));
    }

    static Stream<Arguments> writes() {
        return Stream.of(
                Arguments.of("a quote is written backslash quote", "a\"b", "\"a\\\"b\""),
                Arguments.of("a backslash is written as itself", "a\\b", "\"a\\b\""),
                Arguments.of("a backslash before a quote is written as itself", "a\\\"b", "\"a\\\\\"b\""),
                Arguments.of("backslash n is written as itself", "a\\nb", "\"a\\nb\""),
                Arguments.of("a tab is written raw", "a\tb", "\"a\tb\""),
                Arguments.of("a line break is written raw", "line\nbreak", "\"line\nbreak\""),
                Arguments.of("a quote at the end is written backslash quote", "a\"", "\"a\\\"\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("adLines")
    void oldAdLinesEndAStringAtTheLineBreak(String description, String text, String value) {
        assertEquals(new StringValue(value), ClassAd.parse(text, Syntax.OLD).lookup("A"));
    }

    static Stream<Arguments> adLines() {
        return Stream.of(
                Arguments.of("a backslash and quote ending a line end the string with a backslash",
                        "A = \"C:\\dir\\\"\nB = 1\n", "C:\\dir\\"),
                Arguments.of("so does a backslash and quote ending a CRLF line",
                        "A = \"C:\\dir\\\"\r\nB = 1\r\n", "C:\\dir\\"),
                Arguments.of("a backslash and quote inside a line are a quote",
                        "A = \"say \\\"hi\\\"\"\n", "say \"hi\""));
    }
}
