package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The stringList* family. The member and subset-match tables are HTCondor's own
 * (condor_utils' classad function tests), evaluated in the same ad; {@code missing} and
 * {@code un} are attributes the ad does not have.
 */
class StringListFunctionsTest {
    /** The ad HTCondor's stringListMember and stringListSubsetMatch tests evaluate in. */
    private static final String LISTS = """
            [ l3 = {"aa", "bb", "cc"};
              sl3 = "aa bb cc";
              sl3c = "cc,bb,aa";
              sl3ce = "cc,bb,aa,,";
              sl3ws = "cc, BB, , aa";
              sl2b = "bb,aa";
              A = "aa";
              B = "BB";
              com = ",";
              sp = " ";
              empty = "" ]
            """;

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringListSize("a,b,c")                    | 3
            stringListSize("a b c")                    | 3
            stringListSize("a, b ,, c")                | 3
            stringListSize("")                         | 0
            stringListSize(" , ,")                     | 0
            stringListSize("a;b;c", ";")               | 3
            stringListSize("a; b c ;", ";")            | 2
            stringListSize("a\\tb")                    | 1
            stringListSize("a b", "")                  | 1
            stringListSize(1)                          | error
            stringListSize(undefined)                  | error
            stringListSize(error)                      | error
            stringListSize("a", 1)                     | error
            stringListSize("a", undefined)             | error
            stringListSize()                           | error
            stringListSize("a", ",", "x")              | error
            """)
    void stringListSizeCountsTheNonEmptyItems(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringListSum("1,2,3")                     | 6
            stringListSum("1, 2.5")                    | 3.5
            stringListSum("1.0")                       | 1.0
            stringListSum("-1 -2")                     | -3
            stringListSum("+5")                        | 5
            stringListSum("1e2")                       | 100.0
            stringListSum("0x10")                      | 16.0
            stringListSum(".5, 5.")                    | 5.5
            stringListSum("1,2abc")                    | 3.0
            stringListSum("inf")                       | real("INF")
            stringListSum("1;2", ";")                  | 3
            stringListSum("")                          | 0.0
            stringListSum(" ")                         | 0.0
            stringListSum("1,x")                       | error
            stringListSum("+-1")                       | error
            stringListSum(".")                         | error
            stringListSum(1)                           | error
            stringListSum(undefined)                   | error
            stringListSum("1", 2)                      | error
            stringListSum()                            | error
            stringListAvg("1,2,3,4")                   | 2.5
            stringListAvg("2,4")                       | 3.0
            stringListAvg("1.5")                       | 1.5
            stringListAvg("")                          | 0.0
            stringListAvg("a")                         | error
            stringListAvg(error)                       | error
            stringListMin("3,1,2")                     | 1
            stringListMax("3,1,2")                     | 3
            stringListMin("1.5,2")                     | 1.5
            stringListMax("1,2.5")                     | 2.5
            stringListMin("-1.5, -2")                  | -2.0
            stringListMax("-1,-2")                     | -1
            stringListMin("7")                         | 7
            stringListMin("")                          | undefined
            stringListMax(", ,")                       | undefined
            stringListMax("x")                         | error
            stringListMin(undefined)                   | error
            stringListMax("1", "2", "3")               | error
            """)
    void stringListSummariesReadEveryItemAsANumber(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringListMember(a, sl3)                   | true
            stringListMember(B, sl3)                   | false
            stringListIMember(B, sl3)                  | true
            stringListMember(missing, sl3)             | false
            stringListMember(B, sl3ws)                 | true
            stringListMember(B, sl3ws, com)            | true
            stringListMember(sp, sl3ws, com)           | false
            stringListMember(empty, sl3ws, com)        | false
            stringListIMember(missing, sl3)            | false
            stringListMember()                         | error
            stringListMember(a, l3)                    | error
            stringListMember(a, b, A, B)               | error
            stringListMember("", sl3c)                 | false
            stringListMember("", sl3ce)                | false
            stringListMember(un, sl3ce)                | false
            stringListMember(un, un)                   | undefined
            stringListMember(un, empty)                | false
            stringListMember(empty, un)                | false
            stringListMember(empty, empty)             | false
            stringListMember(b, join(com, l3))         | false
            stringListMember(b, toupper(join(com, l3))) | true
            stringListIMember(b, join(com, l3))        | true
            """)
    void stringListMemberPassesHTCondorsOwnTests(String expr, String expected) {
        assertEquals(expected, eval(expr, LISTS));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringListMember("b", "a\\tb")             | true
            stringListMember("b", "a\\nb")             | true
            stringListMember("a b", "a b,c")           | false
            stringListMember("a b", "a b,c", ",")      | true
            stringListMember("a", "a;b", ";")          | true
            stringListMember("a", "a;b", undefined)    | false
            stringListMember("A", "a")                 | false
            stringListIMember("A", "a")                | true
            stringListIMember("É", "é")                | false
            stringListMember(1, "1,2")                 | error
            stringListMember("a", 1)                   | error
            stringListMember("a", "a", 1)              | error
            stringListMember(error, "a")               | error
            stringListIMember("a", error)              | error
            """)
    void stringListMemberSplitsAtCommasAndWhiteSpaceByDefault(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringListSubsetMatch(a, sl3)              | true
            stringListSubsetMatch(a, sl3c)             | true
            stringListSubsetMatch(B, sl3)              | false
            stringListSubsetMatch(B, sl3c)             | false
            stringListISubsetMatch(B, sl3)             | true
            stringListSubsetMatch(missing, sl3)        | true
            stringListSubsetMatch(missing, sl3c)       | true
            stringListSubsetMatch(B, sl3ws)            | true
            stringListSubsetMatch(B, sl3ws, com)       | true
            stringListSubsetMatch(sp, sl3ws, com)      | false
            stringListSubsetMatch(empty, sl3ws, com)   | true
            stringListSubsetMatch(UN, sl3ws, com)      | true
            stringListISubsetMatch(missing, sl3ce)     | true
            stringListSubsetMatch()                    | error
            stringListSubsetMatch(a, l3)               | error
            stringListSubsetMatch(a, b, A, B)          | error
            stringListSubsetMatch("", sl3c)            | true
            stringListSubsetMatch("", sl3ce)           | true
            stringListSubsetMatch(un, sl3ce)           | true
            stringListSubsetMatch(B, UN)               | false
            stringListSubsetMatch(un, un)              | undefined
            stringListSubsetMatch(un, empty)           | true
            stringListSubsetMatch(empty, un)           | true
            stringListSubsetMatch(empty, empty)        | true
            stringListSubsetMatch(b, join(com, l3))    | false
            stringListSubsetMatch(b, toupper(join(com, l3))) | true
            stringListISubsetMatch(b, join(com, l3))   | true
            stringListSubsetMatch(sl2b, sl3)           | true
            stringListSubsetMatch(sl3, sl2b)           | false
            """)
    void stringListSubsetMatchPassesHTCondorsOwnTests(String expr, String expected) {
        assertEquals(expected, eval(expr, LISTS));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringListSubsetMatch("a,b", "b, a, c")    | true
            stringListSubsetMatch("a,d", "a,b,c")      | false
            stringListSubsetMatch("a,a", "a")          | true
            stringListSubsetMatch("a", "A")            | false
            stringListISubsetMatch("A,B", "a,b")       | true
            stringListSubsetMatch("a;b", "b;a", ";")   | true
            stringListSubsetMatch(1, "a")              | error
            stringListSubsetMatch("a", {"a"})          | error
            stringListSubsetMatch("a", error)          | error
            stringListISubsetMatch("a", "a", 1)        | error
            """)
    void stringListSubsetMatchTreatsBothListsAsSets(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            stringListsIntersect("a,b", "b,c")         | true
            stringListsIntersect("a,b", "c,d")         | false
            stringListsIntersect("a b", "x a")         | true
            stringListsIntersect("", "a")              | false
            stringListsIntersect("a", "")              | false
            stringListsIntersect("a;b", "b", ";")      | true
            stringListsIntersect("a;b", "b", "")       | false
            stringListsIntersect("A", "a")             | false
            stringListsIntersect("a\\tb", "b")         | false
            stringListsIntersect(undefined, "a")       | undefined
            stringListsIntersect("a", undefined)       | undefined
            stringListsIntersect("a", "a", undefined)  | undefined
            stringListsIntersect(error, undefined)     | error
            stringListsIntersect(undefined, error)     | error
            stringListsIntersect(1, "1")               | error
            stringListsIntersect("1", "1", 1)          | error
            stringListsIntersect("a")                  | error
            stringListsIntersect("a", "b", "c", "d")   | error
            """)
    void stringListsIntersectIsTrueWhenTheListsShareAnItem(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @Test
    void onlyTheSpellingLibclassadRegistersIsAFunction() {
        assertEquals("error", eval("stringListIntersect(\"a\", \"a\")"));
        assertEquals("true", eval("STRINGLISTSINTERSECT(\"a\", \"a\")"));
    }
}
