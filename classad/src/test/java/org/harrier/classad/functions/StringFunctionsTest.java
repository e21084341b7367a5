package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * strcat, join, substr, toUpper/toLower, strcmp/stricmp, split, splitUserName/splitSlotName and
 * the version comparisons. Rows marked "manual" or "functional_tests" are HTCondor's own
 * examples (the manual's function list, libclassad's functional_tests.txt, condor_utils'
 * join test); the rest pin down edge cases as libclassad behaves.
 */
class StringFunctionsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            strcat("", "roy")                          | "roy"
            strcat("alain", "")                        | "alain"
            strcat("alain", "roy")                     | "alainroy"
            strcat(14, " bottles of root beer")        | "14 bottles of root beer"
            strcat()                                   | ""
            strcat("a")                                | "a"
            strcat(1, 2)                               | "12"
            strcat(1.5, true, false, -3)               | "1.5truefalse-3"
            strcat("x", {1, 2})                        | "x{ 1,2 }"
            strcat("a", undefined)                     | undefined
            strcat("a", error)                         | error
            strcat(undefined, error)                   | undefined
            strcat(error, undefined)                   | error
            StrCat("case", "less")                     | "caseless"
            """)
    void strcatConcatenatesTheStringFormOfEveryArgument(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @Test
    void strcatBuildsAnAttributeNameAsTheManualsEvalExampleDoes() {
        assertEquals("\"slot15_State\"", eval("strcat(\"slot\", SlotID + 10, \"_State\")", "[ SlotID = 5 ]"));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            join(", ", "a", "b", "c")                  | "a, b, c"
            join(split("a b c"))                       | "abc"
            join(";", split("a b c"))                  | "a;b;c"
            join()                                     | ""
            join(0, 1, 2, 3)                           | "10203"
            join("aa")                                 | ""
            join("BB", "aa")                           | "aa"
            join("BB", "aa", "aa")                     | "aaBBaa"
            join({"aa", "bb", "cc"})                   | "aabbcc"
            join(undefined)                            | undefined
            join(undefined, "aa")                      | "aa"
            join("aa", undefined)                      | undefined
            join("aa", undefined, "BB")                | "BB"
            join("aa", "BB", undefined)                | "BB"
            join("aa", undefined, "BB", "BB")          | "BBaaBB"
            join("aa", "BB", undefined, "BB")          | "BBaaBB"
            join("-", {1, undefined, 2.5})             | "1-2.5"
            join("-", {})                              | ""
            join({})                                   | ""
            join(1, {2, 3})                            | "213"
            join("-", "a", {1, 2})                     | "a-{ 1,2 }"
            join(",", error)                           | error
            join(error, "a")                           | error
            join("-", {1, error})                      | error
            join(error)                                | error
            """)
    void joinPutsTheSeparatorBetweenTheOtherArgumentsAndSkipsUndefinedOnes(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            substr("abcde", 1)                         | "bcde"
            substr("abcde", 4)                         | "e"
            substr("abcde", 5)                         | ""
            substr("abcde", 1, 2)                      | "bc"
            substr("abcde", 4, 2)                      | "e"
            substr("abcde", -2)                        | "de"
            substr("abcde", -2, 1)                     | "d"
            substr("abcde", 1, -1)                     | "bcd"
            substr("abcde", -3, -1)                    | "cd"
            substr("abcde", 0, 0)                      | ""
            substr("abcde", 2, 0)                      | ""
            substr("abcde", 1, 100)                    | "bcde"
            substr("abcde", 9)                         | ""
            substr("abcde", 9, -1)                     | ""
            substr("abcde", -9)                        | "abcde"
            substr("abcde", -7, 3)                     | "abc"
            substr("abcde", -9, 2)                     | "ab"
            substr("abcde", 0, -9)                     | ""
            substr("", 0)                              | ""
            substr("abcde", 9223372036854775807, 9223372036854775807) | ""
            substr("abc")                              | error
            substr("abc", 1, 2, 3)                     | error
            substr(12345, 1)                           | error
            substr("abc", 1.0)                         | error
            substr("abc", "1")                         | error
            substr("abc", true)                        | error
            substr("abc", 1, 1.5)                      | error
            substr(undefined, 1)                       | undefined
            substr("abc", undefined)                   | undefined
            substr("abc", 0, undefined)                | undefined
            substr(undefined, error)                   | undefined
            substr(error, 1)                           | error
            substr("abc", error)                       | error
            """)
    void substrTakesPerlLikeOffsetsAndKeepsThePartInsideTheString(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // libclassad clamps a negative offset that reaches before the start to 0 first, and only
    // then counts the length from there: substr("abc", -5, 2) is "ab", not the "" of a window
    // [-2, 0) cut down to the string. A length <= 0 still counts from the end of the string.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            substr("abc", -5)                          | "abc"
            substr("abc", -3)                          | "abc"
            substr("abc", -5, 2)                       | "ab"
            substr("abc", -4, 1)                       | "a"
            substr("abc", -5, 3)                       | "abc"
            substr("abc", -5, 10)                      | "abc"
            substr("abc", -5, 0)                       | ""
            substr("abc", -5, -1)                      | "ab"
            substr("abc", -5, -3)                      | ""
            substr("abc", -5, -9)                      | ""
            substr("abc", -3, 2)                       | "ab"
            substr("abc", -1, 5)                       | "c"
            substr("abc", 1, -2)                       | ""
            substr("abc", 1, -5)                       | ""
            substr("abc", 3)                           | ""
            substr("abc", 3, 1)                        | ""
            substr("abc", 5, 1)                        | ""
            substr("abc", 5, -1)                       | ""
            substr("", -1, 1)                          | ""
            """)
    void substrClampsAnOffsetBeforeTheStartToTheStartBeforeCountingTheLength(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // libclassad reads the offset and length into C ints, keeping their low 32 bits, so
    // 4294967297 (2^32 + 1) is an offset of 1 and 2147483648 (2^31) one of -2^31.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            substr("abc", 4294967297)                  | "bc"
            substr("abc", 2147483648)                  | "abc"
            substr("abc", -2147483649)                 | ""
            substr("abc", -2147483648, 2)              | "ab"
            substr("abc", 4294967296, -1)              | "ab"
            substr("abc", 0, 4294967296)               | ""
            substr("abc", 0, 4294967295)               | "ab"
            substr("abc", 0, 4294967298)               | "ab"
            substr("abc", 1, 2147483648)               | ""
            substr("abc", 2147483647, -1)              | ""
            """)
    void substrKeepsOnlyTheLow32BitsOfItsOffsetAndLength(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            tolower("ALAIN")                           | "alain"
            toupper("alain")                           | "ALAIN"
            tolower(true)                              | "true"
            toupper(true)                              | "TRUE"
            toUpper(1.5)                               | "1.5"
            toLower("MiXeD 123 _!")                    | "mixed 123 _!"
            toUpper("straße é")                        | "STRAßE é"
            toUpper("")                                | ""
            toLower({"A"})                             | "{ \\"a\\" }"
            toUpper(undefined)                         | undefined
            toLower(error)                             | error
            toUpper()                                  | error
            toLower("a", "b")                          | error
            """)
    void toUpperAndToLowerChangeOnlyAsciiLettersOfTheStringForm(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            strcmp("alain", "roy") < 0                 | true
            strcmp("roy", "alain") > 0                 | true
            strcmp("alain", "alain")                   | 0
            stricmp("alain", "ALAIN")                  | 0
            stricmp("alain", "roy") < 0                | true
            strcmp("alain", "roy")                     | -1
            strcmp("roy", "alain")                     | 1
            strcmp("a", "A")                           | 1
            strcmp("_", "A")                           | 1
            stricmp("_", "A")                          | -1
            strcmp("ab", "abc")                        | -1
            strcmp("", "")                             | 0
            strcmp(10, 9)                              | -1
            strcmp(1, "1")                             | 0
            stricmp(true, "TRUE")                      | 0
            strcmp("é", "z")                           | 1
            strcmp(undefined, "a")                     | undefined
            stricmp("a", undefined)                    | undefined
            strcmp("a", error)                         | error
            strcmp(error, undefined)                   | undefined
            strcmp("a")                                | error
            stricmp("a", "b", "c")                     | error
            """)
    void strcmpAndStricmpCompareStringFormsGivingMinusOneZeroOrOne(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            split("a b c")                             | { "a","b","c" }
            split("a, b,c")                            | { "a","b","c" }
            split("a ,b")                              | { "a","b" }
            split("a,,b")                              | { "a","","b" }
            split("a, ,b")                             | { "a","","b" }
            split(" a  b ")                            | { "a","b" }
            split(",a")                                | { "a" }
            split(",,a")                               | { "","a" }
            split("a,")                                | { "a" }
            split("")                                  | {  }
            split("a\\tb")                             | { "a","b" }
            split("a\\nb")                             | { "a\\nb" }
            split("a:b::c", ":")                       | { "a","b","","c" }
            split("a;b c", ";")                        | { "a","b c" }
            split("a:b", "")                           | { "a:b" }
            split("abc", "xyz")                        | { "abc" }
            split(1)                                   | error
            split("a", 1)                              | error
            split(undefined)                           | error
            split("a", undefined)                      | error
            split(error)                               | error
            split()                                    | error
            split("a", "b", "c")                       | error
            """)
    void splitBreaksAtSeparatorCharactersDroppingEmptyPieces(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            splitUserName("user@domain")               | { "user","domain" }
            splitUserName("username")                  | { "username","" }
            splitSlotName("slot1@machine")             | { "slot1","machine" }
            splitSlotName("machinename")               | { "","machinename" }
            splitUserName("a@b@c")                     | { "a","b@c" }
            splitSlotName("@x")                        | { "","x" }
            splitUserName("")                          | { "","" }
            splitUserName(undefined)                   | error
            splitSlotName(1)                           | error
            splitUserName(error)                       | error
            splitUserName()                            | error
            splitSlotName("a", "b")                    | error
            """)
    void splitUserNameAndSplitSlotNameCutAtTheFirstAtSign(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            versioncmp("7.x", "7.y") < 0               | true
            versioncmp("7.9", "7.10") < 0              | true
            versioncmp("7.10", "7.9") > 0              | true
            versioncmp("1.2.3", "1.2.3")               | 0
            versioncmp("a", "b")                       | -1
            versioncmp("a", "c")                       | -2
            versioncmp("8.10.0", "8.9.11") > 0         | true
            versioncmp("1.0", "1.0.1") < 0             | true
            versioncmp(7, 10) < 0                      | true
            versioncmp(undefined, "1")                 | undefined
            versioncmp("1", error)                     | error
            versioncmp(error, undefined)               | undefined
            versioncmp("1")                            | error
            versioncmp("1", "2", "3")                  | error
            versionGT("8.10.1", "8.9.1")               | true
            versionGT("8.9.1", "8.10.1")               | false
            versionLT("8.9.1", "8.10.1")               | true
            versionLT("8.9.1", "8.9.1")                | false
            versionGE("1.0", "1.0")                    | true
            versionGE("0.9", "1.0")                    | false
            versionLE("1.0", "1.0")                    | true
            versionLE("1.1", "1.0")                    | false
            versionEQ("1.0", "1.0")                    | true
            versionEQ("1.0", "1.00")                   | false
            versiongt("2", "1")                        | true
            VERSIONLE("1", "2")                        | true
            versionGT(undefined, "1")                  | undefined
            versionEQ("1", error)                      | error
            versionLT("1")                             | error
            version_in_range("8.9.1", "8.8.0", "8.10.0") | true
            version_in_range("8.7.9", "8.8.0", "8.10.0") | false
            version_in_range("8.11", "8.8.0", "8.10.0")  | false
            version_in_range("1", "1", "1")            | true
            version_in_range(9, 8, 10)                 | true
            version_in_range(undefined, "1", "2")      | error
            version_in_range("1.5", undefined, "2")    | undefined
            version_in_range("1.5", "1", undefined)    | undefined
            version_in_range("1.5", error, "2")        | error
            version_in_range("1.5", "1")               | error
            """)
    void versionFunctionsCompareNumbersInsideStringsByValue(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** Manual, versioncmp: "the following sequence is in order: 000, 00, 01, 010, 09, 0, 1, 9, 10". */
    @ParameterizedTest(name = "versionLT(\"{0}\", \"{1}\")")
    @CsvSource(delimiter = '|', textBlock = """
            000 | 00
            00  | 01
            01  | 010
            010 | 09
            09  | 0
            0   | 1
            1   | 9
            9   | 10
            """)
    void theManualsVersionSequenceIsInOrderPairByPair(String earlier, String later) {
        assertEquals("true", eval("versionLT(\"" + earlier + "\", \"" + later + "\")"));
        assertEquals("true", eval("versionGT(\"" + later + "\", \"" + earlier + "\")"));
    }

    @Test
    void sortingWithVersioncmpRestoresTheManualsSequence() {
        List<String> expected = List.of("000", "00", "01", "010", "09", "0", "1", "9", "10");
        List<String> shuffled = new ArrayList<>(expected);
        Collections.shuffle(shuffled, new Random(7));
        shuffled.sort((a, b) -> Integer.parseInt(eval("versioncmp(\"" + a + "\", \"" + b + "\")")));
        assertEquals(expected, shuffled);
    }
}
