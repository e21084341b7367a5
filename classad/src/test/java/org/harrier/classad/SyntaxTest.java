package org.harrier.classad;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Literals and names in both syntaxes, as libclassad's lexer reads them (tokenizeNumber,
 * tokenizeAlphaHead, tokenizeString / tokenizeStringOld, convert_escapes) and the manual's
 * "ClassAds: Old and New" describes them.
 */
class SyntaxTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            0                       | 0
            42                      | 42
            -42                     | -42
            0x1F                    | 31
            0X1f                    | 31
            -0x10                   | -16
            0x7fffffffffffffff      | 9223372036854775807
            017                     | 15
            -017                    | -15
            00                      | 0
            0777                    | 511
            9223372036854775807     | 9223372036854775807
            -9223372036854775808    | -9223372036854775808
            3.5                     | 3.5
            .5                      | 0.5
            -.5                     | -0.5
            0.0                     | 0.0
            09.5                    | 9.5
            1e3                     | 1000.0
            1E-3                    | 0.001
            2.5e+2                  | 250.0
            1.5E2                   | 150.0
            0e0                     | 0.0
            2K                      | 2048.0
            2k                      | 2048.0
            1.5M                    | 1572864.0
            1B                      | 1.0
            3G                      | 3221225472.0
            1T                      | 1099511627776.0
            -2K                     | -2048.0
            0x10K                   | 16384.0
            2K + 1                  | 2049.0
            TRUE                    | true
            True                    | true
            tRuE                    | true
            FALSE                   | false
            Undefined               | undefined
            UNDEFINED               | undefined
            ERROR                   | error
            Error                   | error
            """)
    void newSyntaxNumbersAndKeywords(String literal, String expected) {
        assertEquals(expected, eval(literal));
    }

    // Old ClassAds have decimal integers only (libclassad's tokenizeNumber uses base 10 under old
    // semantics), so a leading zero does not make a number octal.
    @ParameterizedTest(name = "old-syntax {0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            017             | 17
            -017            | -17
            0               | 0
            100             | 100
            007.5           | 7.5
            1e2             | 100.0
            true            | true
            """)
    void oldSyntaxIntegersAreDecimal(String literal, String expected) {
        assertEquals(expected, Evaluation.context().evaluate(Expr.parse(literal, Syntax.OLD), ClassAd.EMPTY, null).unparse());
    }

    @ParameterizedTest(name = "new-syntax {0}")
    @MethodSource("newSyntaxStrings")
    void newSyntaxStringsUseCEscapes(String source, String value) {
        assertEquals(new StringValue(value), Expr.parse(source));
    }

    static Stream<Arguments> newSyntaxStrings() {
        return Stream.of(
                Arguments.of("\"\"", ""),
                Arguments.of("\"abc\"", "abc"),
                Arguments.of("\"a\\nb\"", "a\nb"),
                Arguments.of("\"a\\tb\"", "a\tb"),
                Arguments.of("\"a\\\\b\"", "a\\b"),
                Arguments.of("\"a\\\"b\"", "a\"b"),
                Arguments.of("\"a\\'b\"", "a'b"),
                Arguments.of("\"a'b\"", "a'b"),
                Arguments.of("\"a\\?b\"", "a?b"),
                Arguments.of("\"\\a\\b\\f\\r\\v\"", "\u0007\b\f\r\u000b"),
                Arguments.of("\"\\101\"", "A"),
                Arguments.of("\"\\101\\044\\44\\1\"", "A$$\u0001"),
                Arguments.of("\"\\0101\"", "\b1"),
                Arguments.of("\"\\444\"", "$4"),
                Arguments.of("\"\\377\"", "\u00ff"),
                Arguments.of("\"\\q\"", "q"),
                Arguments.of("\"ab\" \"cd\"", "abcd"),
                Arguments.of("\"ab\"\n   \"cd\" \"\"", "abcd"),
                Arguments.of("\"tab\there\"", "tab\there"),
                Arguments.of("\"line\nbreak\"", "line\nbreak"),
                Arguments.of("\"caf\u00e9 \u6f22\u5b57\"", "caf\u00e9 \u6f22\u5b57"));
    }

    // Manual: old Bar = "ab\"cd\ef" is new Bar = "ab\"cd\\ef". In old syntax a backslash escapes
    // only a quote, and \" ending the line ends the string with a backslash (tokenizeStringOld).
    @ParameterizedTest(name = "old-syntax {0}")
    @MethodSource("oldSyntaxStrings")
    void oldSyntaxStringsEscapeOnlyQuotes(String source, String value) {
        assertEquals(new StringValue(value), Expr.parse(source, Syntax.OLD));
    }

    static Stream<Arguments> oldSyntaxStrings() {
        return Stream.of(
                Arguments.of("\"ab\\\"cd\\ef\"", "ab\"cd\\ef"),
                Arguments.of("\"a\\nb\"", "a\\nb"),
                Arguments.of("\"a\\tb\"", "a\\tb"),
                Arguments.of("\"C:\\Temp\\x\"", "C:\\Temp\\x"),
                Arguments.of("\"ab\\\"", "ab\\"),
                Arguments.of("\"\\\\\"", "\\\\"),
                Arguments.of("\"say \\\"hi\\\" now\"", "say \"hi\" now"),
                Arguments.of("\"\"", ""));
    }

    @Test
    void theManualsOldAndNewFormsAreTheSameAd() {
        ClassAd old = ClassAd.parse("Foo = 3\nBar = \"ab\\\"cd\\ef\"\nMoo = Foo =!= Undefined\n");
        ClassAd current = ClassAd.parse("[\nFoo = 3;\nBar = \"ab\\\"cd\\\\ef\";\nMoo = Foo isnt Undefined;\n]");
        assertEquals(current, old);
        assertEquals("[ Foo = 3; Bar = \"ab\\\"cd\\\\ef\"; Moo = Foo =!= undefined ]", old.unparse(Syntax.NEW));
        assertEquals("Foo = 3\nBar = \"ab\\\"cd\\ef\"\nMoo = Foo =!= undefined\n", current.unparse(Syntax.OLD));
    }

    // Single quotes make a name, never a string: [..]['A B'] subscripts by the value of the
    // attribute 'A B' (undefined here), not by the string "A B".
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            'a b'                               | undefined
            [ 'a b' = 3 ].'a b'                 | 3
            [ 'a b' = 3 ]["A B"]                | 3
            [ 'a b' = 3 ]['A B']                | undefined
            [ 'true' = 5 ].'true'               | 5
            [ 'is' = 5; x = 'is' + 1 ].x        | 6
            [ 'a\\'b' = 7 ].'a\\'b'             | 7
            [ a = 4; 'b.##$%' = 5 ]             | `[ a = 4; 'b.##$%' = 5 ]`
            [ 'a' = 4 ]                         | [ a = 4 ]
            1 + /* two */ 2                     | 3
            1 + 2 // three                      | 3
            [ a = 1; /* b = 2; */ c = 3 ]       | [ a = 1; c = 3 ]
            [ attr = a//b\\n ]                  | [ attr = a ]
            [ ;; a = 3;; b = 4;; ]              | [ a = 3; b = 4 ]
            [ a = 1; ]                          | [ a = 1 ]
            []                                  | [  ]
            {}                                  | {  }
            """)
    void quotedNamesCommentsAndSeparators(String expr, String expected) {
        assertEquals(expected, eval(expr.replace("\\n", "\n")));
    }

    // Old ClassAd text: one "Name = expression" per line, # comment lines and blank lines
    // skipped, the last line for a name (in any case) winning.
    @Test
    void oldSyntaxAdsAreOneAttributePerLine() {
        ClassAd ad = ClassAd.parse("""
                # a machine
                MyType       = "Machine"

                  Memory     = 128
                LoadAvg=0.1000
                Requirements = TARGET.Owner=="smith" || LoadAvg<=0.3 && KeyboardIdle>15*60
                memory       = 256
                """);
        assertEquals("[ MyType = \"Machine\"; memory = 256; LoadAvg = 0.1; "
                + "Requirements = TARGET.Owner == \"smith\" || LoadAvg <= 0.3 && KeyboardIdle > 15 * 60 ]",
                ad.unparse(Syntax.NEW));
        assertEquals(ClassAd.parse("A = 1\r\nB = \"x\"\r\n"), ClassAd.parse("[A = 1; B = \"x\"]"));
        assertEquals(ClassAd.EMPTY, ClassAd.parse("# nothing but a comment\n\n"));
        assertEquals(ClassAd.parse("[ x = 1 ]"), ClassAd.parse("  [ x = 1 ]  "));
    }

    @ParameterizedTest(name = "{0} unparses as {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {1,2}                   | { 1,2 }
            { 1 , 2 , 3 }           | { 1,2,3 }
            [a=1;b=2]               | [ a = 1; b = 2 ]
            a+b                     | a + b
            f( x , y )              | f(x,y)
            f()                     | f()
            3.5                     | 3.5
            2.0                     | 2.0
            1E20                    | 1E+20
            1e-5                    | 1E-05
            0.0001                  | 0.0001
            1e15                    | 1000000000000000.0
            1e16                    | 1E+16
            100.0                   | 100.0
            -0.0                    | -0.0
            0x10                    | 16
            017                     | 15
            2k                      | 2K
            a is b                  | a =?= b
            a isnt b                | a =!= b
            TRUE && Undefined       | true && undefined
            (a)                     | (a)
            ((a + b)) * c           | ((a + b)) * c
            !a                      | !a
            - 5                     | - 5
            -5                      | -5
            -x                      | -x
            my.x                    | my.x
            Target.x                | Target.x
            .x                      | .x
            x ? y : z               | x ? y : z
            x ?: y                  | x ?: y
            a[0].b                  | a[0].b
            'a b'                   | 'a b'
            'true'                  | 'true'
            a.'b c'                 | a.'b c'
            "a\\tb\\n"              | "a\\tb\\n"
            "q\\"uote"              | "q\\"uote"
            `{ [a = {1}], "x" }`    | `{ [ a = { 1 } ],"x" }`
            """)
    void newSyntaxUnparseLayout(String expr, String unparsed) {
        assertEquals(unparsed, Expr.parse(expr).unparse());
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            0.1 + 0.2               | 0.30000000000000004
            1.0 / 3                 | 0.3333333333333333
            2.0 * 3                 | 6.0
            1E16 * 10               | 1E+17
            123456789.0 * 10        | 1234567890.0
            {1 + 1, "a"}            | { 2,"a" }
            [a = 1 + 1]             | [ a = 1 + 1 ]
            """)
    void valuesUnparseWithTheShortestExactDigits(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @Test
    void oldSyntaxUnparseEscapesOnlyQuotes() {
        assertEquals("\"ab\\\"cd\\ef\"", Expr.parse("\"ab\\\"cd\\\\ef\"").unparse(Syntax.OLD));
        ClassAd ad = ClassAd.parse("[ A = 1; B = \"x\"; C = { 1,2 }; D = [ e = 1 ]; 'f g' = a + b ]");
        assertEquals("A = 1\nB = \"x\"\nC = { 1,2 }\nD = [ e = 1 ]\n'f g' = a + b\n", ad.unparse(Syntax.OLD));
        assertEquals(ad, ClassAd.parse(ad.unparse(Syntax.OLD), Syntax.OLD));
    }
}
