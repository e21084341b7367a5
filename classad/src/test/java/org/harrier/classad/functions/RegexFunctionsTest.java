package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * regexp, regexps, replace, replaceAll, regexpMember and stringList_regexpMember. Patterns are
 * PCRE syntax; in these tables a ClassAd {@code "\\1"} (backslash, one) is written {@code "\\\\1"}
 * because the Java text block takes one level of backslashes first.
 */
class RegexFunctionsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            regexp("Alain.*Roy", "Alain Aslag Roy")    | true
            regexp("alain.*roy", "Alain Aslag Roy")    | false
            regexp("alain.*roy", "Alain Aslag Roy", "i") | true
            regexp("ALAIN", "alain", "I")              | true
            regexp("b", "abc")                         | true
            regexp("^b", "abc")                        | false
            regexp("^abc$", "abc")                     | true
            regexp("c$", "abc\\n")                     | true
            regexp("^b", "a\\nb")                      | false
            regexp("^b", "a\\nb", "m")                 | true
            regexp("^b", "a\\nb", "M")                 | true
            regexp("a.b", "a\\nb")                     | false
            regexp("a.b", "a\\nb", "s")                | true
            regexp("a.b", "a\\nb", "S")                | true
            regexp("a.c", "a\\rc")                     | true
            regexp("a b", "ab", "x")                   | true
            regexp("a b", "ab", "X")                   | true
            regexp("a b", "ab")                        | false
            regexp("a[ ]b", "a b", "x")                | true
            regexp("a[ ]b", "a b")                     | true
            regexp("a[\\t]b", "a\\tb")               | true
            regexp("a[#]b", "a#b", "x")                | true
            regexp("a#comment\\nb", "ab", "x")         | true
            regexp("\\\\d+", "x42")                    | true
            regexp("\\\\bword\\\\b", "a word here")    | true
            regexp("colou?r", "color")                 | true
            regexp("(ab)+$", "xabab")                  | true
            regexp("a", "b", "zq")                     | false
            regexp("", "")                             | true
            Regexp("A", "a", "i")                      | true
            """)
    void regexpSearchesTheTargetForThePattern(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            regexp("[[:digit:]]+", "abc123")           | true
            regexp("^[[:alpha:]]+$", "abc1")           | false
            regexp("^[[:alnum:]_]+$", "abc_1")         | true
            regexp("[[:^digit:]]", "123")              | false
            regexp("[[:space:]]", "a\\tb")             | true
            regexp("^[[:upper:]]", "Abc")              | true
            regexp("[[:xdigit:]]{2}", "zz0fzz")        | true
            regexp("[[:punct:]]", "abc")               | false
            regexp("[[:word:]]", "!")                  | false
            regexp("[[:foo:]]", "a")                   | error
            regexp("a{", "a{")                         | true
            regexp("a{x}", "a{x}")                     | true
            regexp("a{,2}", "a{,2}")                   | true
            regexp("^a{2}$", "aa")                     | true
            regexp("^a{2,}$", "aaaa")                  | true
            regexp("^a{1,2}$", "aaa")                  | false
            regexp("(?P<x>a)(?P=x)", "aa")             | true
            regexp("(?<x>a)\\\\k<x>", "aa")            | true
            regexp("a(?#a comment)b", "ab")            | true
            regexp("\\\\Qa.b\\\\E", "axb")             | false
            regexp("\\\\Qa.b\\\\E", "a.b")             | true
            regexp("[\\\\Q]\\\\E]", "]")               | true
            regexp("[a[]", "[")                        | true
            regexp("[a&&b]", "&")                      | true
            regexp("[]a]", "]")                        | true
            regexp("[^]a]", "]")                       | false
            regexp("(?i)abc", "ABC")                   | true
            regexp("a(?=b)", "ab")                     | true
            regexp("(?<!x)b", "ab")                    | true
            regexp("a++b", "aab")                      | true
            """)
    void pcreSyntaxThatJavaReadsDifferentlyMeansWhatPcreMeans(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            regexp("(", "x")                           | error
            regexp("a)", "x")                          | error
            regexp("[a", "x")                          | error
            regexp("*a", "x")                          | error
            regexp("a\\\\", "x")                       | error
            regexp("(?P>x)", "x")                      | error
            regexp("a{65536}", "a")                    | error
            regexp("a{1,65536}", "a")                  | error
            regexp("a{65535}", "a")                    | false
            regexp(1, "1")                             | error
            regexp("1", 1)                             | error
            regexp("a", "a", 1)                        | error
            regexp("a", {"a"})                         | error
            regexp(undefined, "a")                     | undefined
            regexp("a", undefined)                     | undefined
            regexp("a", "a", undefined)                | undefined
            regexp("a", undefined, 5)                  | undefined
            regexp(error, "a")                         | error
            regexp(undefined, error)                   | error
            regexp("a", "a", error)                    | error
            regexp("a")                                | error
            regexp("a", "b", "c", "d")                 | error
            """)
    void regexpIsErrorForABadPatternOrArgumentAndUndefinedForAnUndefinedOne(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            regexps("[abc]*([def]*)[ghi]*", "aaaabbbbcccccdddeeefffggghhhiii", "\\\\1") | "dddeeefff"
            regexps("[abc]*([def]*)[ghi]*", "abcdefghi", "\\\\0") | "abcdefghi"
            regexps("[abc]*([def]*)[ghi]*", "abcdefghi", "\\\\2") | error
            regexps("[abc]*([def]*)[ghi]*", "NO", "\\\\0") | ""
            regexps("b+", "abbbc", "<\\\\0>")          | "<bbb>"
            regexps("b+", "abbbc", "<\\\\0>", "f")     | "a<bbb>c"
            regexps("b+", "abbbc", "<\\\\0>", "F")     | "a<bbb>c"
            regexps("b", "abcb", "X", "g")             | "XX"
            regexps("b", "abcb", "X", "fg")            | "aXcX"
            regexps("b", "abcb", "X", "GF")            | "aXcX"
            regexps("x", "abc", "X")                   | ""
            regexps("x", "abc", "X", "f")              | "abc"
            `regexps("(a)|(b)", "b", "[\\\\1][\\\\2]")` | "[][b]"
            `regexps("(a)|(b)", "a", "[\\\\1][\\\\2]")` | error
            regexps("(b)", "abc", "\\\\n\\\\1")        | "\\\\nb"
            regexps("(a)", "a", "\\\\10")              | "a0"
            regexps("a", "a", "\\\\")                  | "\\\\"
            regexps("a", "a", "$0 $1 \\\\$")           | "$0 $1 \\\\$"
            regexps("(\\\\w+)@(\\\\w+)", "mail alice@example now", "\\\\2 for \\\\1") | "example for alice"
            regexps("B", "abc", "x", "i")              | "x"
            regexps("a", "b")                          | error
            regexps("a", "a", "b", "c", "d")           | error
            regexps(1, "a", "b")                       | error
            regexps("a", 1, "b")                       | error
            regexps("a", "a", 1)                       | error
            regexps("a", "a", "b", 1)                  | error
            regexps(undefined, "a", "b")               | undefined
            regexps("a", "a", undefined)               | undefined
            regexps("a", "a", "b", undefined)          | undefined
            regexps("a", "a", error)                   | error
            regexps(undefined, "a", "b", error)        | error
            regexps("(", "a", "b")                     | error
            """)
    void regexpsReturnsTheSubstituteWithGroupsFilledIn(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            replace("o", "foo", "0")                   | "f0o"
            replaceAll("o", "foo", "0")                | "f00"
            replaceall("o", "foo", "0")                | "f00"
            replace("x", "foo", "0")                   | "foo"
            replaceAll("x", "foo", "0")                | "foo"
            replaceAll("(\\\\w+)@(\\\\w+)", "alice@a bob@b", "\\\\2:\\\\1") | "a:alice b:bob"
            replaceAll("O", "foo", "0", "i")           | "f00"
            replace("a", "aaa", "b", "g")              | "bbb"
            replaceAll("x*", "ab", "-")                | "-a-b-"
            replaceAll("", "", "x")                    | "x"
            replaceAll("^", "a\\nb", ">", "m")         | ">a\\n>b"
            replaceAll("\\\\s+", " a  b ", " ")        | " a b "
            replace("(a)(b)?", "ac", "[\\\\2]")        | error
            replace(undefined, "a", "b")               | undefined
            replaceAll("a", 1, "b")                    | error
            replace("a", "b")                          | error
            replaceAll("a", "b", "c", "d", "e")        | error
            """)
    void replaceAndReplaceAllKeepTheRestOfTheTarget(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            regexpMember("b.*", {})                    | false
            regexpMember("b.*", {"aa"})                | false
            regexpMember("b.*", {"aa", "bb"})          | true
            regexpMember("b.*", {"bb", "aa"})          | true
            regexpMember("b.*", {1, "bb"})             | error
            regexpMember("b.*", {"bb", 1})             | true
            regexpMember("b.*", {undefined, "aa"})     | undefined
            regexpMember("b.*", {undefined, "bb"})     | true
            regexpMember("b.*", {"aa", error})         | error
            regexpMember("B.*", {"bb"}, "i")           | true
            regexpMember("^b$", {"abc", "b"})          | true
            regexpMember("(", {"a"})                   | error
            regexpMember("(", {})                      | error
            regexpMember("b", "bb")                    | error
            regexpMember(1, {"a"})                     | error
            regexpMember("a", {"a"}, 1)                | error
            regexpMember(undefined, {"a"})             | undefined
            regexpMember("a", undefined)               | undefined
            regexpMember("a", {"a"}, undefined)        | undefined
            regexpMember("a", error)                   | error
            regexpMember("a")                          | error
            regexpMember("a", {"a"}, "i", "x")         | error
            """)
    void regexpMemberMatchesAnyStringOfAList(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringList_regexpMember("^b", "a, b, c")   | true
            stringList_regexpMember("^d", "a, b, c")   | false
            stringList_regexpMember("^a b$", "x,a b", ",") | true
            stringList_regexpMember("b", "a;b", ";")   | true
            stringList_regexpMember("B", "a b", " ", "i") | true
            stringList_regexpMember("B", "a b", " ", "") | false
            stringList_regexpMember("^b", "")          | undefined
            stringList_regexpMember("^b", " , ")       | undefined
            stringList_regexpMember("(", "a")          | error
            stringList_regexpMember("(", "")           | error
            stringList_regexpMember(undefined, "a")    | error
            stringList_regexpMember("a", undefined)    | error
            stringList_regexpMember(1, "a")            | error
            stringList_regexpMember("a", "a", 1)       | error
            stringList_regexpMember("a", "a", ",", 1)  | error
            stringList_regexpMember("a", error)        | error
            stringList_regexpMember("a")               | error
            stringList_regexpMember("a", "b", "c", "d", "e") | error
            """)
    void stringListRegexpMemberMatchesAnyItemOfAStringList(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /**
     * The manual's example of a pattern that backtracks exponentially. java.util.regex (since
     * JDK 9) memoizes greedy loops, so this one is answered at once, and correctly.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "regexp(\"(a+)+b\", \"%s\")",
            "regexp(\"^(a|aa)+$\", \"%sb\")",
            "regexpMember(\"(a+)+b\", {\"%s\"})",
            "stringList_regexpMember(\"(a+)+b\", \"%s\")",
    })
    void theClassicExponentialPatternFinishesWithAValue(String template) {
        assertEquals("false", eval(String.format(template, "a".repeat(40))));
    }

    /** Patterns the memoization cannot help: the work bound stops them and the value is error. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "regexp(\"(.*a){25}b\", \"%s\")",
            "regexp(\"((a+)+)\\\\1b\", \"%s\")",
            "regexps(\"(.*a){25}b\", \"%s\", \"x\")",
            "replaceAll(\"(.*a){25}b\", \"%s\", \"x\")",
            "regexpMember(\"(.*a){25}b\", {\"x\", \"%s\"})",
            "stringList_regexpMember(\"(.*a){25}b\", \"x, %s\")",
    })
    void backtrackingPastTheWorkBoundEndsInErrorInsteadOfHanging(String template) {
        assertEquals("error", eval(String.format(template, "a".repeat(40))));
    }

    /** Iterations that read nothing are not counted as reads; such a pattern is refused outright. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "regexp(\"(?:(?:){65535}){65535}\", \"\")",
            "regexp(\"(?:\\\\b{60000}){60000}\", \"a\")",
            "regexps(\"(?:(?:^){4000}){4000}\", \"x\", \"y\")",
    })
    void aPatternThatCouldSpinWithoutReadingIsError(String expr) {
        assertEquals("error", eval(expr));
    }

    @ParameterizedTest(name = "{0} may take {1} steps without reading")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            abc                                        | 0
            (a+)+b                                     | 0
            ^abc$                                      | 2
            \\bword\\b                                 | 2
            (?i)abc                                    | 1
            (?=a)b                                     | 1
            (a?){5}                                    | 5
            (?:\\b){7}                                 | 7
            `(?:(?:){1000}|a)*b`                       | 1000
            (?:(?:){3000}){3000}                       | 9000000
            (?:a(?:){10}){1000}                        | 10
            [(){}]{3}                                  | 0
            """)
    void theWorkEstimateCountsOnlyStepsThatReadNothing(String javaPattern, long steps) {
        assertEquals(steps, RegexWorkEstimate.emptySteps(javaPattern, false));
    }

    @Test
    void aLongTargetIsNotCutShortByTheWorkBound() {
        String target = "a".repeat(200_000) + "b";
        assertEquals("true", eval("regexp(\"a+b$\", \"" + target + "\")"));
        assertEquals("\"" + "a".repeat(200_000) + "c\"", eval("replaceAll(\"b\", \"" + target + "\", \"c\")"));
    }

    @Test
    void aMatchTooDeepForTheStackGivesAValueNotACrash() {
        String target = "ab".repeat(500_000);
        assertTrue(Set.of("error", "false").contains(eval("regexp(\"^(a|b)*c\", \"" + target + "\")")));
    }
}
