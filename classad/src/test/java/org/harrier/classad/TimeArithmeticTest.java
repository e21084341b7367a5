package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Absolute and relative times under the operators, as libclassad's doTimeArithmetic and
 * compareAbsoluteTimes define them: abstime - abstime is a reltime, abstime +/- reltime an
 * abstime (whole seconds, zone kept), reltimes add and scale by numbers, and every other mix is
 * error. The times are bound in an ad, so these rows need no time functions.
 */
class TimeArithmeticTest {
    private static final long T0 = Evaluation.NOW.getEpochSecond(); // 2024-01-31T10:15:30Z

    private static final ClassAd TIMES = ClassAd.builder()
            .set("t0", new AbsTimeValue(T0, 0))
            .set("t1", new AbsTimeValue(T0 + 3600, 0))
            .set("tz", new AbsTimeValue(T0, 3600))
            .set("hour", new RelTimeValue(3600))
            .set("half", new RelTimeValue(1.5))
            .build();

    private static String eval(String expr) {
        return Evaluation.context().evaluate(Expr.parse(expr), TIMES, null).unparse();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            t0                  | absTime("2024-01-31T10:15:30+00:00")
            tz                  | absTime("2024-01-31T11:15:30+01:00")
            t1 - t0             | relTime("1:00:00")
            t0 - t1             | relTime("-1:00:00")
            t0 - tz             | relTime("0")
            t0 + hour           | absTime("2024-01-31T11:15:30+00:00")
            hour + t0           | absTime("2024-01-31T11:15:30+00:00")
            t1 - hour           | absTime("2024-01-31T10:15:30+00:00")
            tz + hour           | absTime("2024-01-31T12:15:30+01:00")
            t0 + half           | absTime("2024-01-31T10:15:31+00:00")
            t0 - half           | absTime("2024-01-31T10:15:29+00:00")
            t0 + hour * 24      | absTime("2024-02-01T10:15:30+00:00")
            hour + hour         | relTime("2:00:00")
            hour - hour         | relTime("0")
            half + half         | relTime("3")
            hour - half         | relTime("59:58.5")
            hour * 2            | relTime("2:00:00")
            2 * hour            | relTime("2:00:00")
            hour * 0.5          | relTime("30:00")
            0.5 * hour          | relTime("30:00")
            hour / 2            | relTime("30:00")
            hour / 0.5          | relTime("2:00:00")
            hour * 24 * 3       | relTime("3+00:00:00")
            -hour               | relTime("-1:00:00")
            +hour               | relTime("1:00:00")
            """)
    void timesCombineByKind(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            t0 + t1             | error
            t0 + 1              | error
            1 + t0              | error
            t0 - 1              | error
            t0 * 2              | error
            t0 / 2              | error
            t0 % 2              | error
            hour + 1            | error
            hour - 1            | error
            1 - hour            | error
            2 / hour            | error
            hour * true         | error
            hour * "2"          | error
            hour % 2            | error
            hour - t0           | error
            -t0                 | error
            +t0                 | error
            t0 + undefined      | undefined
            hour * error        | error
            """)
    void mismatchedTimeKindsAreError(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Times compare with times of their own kind; == compares instants, =?= also the zone
    // (compareAbsoluteTimes); a time never equals a number.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            t0 < t1             | true
            t1 <= t0            | false
            t1 > t0             | true
            t0 == tz            | true
            t0 != tz            | false
            t0 =?= tz           | false
            t0 =!= tz           | true
            t0 is t0            | true
            t0 == 1706696130    | error
            t0 is 1706696130    | false
            hour < hour * 2     | true
            hour == 3600        | error
            hour is 3600        | false
            hour =?= hour       | true
            half >= half        | true
            t0 == hour          | error
            t0 == undefined     | undefined
            """)
    void timesCompareWithTimesOfTheirOwnKind(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }
}
