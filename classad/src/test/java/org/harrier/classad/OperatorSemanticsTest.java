package org.harrier.classad;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Comparison, identity and logical operators, row by row from the HTCondor manual ("ClassAd
 * Evaluation Semantics", Tables 4.1-4.4) and the truth tables of libclassad's
 * {@code functional_tests.txt}; where the manual is silent, libclassad's {@code operators.cpp}
 * (doComparison, doLogical, the ternary in _doOperation) decides.
 */
class OperatorSemanticsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            (10 == 10)                  | true
            (10 == 5)                   | false
            (10 == "ABC")               | error
            "ABC" == "abc"              | true
            (10 == UNDEFINED)           | undefined
            (UNDEFINED == UNDEFINED)    | undefined
            (10 =?= 10)                 | true
            (10 =?= 5)                  | false
            (10 =?= "ABC")              | false
            "ABC" =?= "abc"             | false
            (10 =?= UNDEFINED)          | false
            (UNDEFINED =?= UNDEFINED)   | true
            (10 != 10)                  | false
            (10 != 5)                   | true
            (10 != "ABC")               | error
            "ABC" != "abc"              | false
            (10 != UNDEFINED)           | undefined
            (UNDEFINED != UNDEFINED)    | undefined
            (10 =!= 10)                 | false
            (10 =!= 5)                  | true
            (10 =!= "ABC")              | true
            "ABC" =!= "abc"             | true
            (10 =!= UNDEFINED)          | true
            (UNDEFINED =!= UNDEFINED)   | false
            """)
    void manualComparisonTablesHold(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // functional_tests.txt, "Testing boolean expressions": left to right, non-strict.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            false && false              | false
            false && undefined          | false
            false && true               | false
            false && error              | false
            undefined && false          | false
            undefined && undefined      | undefined
            undefined && true           | undefined
            undefined && error          | error
            true && false               | false
            true && undefined           | undefined
            true && true                | true
            true && error               | error
            error && false              | error
            error && undefined          | error
            error && true               | error
            error && error              | error
            `false || false`            | false
            `false || undefined`        | undefined
            `false || true`             | true
            `false || error`            | error
            `undefined || false`        | undefined
            `undefined || undefined`    | undefined
            `undefined || true`         | true
            `undefined || error`        | error
            `true || false`             | true
            `true || undefined`         | true
            `true || true`              | true
            `true || error`             | true
            `error || false`            | error
            `error || undefined`        | error
            `error || true`             | error
            `error || error`            | error
            !false                      | true
            !undefined                  | undefined
            !true                       | false
            !error                      | error
            """)
    void logicalOperatorsFollowTheThreeValuedTruthTables(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Manual: && and || treat zero as FALSE and other numbers as TRUE; "any string operand is
    // equivalent to an ERROR operand". libclassad's doLogical treats lists and records the same way.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 && 2                      | true
            1 && 0.0                    | false
            0 && error                  | false
            0.0 && undefined            | false
            2.5 && true                 | true
            1 && undefined              | undefined
            undefined && 0              | false
            undefined && 7              | undefined
            `0.0 || 0`                  | false
            `0 || 3`                    | true
            `2.5 || error`              | true
            `0 || undefined`            | undefined
            `undefined || 7`            | true
            `-1 || false`               | true
            true && "foobar"            | error
            "foobar" && false           | error
            false && "foobar"           | false
            undefined && "foobar"       | error
            `"a" || true`               | error
            `true || "a"`               | true
            `false || "a"`              | error
            `undefined || "a"`          | error
            {} && true                  | error
            true && {1}                 | error
            `[a = 1] || false`          | error
            `false || [a = 1]`          | error
            !1                          | false
            !0                          | true
            !0.5                        | false
            !0.0                        | true
            !"a"                        | error
            !{}                         | error
            ![a = 1]                    | error
            """)
    void logicalOperatorsTreatNumbersAsBooleansAndOtherValuesAsError(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Manual: string comparison is case-insensitive except for =?= and =!=; libclassad uses
    // strcasecmp, which folds to lower case ('_' sorts before 'A' as it does before 'a').
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            "abc" == "ABC"              | true
            "abc" != "ABC"              | false
            "abc" == "abd"              | false
            "abc" < "abd"               | true
            "ABC" < "abd"               | true
            "abd" > "ABC"               | true
            "abc" <= "ABC"              | true
            "abc" >= "ABC"              | true
            "abc" < "ABC"               | false
            "abc" > "ABC"               | false
            "a" < "B"                   | true
            "B" < "a"                   | false
            "Z" > "a"                   | true
            "_" < "A"                   | true
            "abc" < "abcd"              | true
            "" < "a"                    | true
            "" == ""                    | true
            "abc" =?= "ABC"             | false
            "abc" =?= "abc"             | true
            "abc" =!= "ABC"             | true
            "abc" =!= "abc"             | false
            "1" == 1                    | error
            1 < "a"                     | error
            "a" >= 1.5                  | error
            "a" < undefined             | undefined
            "a" < error                 | error
            "true" == true              | error
            """)
    void stringsCompareIgnoringCaseExceptForIdentity(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Manual: =?= and is test "same type and same value" and only ever give TRUE or FALSE; isnt
    // and =!= negate them. Lists and records compare item by item here; libclassad's
    // doComparison answers error for them, which contradicts the manual's "only TRUE and FALSE".
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 is 1                      | true
            1 IS 1                      | true
            1 isnt 1                    | false
            1 IsNt 2                    | true
            1 is 1.0                    | false
            1 =?= 1.0                   | false
            1.0 =?= 1.0                 | true
            0.0 =?= -0.0                | true
            1 == 1.0                    | true
            true =?= 1                  | false
            true == 1                   | true
            true is true                | true
            false =!= true              | true
            error =?= error             | true
            error is undefined          | false
            undefined isnt error        | true
            undefined is undefined      | true
            x is undefined              | true
            x isnt undefined            | false
            "1" =?= 1                   | false
            10 is "ABC"                 | false
            10 isnt "ABC"               | true
            "ABC" is "ABC"              | true
            "ABC" is "abc"              | false
            {1, 2} =?= {1, 2}           | true
            {1, 2} =?= {1, "2"}         | false
            {1, 2} =?= {1, 2, 3}        | false
            {1, {2}} is {1, {2}}        | true
            [a = 1] =?= [a = 1]         | true
            [a = 1] =?= [a = 2]         | false
            {1} is [a = 1]              | false
            """)
    void identityOperatorsCompareTypeAndValueAndNeverGiveUndefinedOrError(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Manual: the ternary is strict in its condition; only the chosen branch is evaluated, and
    // "expr1 ?: expr3" gives expr1 unless it is UNDEFINED. Rows 1-8 are functional_tests.txt.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            false ? true : false        | false
            false ? false : true        | true
            false ? true : undefined    | undefined
            false ? undefined : true    | true
            true ? true : false         | true
            true ? false : true         | false
            true ? true : undefined     | true
            true ? undefined : true     | undefined
            1 ? "a" : "b"               | "a"
            0 ? "a" : "b"               | "b"
            0.0 ? 1 : 2                 | 2
            2.5 ? 1 : 2                 | 1
            -1 ? 1 : 2                  | 1
            undefined ? 1 : 2           | undefined
            x ? 1 : 2                   | undefined
            error ? 1 : 2               | error
            "a" ? 1 : 2                 | error
            {} ? 1 : 2                  | error
            [a = 1] ? 1 : 2             | error
            true ? 1 : error            | 1
            false ? error : 2           | 2
            true ? 1 : 1 / 0            | 1
            false ? 1 / 0 : 2           | 2
            undefined ?: 2              | 2
            x ?: 2                      | 2
            1 ?: 2                      | 1
            1 ?: error                  | 1
            error ?: 2                  | error
            false ?: 2                  | false
            0 ?: 2                      | 0
            "" ?: 2                     | ""
            undefined ?: undefined      | undefined
            undefined ?: error          | error
            x ?: y ?: 3                 | 3
            x ?: (1 ? "t" : "f")        | "t"
            """)
    void conditionalIsStrictInItsConditionAndLazyInItsBranches(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }
}
