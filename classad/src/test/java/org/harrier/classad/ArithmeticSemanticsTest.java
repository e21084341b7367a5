package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Arithmetic, bitwise and unary operators: strict (error beats undefined), integers stay 64-bit
 * integers, integers promote to reals, booleans count as 0 and 1 (libclassad's coerceToNumber),
 * and anything that is not a number is error (manual: "10 * "A string" evaluates to ERROR").
 */
class ArithmeticSemanticsTest {
    /** One attribute of every kind of value, for the unary operator table. */
    private static final ClassAd KINDS = ClassAd.builder()
            .set("i", 5L)
            .set("r", 2.5)
            .set("b", true)
            .set("s", "x")
            .setExpr("l", "{1}")
            .setExpr("c", "[a = 1]")
            .set("u", Value.UNDEFINED)
            .set("e", Value.ERROR)
            .set("at", new AbsTimeValue(Evaluation.NOW.getEpochSecond(), 0))
            .set("rt", new RelTimeValue(3600))
            .build();

    private static String eval(String expr) {
        return Evaluation.context().evaluate(Expr.parse(expr), KINDS, null).unparse();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 + undefined               | undefined
            undefined + 1               | undefined
            1 + error                   | error
            error + undefined           | error
            undefined + error           | error
            undefined * error           | error
            undefined - undefined       | undefined
            "a" + 1                     | error
            10 * "A string"             | error
            "a" + "b"                   | error
            undefined + "a"             | undefined
            error + "a"                 | error
            {1} + 1                     | error
            [a = 1] * 2                 | error
            1 - {1}                     | error
            undefined - {1}             | undefined
            1 < undefined               | undefined
            undefined >= error          | error
            error == undefined          | error
            undefined == error          | error
            {1} < {2}                   | error
            {1} == {1}                  | error
            [a = 1] == [a = 1]          | error
            1 == {1}                    | error
            1 & undefined               | undefined
            `error | undefined`         | error
            undefined << error          | error
            """)
    void arithmeticAndComparisonAreStrictWithErrorBeatingUndefined(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Integer / truncates toward zero and % takes the dividend's sign (C99, as libclassad);
    // division or modulo by zero is error; % is defined on integers only.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            7 / 2                       | 3
            -7 / 2                      | -3
            7 / -2                      | -3
            -7 / -2                     | 3
            1 / 3                       | 0
            -1 / 3                      | 0
            7 % 3                       | 1
            -7 % 3                      | -1
            7 % -3                      | 1
            -7 % -3                     | -1
            6 % 3                       | 0
            0 % 5                       | 0
            7 / 0                       | error
            -7 / 0                      | error
            7 % 0                       | error
            0 / 0                       | error
            7.0 / 0                     | error
            7 / 0.0                     | error
            7.0 / 2                     | 3.5
            -7.0 / 2                    | -3.5
            7.5 % 2                     | error
            7 % 2.0                     | error
            9223372036854775807 + 1     | -9223372036854775808
            -9223372036854775808 - 1    | 9223372036854775807
            3037000500 * 3037000500     | -9223372036709301616
            -9223372036854775808 / -1   | 9223372036854775807
            -9223372036854775808 % -1   | 0
            5 % -1                      | 0
            1E308 * 10                  | error
            """)
    void integerDivisionTruncatesTowardZeroAndDivisionByZeroIsError(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 + 2.5                     | 3.5
            2.5 + 1                     | 3.5
            1 + 1.0                     | 2.0
            3 * 1.5                     | 4.5
            2 - 0.5                     | 1.5
            3 / 2.0                     | 1.5
            1 / 3.0                     | 0.3333333333333333
            1 < 1.5                     | true
            2 > 1.5                     | true
            1 != 1.0                    | false
            2 >= 2.0                    | true
            true + 1                    | 2
            true + true                 | 2
            false * 5                   | 0
            true * 2.5                  | 2.5
            true / 2                    | 0
            true - 1                    | 0
            true % 2                    | 1
            1.5 + true                  | 2.5
            false == 0                  | true
            true == 1.0                 | true
            true < 2                    | true
            false >= 0                  | true
            true > false                | true
            true != false               | true
            """)
    void integersPromoteToRealsAndBooleansCountAsZeroAndOne(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Bitwise operators take integers only. Shift counts outside 0..63 are undefined behaviour in
    // libclassad's C++; Harrier's rows for them pin its own choice (<< gives 0, >> the sign fill).
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `1 | 2`                     | 3
            6 & 3                       | 2
            6 ^ 3                       | 5
            -1 & 255                    | 255
            `-8 | 3`                    | -5
            -1 ^ 1                      | -2
            0x0F & 0xF0                 | 0
            1 << 3                      | 8
            -1 << 1                     | -2
            1 << 62                     | 4611686018427387904
            1 << 63                     | -9223372036854775808
            16 >> 2                     | 4
            -16 >> 2                    | -4
            -1 >> 10                    | -1
            16 >>> 2                    | 4
            -16 >>> 60                  | 15
            -1 >>> 63                   | 1
            -8 >>> 1                    | 9223372036854775804
            1 << 64                     | 0
            1 << -1                     | 0
            8 >> 64                     | 0
            -8 >> 64                    | -1
            -8 >> -1                    | -8
            -8 >>> 64                   | 0
            `1.0 | 1`                   | error
            true & 1                    | error
            1 << 1.0                    | error
            "a" ^ 1                     | error
            {1} & 1                     | error
            """)
    void bitwiseOperatorsTakeIntegersOnly(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // libclassad: unary + passes numbers and relative times and rejects booleans, strings, lists,
    // records and absolute times; unary - is arithmetic (doArithmetic: -true ends in error);
    // ! is logical (numbers count as booleans); ~ is bitwise (integers only). All are strict.
    @ParameterizedTest(name = "{0} over integer, real, boolean, string, list, record, undefined, error, abstime, reltime")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            - | -5 | -2.5 | error | error | error | error | undefined | error | error | -3600 seconds
            + | 5  | 2.5  | error | error | error | error | undefined | error | error | 3600 seconds
            ! | false | false | false | error | error | error | undefined | error | error | error
            ~ | -6 | error | error | error | error | error | undefined | error | error | error
            """)
    void unaryOperatorsOnEveryKindOfValue(String op, String ofInteger, String ofReal, String ofBoolean,
            String ofString, String ofList, String ofRecord, String ofUndefined, String ofError,
            String ofAbsTime, String ofRelTime) {
        assertEquals(ofInteger, eval(op + "i"), "integer");
        assertEquals(ofReal, eval(op + "r"), "real");
        assertEquals(ofBoolean, eval(op + "b"), "boolean");
        assertEquals(ofString, eval(op + "s"), "string");
        assertEquals(ofList, eval(op + "l"), "list");
        assertEquals(ofRecord, eval(op + "c"), "record");
        assertEquals(ofUndefined, eval(op + "u"), "undefined");
        assertEquals(ofError, eval(op + "e"), "error");
        assertEquals(ofAbsTime, eval(op + "at"), "abstime");
        String relTime = ofRelTime.endsWith(" seconds")
                ? new RelTimeValue(Double.parseDouble(ofRelTime.replace(" seconds", ""))).unparse() : ofRelTime;
        assertEquals(relTime, eval(op + "rt"), "reltime");
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            -false                      | error
            -(-5)                       | 5
            --5                         | 5
            - -2.5                      | 2.5
            -9223372036854775807 - 1    | -9223372036854775808
            -(-9223372036854775808)     | -9223372036854775808
            !!5                         | true
            !!undefined                 | undefined
            ~~7                         | 7
            ~-1                         | 0
            ~0                          | -1
            +-3                         | -3
            -"5"                        | error
            """)
    void unaryOperatorsCompose(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }
}
