package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ListFunctionsTest {
    /** HTCondor's tests.txt "Misc" ad: Set is the list {1, 2, 3} selected from a list of records. */
    private static final String MISC = """
            [
              ClassAds = { [a = 1], [a = 2], [a = 3] };
              Set = ClassAds.a;
              SizeSet = size(Set);
              SizeZero = size({});
              SizeOne = size({1});
              SizeTwo = size({1, 2});
              Sum = sum(Set);
              Average = avg(Set);
              Min = min(Set);
              Max = max(Set);
              AllSmall = allcompare("<", Set, 100);
              AllBig   = allcompare(">", Set, 100);
              AnyTwo   = anycompare("==", Set, 2);
              AllTwo   = allcompare("==", Set, 2);
            ]
            """;

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            SizeSet  | 3
            SizeZero | 0
            SizeOne  | 1
            SizeTwo  | 2
            Sum      | 6
            Average  | 2.0
            Min      | 1
            Max      | 3
            AllSmall | true
            AllBig   | false
            AnyTwo   | true
            AllTwo   | false
            """)
    void listFunctionsAgreeWithHtcondorTestsOnTheMiscAd(String attribute, String expected) {
        assertEquals(expected, eval(attribute, MISC));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            size({})                  | 0
            size({1})                 | 1
            size({1, 2, 3, 4, 5})     | 5
            size([])                  | 0
            size([a = 1;])            | 1
            size([a = 1; b = 2;])     | 2
            size("")                  | 0
            size("a")                 | 1
            size("ab")                | 2
            size(3)                   | error
            size(3.4)                 | error
            size(true)                | error
            size(undefined)           | undefined
            size(NoSuchAttribute)     | undefined
            size(error)               | error
            size({undefined, error})  | 2
            size({{1, 2}, {3}})       | 2
            size("héllo")             | 5
            size("😀")                | 1
            size("a\\tb")              | 3
            size()                    | error
            size({}, {})              | error
            SIZE("abc")               | 3
            """)
    void sizeCountsCharactersMembersOrAttributes(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @Test
    void sizeOfTheAdItselfCountsItsAttributes() {
        assertEquals("3", eval("size(MY)", "[ a = 1; b = 2; c = 3 ]"));
        assertEquals("2", eval("size(Sub)", "[ Sub = [ x = 1; y = x ]; Other = 1 ]"));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            member(1, {1, 2, 3})        | true
            member(4, {1, 2, 3})        | false
            member(1, {})               | false
            member("a", {"A", "b"})     | true
            member("c", {"A", "b"})     | false
            member(1, {1.0})            | true
            member(1.0, {1})            | true
            member(true, {1})           | true
            member(1, {"1"})            | false
            member(1, {undefined, 1})   | true
            member(1, {undefined})      | false
            member(1, {error, 1})       | true
            member(undefined, {1})      | undefined
            member(undefined, {undefined}) | undefined
            member(error, {1})          | error
            member(error, {error})      | error
            member(1, undefined)        | undefined
            member(error, undefined)    | undefined
            member(1, NoSuchList)       | undefined
            member(1, error)            | error
            member(1, 2)                | error
            member(1, "1, 2")           | error
            member({1}, {{1}})          | error
            member([a = 1], {[a = 1]})  | error
            member(1)                   | error
            member(1, {1}, 2)           | error
            member()                    | error
            MEMBER(2, {1, 2})           | true
            """)
    void memberTestsWithDoubleEquals(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            identicalMember(1, {1, 2})              | true
            identicalMember(3, {1, 2})              | false
            identicalMember("a", {"A"})             | false
            identicalMember("A", {"A"})             | true
            identicalMember(1, {1.0})               | false
            identicalMember(1.0, {1.0})             | true
            identicalMember(true, {1})              | false
            identicalMember(undefined, {undefined}) | true
            identicalMember(undefined, {1})         | false
            identicalMember(error, {error})         | true
            identicalMember(error, {1})             | false
            identicalMember(1, {})                  | false
            identicalMember(1, undefined)           | undefined
            identicalMember(1, error)               | error
            identicalMember(1, 1)                   | error
            identicalMember({1}, {{1}})             | error
            identicalMember([], {[]})               | error
            identicalMember(1)                      | error
            identicalMember(1, {1}, {1})            | error
            IDENTICALMEMBER("x", {"x"})             | true
            """)
    void identicalMemberTestsWithIs(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** The first six rows are HTCondor's functional_tests.txt. */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            anyCompare("<", {}, 3)                  | false
            allCompare("<", {}, 3)                  | true
            anyCompare("<", {1}, 3)                 | true
            allCompare("<", {1}, 3)                 | true
            anyCompare("<", {1, 2, 3, 4, 5}, 3)     | true
            allCompare("<", {1, 2, 3, 4, 5}, 3)     | false
            anyCompare("<=", {3, 4}, 3)             | true
            allCompare("<=", {1, 3}, 3)             | true
            anyCompare(">", {1, 2}, 2)              | false
            allCompare(">=", {2, 3}, 2)             | true
            anyCompare("!=", {2, 2}, 2)             | false
            allCompare("!=", {1, 3}, 2)             | true
            anyCompare("==", {1}, 1.0)              | true
            anyCompare("==", {"A"}, "a")            | true
            anyCompare("is", {"A"}, "a")            | false
            anyCompare("is", {"a"}, "a")            | true
            allCompare("isnt", {"A", "b"}, "a")     | true
            anyCompare("isnt", {1}, 1.0)            | true
            anyCompare("is", {undefined}, undefined) | true
            allCompare("is", {error, error}, error) | true
            anyCompare("<", {1.5}, 2)               | true
            anyCompare("<", {true}, 2)              | true
            anyCompare("==", {undefined, 2}, 2)     | true
            allCompare("==", {2, undefined}, 2)     | false
            anyCompare("==", {1}, undefined)        | false
            allCompare("==", {1}, undefined)        | false
            allCompare("==", {}, undefined)         | true
            anyCompare("<", {"a"}, 1)               | error
            allCompare("<", {1, "a"}, 5)            | error
            anyCompare("<", {1, "a"}, 5)            | true
            anyCompare("<", {{1}}, 5)               | error
            anyCompare("<", {1}, error)             | error
            anyCompare("=?=", {1}, 1)               | error
            anyCompare("=!=", {1}, 1)               | error
            anyCompare("IS", {1}, 1)                | error
            anyCompare(" <", {1}, 1)                | error
            anyCompare("<>", {1}, 1)                | error
            anyCompare("", {1}, 1)                  | error
            anyCompare(1, {1}, 1)                   | error
            anyCompare(undefined, {1}, 1)           | undefined
            anyCompare(error, {1}, 1)               | error
            anyCompare("<", undefined, 1)           | undefined
            anyCompare("<", error, 1)               | error
            anyCompare("<", 1, 1)                   | error
            anyCompare("bogus", undefined, 1)       | error
            anyCompare(undefined, 1, 1)             | undefined
            anyCompare("<", {1})                    | error
            anyCompare("<", {1}, 1, 1)              | error
            allCompare()                            | error
            ANYCOMPARE("<", {1}, 2)                 | true
            AllCompare(">", {3, 4}, 2)              | true
            """)
    void anyAndAllCompareApplyTheNamedOperatorToEachMember(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            sum({})                            | 0
            avg({})                            | 0
            min({})                            | undefined
            max({})                            | undefined
            sum({1})                           | 1
            avg({1})                           | 1.0
            min({1})                           | 1
            max({1})                           | 1
            sum({1, 2, 3, 4, 5})               | 15
            avg({1, 2, 3, 4, 5})               | 3.0
            min({1, 2, 3, 4, 5})               | 1
            max({1, 2, 3, 4, 5})               | 5
            sum({1, 2.5})                      | 3.5
            sum({1.5, 1.5})                    | 3.0
            avg({1, 2})                        | 1.5
            min({3, 1.5, 2})                   | 1.5
            max({3, 1.5, 2})                   | 3
            min({1, 1.0})                      | 1
            min({1.0, 1})                      | 1.0
            max({2.0, 1})                      | 2.0
            sum({undefined, 1, undefined, 2})  | 3
            avg({undefined, 1, 2})             | 1.5
            min({undefined, 2, 1})             | 1
            max({undefined})                   | undefined
            min({undefined, undefined})        | undefined
            sum({undefined})                   | undefined
            avg({undefined, undefined})        | undefined
            sum({1, 2.0 * NoSuchAttribute})    | 1
            sum({1, "2"})                      | error
            sum({true})                        | error
            avg({1, error})                    | error
            min({1, {2}})                      | error
            max({[a = 1]})                     | error
            max({1, "9"})                      | error
            sum({9223372036854775807, 1})      | -9223372036854775808
            sum({1e308, 1e308})                | error
            sum({real("INF"), 1})              | real("INF")
            sum({real("INF"), real("-INF")})   | real("NaN")
            sum({-0.0})                        | -0.0
            avg({-9223372036854775807 - 1, 0}) == -4611686018427387904.0 | true
            max({real("NaN"), 1})              | real("NaN")
            max({1, real("NaN")})              | 1
            min({real("-INF"), -1e308})        | real("-INF")
            max({real("-INF"), -1e308})        | -1E+308
            min({-9223372036854775807 - 1, 0}) | -9223372036854775808
            sum(undefined)                     | undefined
            avg(NoSuchAttribute)               | undefined
            min(undefined)                     | undefined
            max(undefined)                     | undefined
            sum(error)                         | error
            sum(1)                             | error
            avg("1, 2")                        | error
            min([a = 1])                       | error
            max(3)                             | error
            SUM({1, 2})                        | 3
            Avg({2, 4})                        | 3.0
            """)
    void sumAvgMinMaxAggregateTheNumbersOfAList(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} with no or two arguments is error")
    @ValueSource(strings = {"sum", "avg", "min", "max", "size"})
    void aggregatesTakeExactlyOneList(String function) {
        assertEquals("error", eval(function + "()"));
        assertEquals("error", eval(function + "({1}, {2})"));
        assertEquals("error", eval(function + "(undefined, undefined)"));
    }

    private static String list(List<Integer> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(", ", "{", "}"));
    }

    @Test
    void aggregatesOfSmallIntegersMatchJava() {
        qt().forAll(lists().of(integers().between(-1000, 1000)).ofSizeBetween(1, 30)).checkAssert(xs -> {
            String l = list(xs);
            int sum = xs.stream().mapToInt(Integer::intValue).sum();
            assertEquals(Integer.toString(sum), eval("sum(" + l + ")"));
            assertEquals(Integer.toString(xs.stream().mapToInt(Integer::intValue).min().getAsInt()), eval("min(" + l + ")"));
            assertEquals(Integer.toString(xs.stream().mapToInt(Integer::intValue).max().getAsInt()), eval("max(" + l + ")"));
            assertEquals("true", eval("avg(" + l + ") == " + sum + " / " + xs.size() + ".0"));
        });
    }

    @Test
    void compareAgreesWithMemberForEquality() {
        qt().forAll(lists().of(integers().between(-5, 5)).ofSizeBetween(0, 10), integers().between(-5, 5))
                .checkAssert((xs, x) -> {
                    String l = list(xs);
                    assertEquals(eval("member(" + x + ", " + l + ")"), eval("anyCompare(\"==\", " + l + ", " + x + ")"));
                    assertEquals(eval("!member(" + x + ", " + l + ")"), eval("allCompare(\"!=\", " + l + ", " + x + ")"));
                });
    }
}
