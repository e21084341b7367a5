package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.quicktheories.core.Gen;

/**
 * envV1ToV2 and mergeEnvironment. V1 is {@code A=1;B=2}; V2 is {@code A=1 B='x y'} with
 * {@code ''} for a quote inside quotes. Output lists variables sorted by name and quotes only
 * the blanks and quotes themselves ({@code B=x' 'y}), as HTCondor writes it. A V1 string that
 * starts with one of {@code !#$%&*+,-/:;<>?@^`|~} takes that character as its delimiter, which
 * is why {@code "$$(FOO)"} alone is not a valid V1 environment.
 */
class EnvironmentFunctionsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            envV1ToV2("A=1;B=2")                       | "A=1 B=2"
            envV1ToV2("B=2;A=1")                       | "A=1 B=2"
            envV1ToV2("")                              | ""
            envV1ToV2("A=1")                           | "A=1"
            envV1ToV2("A=")                            | "A="
            envV1ToV2("A=b=c")                         | "A=b=c"
            envV1ToV2("A=1;A=2")                       | "A=2"
            envV1ToV2("a=1;A=2")                       | "A=2 a=1"
            envV1ToV2("A=x y;B=z")                     | "A=x' 'y B=z"
            envV1ToV2("A=two  spaces")                 | "A=two'  'spaces"
            envV1ToV2("A=it's")                        | "A=it''''s"
            envV1ToV2("A=1 ;B=2")                      | "A=1' ' B=2"
            envV1ToV2("  A=1;  B=2")                   | "A=1 B=2"
            envV1ToV2("A=1\\nB=2")                     | "A=1 B=2"
            envV1ToV2("A=1;;B=2;")                     | "A=1 B=2"
            envV1ToV2(";A=1;B=2")                      | "A=1 B=2"
            `envV1ToV2("|A=1|B=x;y")`                  | "A=1 B=x;y"
            envV1ToV2("#A=1#B=2")                      | "A=1 B=2"
            envV1ToV2("PATH=/bin:/usr/bin;HOME=/home/u") | "HOME=/home/u PATH=/bin:/usr/bin"
            envV1ToV2(";$$(FOO)")                      | "$$(FOO)"
            envV1ToV2("$$(FOO)")                       | error
            envV1ToV2("A=1;$$(X);B=2")                 | "$$(X) A=1 B=2"
            envV1ToV2("A")                             | error
            envV1ToV2("=1")                            | error
            envV1ToV2("A=1;junk")                      | error
            envV1ToV2(undefined)                       | undefined
            envV1ToV2(error)                           | error
            envV1ToV2(1)                               | error
            envV1ToV2({"A=1"})                         | error
            envV1ToV2()                                | error
            envV1ToV2("A=1", "B=2")                    | error
            """)
    void envV1ToV2RewritesTheOldSyntaxInTheNew(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            mergeEnvironment("A=1 B=2", "B=3 C=4")     | "A=1 B=3 C=4"
            mergeEnvironment("C=1", "B=2", "A=3")      | "A=3 B=2 C=1"
            mergeEnvironment()                         | ""
            mergeEnvironment("")                       | ""
            mergeEnvironment(undefined)                | ""
            mergeEnvironment(undefined, "A=1")         | "A=1"
            mergeEnvironment("A=1", undefined)         | "A=1"
            mergeEnvironment("A='x y'")                | "A=x' 'y"
            mergeEnvironment("'A=x y'")                | "A=x' 'y"
            mergeEnvironment("A='it''s'")              | "A=it''''s"
            mergeEnvironment("A=x'y z'")               | "A=xy' 'z"
            mergeEnvironment("A=''")                   | "A="
            mergeEnvironment("  A=1   B=2  ")          | "A=1 B=2"
            mergeEnvironment("A=1\\tB=2\\nC=3")        | "A=1 B=2 C=3"
            mergeEnvironment("A=1;B=2")                | "A=1;B=2"
            mergeEnvironment("A=1=2")                  | "A=1=2"
            mergeEnvironment("$$(X) A=1")              | "$$(X) A=1"
            mergeEnvironment(envV1ToV2("A=1;B=2"), "B=3") | "A=1 B=3"
            mergeEnvironment("A='x")                   | error
            mergeEnvironment("A")                      | error
            mergeEnvironment("''")                     | error
            mergeEnvironment("=1")                     | error
            mergeEnvironment("A=1", 2)                 | error
            mergeEnvironment("A=1", error)             | error
            mergeEnvironment(error, undefined)         | error
            mergeEnvironment({"A=1"})                  | error
            """)
    void mergeEnvironmentCombinesV2EnvironmentsTheLastValueWinning(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** The idiom compat_classad.cpp documents: either attribute may be missing. */
    @ParameterizedTest(name = "in {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            [ Env = "A=1;B=2" ]                        | "A=1 B=2 FOO=BAR"
            [ Environment = "B=3 C='x y'" ]            | "B=3 C=x' 'y FOO=BAR"
            [ Env = "A=1;B=2"; Environment = "B=3" ]   | "A=1 B=3 FOO=BAR"
            [ ]                                        | "FOO=BAR"
            """)
    void mergeEnvironmentOfEnvAndEnvironmentWorksWhicheverTheJobHas(String ad, String expected) {
        assertEquals(expected, eval("mergeEnvironment(envV1ToV2(Env), Environment, \"FOO=BAR\")", ad));
    }

    @Test
    void anyEnvironmentSurvivesWritingAndReadingBackItsV2Text() {
        Gen<String> names = strings().basicLatinAlphabet().ofLengthBetween(1, 6).assuming(s -> s.indexOf('=') < 0);
        Gen<String> values = strings().basicLatinAlphabet().ofLengthBetween(0, 8);
        Gen<List<String>> entries = lists().of(names.zip(values, (n, v) -> n + "=" + v)).ofSizeBetween(0, 6);
        qt().forAll(entries).checkAssert(list -> {
            Map<String, String> expected = new TreeMap<>();
            StringBuilder quoted = new StringBuilder();
            for (String entry : list) {
                int eq = entry.indexOf('=');
                expected.put(entry.substring(0, eq), entry.substring(eq + 1));
                quoted.append(" '").append(entry.replace("'", "''")).append('\'');
            }
            EnvironmentVariables first = new EnvironmentVariables();
            assertTrue(first.mergeV2(quoted.toString()));
            EnvironmentVariables reread = new EnvironmentVariables();
            assertTrue(reread.mergeV2(first.toV2()));
            assertEquals(expected, reread.variables());
            assertEquals(first.toV2(), reread.toV2());
        });
    }
}
