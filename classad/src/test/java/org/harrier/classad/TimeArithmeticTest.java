package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
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

    private static Value eval(String expr) {
        return Evaluation.context().evaluate(Expr.parse(expr), TIMES, null);
    }

    /**
     * The expected value: {@code rel S} is a relative time of S seconds, {@code abs D Z} the
     * instant D seconds after t0 shown at zone offset Z seconds; anything else is ClassAd text.
     * (Values, not text, so these rows do not depend on how times are printed.)
     */
    private static Value expected(String spec) {
        String[] words = spec.split(" ");
        if (words[0].equals("rel")) {
            return new RelTimeValue(Double.parseDouble(words[1]));
        }
        if (words[0].equals("abs")) {
            return new AbsTimeValue(T0 + Long.parseLong(words[1]), Integer.parseInt(words[2]));
        }
        return (Value) Expr.parse(spec);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            t1 - t0             | rel 3600
            t0 - t1             | rel -3600
            t0 - tz             | rel 0
            t0 + hour           | abs 3600 0
            hour + t0           | abs 3600 0
            t1 - hour           | abs 0 0
            tz + hour           | abs 3600 3600
            t0 + half           | abs 1 0
            t0 - half           | abs -1 0
            t0 + hour * 24      | abs 86400 0
            hour + hour         | rel 7200
            hour - hour         | rel 0
            half + half         | rel 3
            hour - half         | rel 3598.5
            hour * 2            | rel 7200
            2 * hour            | rel 7200
            hour * 0.5          | rel 1800
            0.5 * hour          | rel 1800
            hour / 2            | rel 1800
            hour / 0.5          | rel 7200
            hour * 24 * 3       | rel 259200
            -hour               | rel -3600
            +hour               | rel 3600
            """)
    void timesCombineByKind(String expr, String expected) {
        assertEquals(expected(expected), eval(expr));
    }

    @Test
    void timesUnparseAsCallsOfTheTimeFunctions() {
        assertEquals("absTime(\"2024-01-31T10:15:30+00:00\")", eval("t0").unparse());
        assertEquals("absTime(\"2024-01-31T11:15:30+01:00\")", eval("tz").unparse());
        assertTrue(eval("hour").unparse().startsWith("relTime(\""), () -> eval("hour").unparse());
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
        assertEquals(expected(expected), eval(expr));
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
        assertEquals(expected(expected), eval(expr));
    }
}
