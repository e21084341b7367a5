package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Clock;
import java.time.ZoneId;

import org.harrier.classad.AbsTimeValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Evaluation;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionCall;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.TimeFormat;
import org.harrier.classad.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The time functions against the fixture's fixed clock, 2024-01-31T10:15:30Z (epoch 1706696130)
 * in UTC; where the local zone matters, against the same instant on a Chicago clock.
 */
class TimeFunctionsTest {
    private static final Clock CHICAGO = Clock.fixed(Evaluation.NOW, ZoneId.of("America/Chicago"));

    private static String inChicago(String expr, String ad) {
        return EvalContext.create(CHICAGO, 42).evaluate(Expr.parse(expr), ClassAd.parse(ad), null).unparse();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            time()                                       | 1706696130
            time(1)                                      | error
            time(undefined)                              | error
            currentTime()                                | absTime("2024-01-31T10:15:30+00:00")
            currentTime(0)                               | error
            dayTime()                                    | relTime("10:15:30")
            dayTime(1)                                   | error
            timeZoneOffset()                             | relTime("00")
            timeZoneOffset(0)                            | error
            absTime() - absTime("2024-01-31T00:00:00Z")  | relTime("10:15:30")
            """)
    void clockFunctionsReadTheCallersClock(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            absTime()                                        | absTime("2024-01-31T10:15:30+00:00")
            absTime("2004-01-01")                            | absTime("2004-01-01T00:00:00+00:00")
            absTime("1970-01-01T:00:00:01Z")                 | absTime("1970-01-01T00:00:01+00:00")
            absTime("1970-01-02T:03:04:05-06:00")            | absTime("1970-01-02T03:04:05-06:00")
            absTime("1997-08-30T16:04:05-0500")              | absTime("1997-08-30T16:04:05-05:00")
            absTime("2003-01-25T09:00:00-06:00")             | absTime("2003-01-25T09:00:00-06:00")
            absTime("20240131T101500Z")                      | absTime("2024-01-31T10:15:00+00:00")
            absTime("2024/01/31 10:15")                      | absTime("2024-01-31T10:15:00+00:00")
            absTime("  2024-01-31T10:15:00+05:30  ")         | absTime("2024-01-31T10:15:00+05:30")
            absTime("2024-01-31T25:00:00Z")                  | absTime("2024-02-01T01:00:00+00:00")
            absTime("2024-02-30")                            | absTime("2024-03-01T00:00:00+00:00")
            absTime("2024")                                  | absTime("2024-01-01T00:00:00+00:00")
            absTime("2024-01-31T10:15:00+19:00")             | error
            absTime("24-01-31")                              | error
            absTime("2024-1-31")                             | error
            absTime("2024-01-31T10:15:00:00")                | error
            absTime("")                                      | error
            absTime("noon")                                  | error
            absTime("9999-12-31T24:00:00Z")                  | error
            absTime(0)                                       | absTime("1970-01-01T00:00:00+00:00")
            absTime(1706696130)                              | absTime("2024-01-31T10:15:30+00:00")
            absTime(1.9)                                     | absTime("1970-01-01T00:00:01+00:00")
            absTime(-1.9)                                    | absTime("1969-12-31T23:59:59+00:00")
            absTime(relTime(60))                             | absTime("1970-01-01T00:01:00+00:00")
            absTime(0, 3600)                                 | absTime("1970-01-01T01:00:00+01:00")
            absTime(0, -18000)                               | absTime("1969-12-31T19:00:00-05:00")
            absTime(0, 3600.9)                               | absTime("1970-01-01T01:00:00+01:00")
            absTime(0, relTime("1:00:00"))                   | absTime("1970-01-01T01:00:00+01:00")
            absTime(0, 64800)                                | absTime("1970-01-01T18:00:00+18:00")
            absTime(0, 64801)                                | error
            absTime(0, "3600")                               | error
            absTime(0, undefined)                            | error
            absTime(undefined, 3600)                         | undefined
            absTime(absTime("2024-01-31T10:15:30-05:00"))    | absTime("2024-01-31T10:15:30-05:00")
            absTime(absTime("2024-01-31T10:15:30Z"), 3600)   | absTime("2024-01-31T11:15:30+01:00")
            absTime("2024-01-31T10:15:30Z", 3600)            | error
            absTime(253402300799)                            | absTime("9999-12-31T23:59:59+00:00")
            absTime(253402300800)                            | error
            absTime(-62167219200)                            | absTime("0000-01-01T00:00:00+00:00")
            absTime(-62167219201)                            | error
            absTime(1e300)                                   | error
            absTime(undefined)                               | undefined
            absTime(error)                                   | error
            absTime(true)                                    | error
            absTime({ 1 })                                   | error
            absTime([ a = 1 ])                               | error
            absTime(1, 2, 3)                                 | error
            """)
    void absTimeMakesAnInstantWithAnOffset(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            relTime("1:00")                    | relTime("01:00")
            relTime("01:00:01")                | relTime("01:00:01")
            relTime("2+25:14:16.123")          | relTime("3+01:14:16.123")
            relTime("1d2h3m4.5s")              | relTime("1+02:03:04.5")
            relTime("-1+00:00:01")             | relTime("-1+00:00:01")
            relTime("90")                      | relTime("01:30")
            relTime("4.5s")                    | relTime("04.5")
            relTime("1d 2h")                   | relTime("1+02:00:00")
            relTime("1d02:03:04")              | relTime("1+02:03:04")
            relTime(" 5 ")                     | relTime("05")
            relTime("+5")                      | relTime("05")
            relTime("2h")                      | relTime("02:00:00")
            relTime("30m")                     | relTime("30:00")
            relTime("")                        | error
            relTime("-")                       | error
            relTime("1.5m")                    | error
            relTime("1:2:3:4")                 | error
            relTime("abc")                     | error
            relTime(60)                        | relTime("01:00")
            relTime(1.5)                       | relTime("01.5")
            relTime(-90)                       | relTime("-01:30")
            relTime(absTime("1970-01-01T00:01:00Z")) | relTime("01:00")
            relTime(relTime("1:00"))           | relTime("01:00")
            relTime("1:00") + relTime("30")    | relTime("01:30")
            relTime(undefined)                 | undefined
            relTime(error)                     | error
            relTime(true)                      | error
            relTime({ })                       | error
            relTime([ a = 1 ])                 | error
            relTime()                          | error
            relTime(1, 2)                      | error
            """)
    void relTimeMakesAnInterval(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // functional_tests.txt: splitTime of an absTime and a relTime, field by field.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            splitTime(absTime("1970-01-02T:03:04:05Z")).year            | 1970
            splitTime(absTime("1970-01-02T:03:04:05Z")).month           | 1
            splitTime(absTime("1970-01-02T:03:04:05Z")).day             | 2
            splitTime(absTime("1970-01-02T:03:04:05Z")).hours           | 3
            splitTime(absTime("1970-01-02T:03:04:05Z")).minutes         | 4
            splitTime(absTime("1970-01-02T:03:04:05Z")).seconds         | 5
            splitTime(absTime("1970-01-02T:03:04:05Z")).offset          | 0
            splitTime(absTime("1970-01-02T:03:04:05-06:00")).hours      | 3
            splitTime(absTime("1970-01-02T:03:04:05-06:00")).offset     | -21600
            splitTime(relTime("1d2h3m4.5s")).days                       | 1
            splitTime(relTime("1d2h3m4.5s")).hours                      | 2
            splitTime(relTime("1d2h3m4.5s")).minutes                    | 3
            splitTime(relTime("1d2h3m4.5s")).seconds                    | 4.5
            splitTime(relTime("1d2h3m4.5s")).type                       | "RelativeTime"
            splitTime(0).type                                           | "AbsoluteTime"
            splitTime(absTime("1970-01-02T:03:04:05-06:00"))  | [ Type = "AbsoluteTime"; Year = 1970; Month = 1; Day = 2; Hours = 3; Minutes = 4; Seconds = 5; Offset = -21600 ]
            splitTime(0)                      | [ Type = "AbsoluteTime"; Year = 1970; Month = 1; Day = 1; Hours = 0; Minutes = 0; Seconds = 0; Offset = 0 ]
            splitTime(86399.9)                | [ Type = "AbsoluteTime"; Year = 1970; Month = 1; Day = 1; Hours = 23; Minutes = 59; Seconds = 59; Offset = 0 ]
            splitTime(relTime(0))             | [ Type = "RelativeTime"; Days = 0; Hours = 0; Minutes = 0; Seconds = 0.0 ]
            splitTime(relTime(-3.5))          | [ Type = "RelativeTime"; Days = 0; Hours = 0; Minutes = 0; Seconds = -3.5 ]
            splitTime(relTime(-3600))         | [ Type = "RelativeTime"; Days = 0; Hours = -1; Minutes = 0; Seconds = 0.0 ]
            splitTime(relTime(-90061))        | [ Type = "RelativeTime"; Days = -1; Hours = 1; Minutes = 1; Seconds = 1.0 ]
            splitTime("2024-01-31")           | error
            splitTime(undefined)              | error
            splitTime(error)                  | error
            splitTime([ Year = 2024 ])        | error
            splitTime({ 1 })                  | error
            splitTime()                       | error
            splitTime(0, 1)                   | error
            """)
    void splitTimeTakesATimeApartIntoARecord(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // The first block is functional_tests.txt's formatTime section, verbatim.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            formatTime(absTime("1997-08-30T16:04:05-0500"), "%m %d %Y")              | "08 30 1997"
            formatTime(absTime("1997-08-30T16:04:05-0500"), "%H %M %S")              | "16 04 05"
            formatTime(absTime("1997-08-30T16:04:05-0500"), "%A %a")                 | "Saturday Sat"
            formatTime(absTime("1997-08-30T16:04:05-0500"), "%B %b")                 | "August Aug"
            formatTime(splitTime(absTime("1997-08-30T16:04:05-0500")), "%H:%M:%S")   | "16:04:05"
            formatTime(absTime("1997-08-30T16:04:05-0500"))                          | "Sat Aug 30 16:04:05 1997"
            formatTime()                                          | "Wed Jan 31 10:15:30 2024"
            formatTime(0)                                         | "Thu Jan  1 00:00:00 1970"
            formatTime(1706696130, "%Y-%m-%d")                    | "2024-01-31"
            formatTime(1706696130.7, "%S")                        | "30"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%c")     | "Fri Jan  5 15:04:05 2024"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%d")     | "05"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%I %p")  | "03 PM"
            formatTime(absTime("2024-01-05T00:04:05Z"), "%I %p")  | "12 AM"
            formatTime(absTime("2024-01-05T12:04:05Z"), "%I %p")  | "12 PM"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%j")     | "005"
            formatTime(absTime("2024-12-31T15:04:05Z"), "%j")     | "366"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%m")     | "01"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%U %W")  | "00 01"
            formatTime(absTime("2024-01-07T15:04:05Z"), "%U %W")  | "01 01"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%w")     | "5"
            formatTime(absTime("2024-01-07T15:04:05Z"), "%w")     | "0"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%x")     | "01/05/24"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%X")     | "15:04:05"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%y %Y")  | "24 2024"
            formatTime(absTime("2024-01-05T15:04:05Z"), "%Z")     | "UTC"
            formatTime(absTime("2024-01-05T15:04:05Z"), "100%%")  | "100%"
            `formatTime(absTime("2024-01-05T15:04:05Z"), "%e|%D|%F|%T|%R|%r")` | `" 5|01/05/24|2024-01-05|15:04:05|15:04|03:04:05 PM"`
            formatTime(absTime("2024-01-05T15:04:05Z"), "%u %s %C %k %l %P %h")  | "5 1704467045 20 15  3 pm Jan"
            formatTime(absTime("2024-01-05T15:04:05-05:00"), "%z %Z")       | "-0500 -05:00"
            formatTime(absTime("2024-12-30T15:04:05Z"), "%G-W%V %g")       | "2025-W01 25"
            `formatTime(absTime("2024-01-05T15:04:05Z"), "%-d|%_m|%^a|%Ey|%Od")` | `"5| 1|FRI|24|05"`
            formatTime(absTime("2024-01-05T15:04:05Z"), "%Q and 100%")     | "%Q and 100%"
            formatTime(absTime("2024-01-05T15:04:05Z"), "")                | ""
            formatTime([ Year = 2024; Month = 2; Day = 29 ], "%A %d %B %Y")  | "Thursday 29 February 2024"
            formatTime([ Year = 2024; Month = 2; Day = 29; Hours = 13 ])     | "Thu Feb 29 13:00:00 2024"
            formatTime([ ], "%Y-%m-%d %H")                                 | "1900-01-00 00"
            formatTime([ Year = 2024; Month = 13; Day = 1 ], "%b")         | "?"
            formatTime([ Year = "2024"; Month = 2.5; Day = 1 ], "%Y %m")   | "1900 01"
            formatTime(relTime(60))                | error
            formatTime("2024-01-31")               | error
            formatTime(undefined)                  | error
            formatTime(error)                      | error
            formatTime(0, 5)                       | error
            formatTime(0, undefined)               | error
            formatTime(0, "%Y", 1)                 | error
            """)
    void formatTimeIsStrftimeInTheCLocale(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @Test
    void formatTimeWritesNewlineAndTabConversions() {
        assertEquals("\"a\\nb\\tc\"", eval("formatTime(0, \"a%nb%tc\")"));
    }

    // The manual writes its second example as "17+1:02:03", against its own days+hh:mm:ss; libclassad
    // prints two-digit hours after the days ("%d+%02d:%02d:%02d"), as functional_tests.txt expects.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            interval(67)                                   | "1:07"
            interval(1472523)                              | "17+01:02:03"
            interval(3600*24*4 + 3600*3 + 60*2 + 1)        | "4+03:02:01"
            interval(0)                                    | "0"
            interval(59)                                   | "59"
            interval(60)                                   | "1:00"
            interval(3600)                                 | "1:00:00"
            interval(86400)                                | "1+00:00:00"
            interval(-5)                                   | "-5"
            interval(-90)                                  | "-1:30"
            interval(-3661)                                | "-1:01:01"
            interval(-90061)                               | "-1+01:01:01"
            interval(67.9)                                 | "1:07"
            interval(true)                                 | "1"
            interval("67")                                 | "1:07"
            interval(" 90 seconds")                        | "1:30"
            interval("1.5e2")                              | "2:30"
            interval("abc")                                | error
            interval(relTime("1:07"))                      | "1:07"
            interval(absTime("1970-01-02T00:00:01Z"))      | "1+00:00:01"
            interval(undefined)                            | error
            interval(error)                                | error
            interval({ 67 })                               | error
            interval([ a = 67 ])                           | error
            interval()                                     | error
            interval(1, 2)                                 | error
            """)
    void intervalWritesSecondsAsDaysHoursMinutesSeconds(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            getYear(absTime("1997-08-30T16:04:05Z"))          | 1997
            getMonth(absTime("1997-08-30T16:04:05Z"))         | 8
            getDayOfMonth(absTime("1997-08-30T16:04:05Z"))    | 30
            getDayOfWeek(absTime("1997-08-30T16:04:05Z"))     | 6
            getDayOfYear(absTime("1997-08-30T16:04:05Z"))     | 241
            getDayOfYear(absTime("2024-01-01T00:00:00Z"))     | 0
            getHours(absTime("1997-08-30T16:04:05Z"))         | 16
            getMinutes(absTime("1997-08-30T16:04:05Z"))       | 4
            getSeconds(absTime("1997-08-30T16:04:05Z"))       | 5
            getHours(absTime("1997-08-30T16:04:05-05:00"))    | 21
            getDays(absTime("1997-08-30T16:04:05Z"))          | error
            getDays(relTime("1+02:03:04"))                    | 1
            getHours(relTime("1+02:03:04"))                   | 2
            getMinutes(relTime("1+02:03:04"))                 | 3
            getSeconds(relTime("1+02:03:04"))                 | 4
            getSeconds(relTime(4.9))                          | 4
            getDays(relTime(-90061))                          | -1
            getHours(relTime(-90061))                         | -1
            getMinutes(relTime(-90061))                       | -1
            getSeconds(relTime(-90061))                       | -1
            getYear(relTime(1))                               | error
            getMonth(relTime(1))                              | error
            getDayOfMonth(relTime(1))                         | error
            getDayOfWeek(relTime(1))                          | error
            getDayOfYear(relTime(1))                          | error
            getYear(0)                                        | error
            getHours(3600)                                    | error
            getYear(undefined)                                | error
            getYear(error)                                    | error
            getYear("2024-01-31")                             | error
            getYear()                                         | error
            getSeconds(relTime(1), relTime(2))                | error
            """)
    void getFunctionsReadOneFieldOfATime(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // America/Chicago is UTC-6 in January (CST) and UTC-5 in July (CDT); the fixture instant is
    // 04:15:30 there. Literal absTime text is folded by the parser, so zone-less text that must be
    // read in the caller's zone comes from an attribute.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            absTime()                        | absTime("2024-01-31T04:15:30-06:00")
            currentTime()                    | absTime("2024-01-31T04:15:30-06:00")
            absTime(0)                       | absTime("1969-12-31T18:00:00-06:00")
            absTime(1719835200)              | absTime("2024-07-01T07:00:00-05:00")
            absTime(0, 0)                    | absTime("1970-01-01T00:00:00+00:00")
            absTime(Noon)                    | absTime("2024-01-31T12:00:00-06:00")
            absTime(SummerNoon)              | absTime("2024-07-01T12:00:00-05:00")
            absTime(NoonUtc)                 | absTime("2024-01-31T12:00:00+00:00")
            absTime("2024-01-31T12:00:00")   | absTime("2024-01-31T12:00:00+00:00")
            time()                           | 1706696130
            dayTime()                        | relTime("04:15:30")
            timeZoneOffset()                 | relTime("-06:00:00")
            formatTime()                     | "Wed Jan 31 04:15:30 2024"
            formatTime(0, "%H:%M %Z %z")     | "18:00 CST -0600"
            formatTime(1719835200, "%H %Z")  | "07 CDT"
            formatTime(absTime("2024-01-31T12:00:00Z"), "%H")   | "12"
            splitTime(0).Offset              | -21600
            splitTime(0).Hours               | 18
            getHours(absTime("2024-01-31T12:00:00Z"))          | 6
            getDayOfMonth(absTime("2024-01-01T03:00:00Z"))     | 31
            """)
    void theLocalZoneIsTheZoneOfTheCallersClock(String expr, String expected) {
        assertEquals(expected, inChicago(expr,
                "[ Noon = \"2024-01-31 12:00\"; SummerNoon = \"2024-07-01T12:00:00\"; NoonUtc = \"2024-01-31T12:00Z\" ]"));
    }

    @Test
    void relTimeLiteralIsFoldedIntoAValueThatUnparsesAsWritten() {
        Expr e = Expr.parse("relTime(\"01:00\")");
        assertInstanceOf(RelTimeValue.class, e);
        assertEquals("relTime(\"01:00\")", e.unparse());
    }

    @Test
    void absTimeLiteralIsFoldedIntoAValueThatUnparsesAsWritten() {
        Expr e = Expr.parse("absTime(\"2024-01-31T10:15:30-05:00\")");
        assertInstanceOf(AbsTimeValue.class, e);
        assertEquals("absTime(\"2024-01-31T10:15:30-05:00\")", e.unparse());
    }

    @Test
    void malformedTimeLiteralStaysACallThatIsError() {
        Expr e = Expr.parse("relTime(\"soon\")");
        assertInstanceOf(FunctionCall.class, e);
        assertEquals("relTime(\"soon\")", e.unparse());
        assertEquals(Value.ERROR, e.evaluate());
    }

    // The manual and functional_tests.txt keep relative time a type of its own; current libclassad
    // evaluates relTime literals to real seconds. isReltime() itself belongs to the type functions.
    @Test
    void relTimeStaysADistinctTypeWhenComputed() {
        assertInstanceOf(RelTimeValue.class, Evaluation.value("relTime(60)"));
        assertInstanceOf(RelTimeValue.class, Evaluation.value("relTime(\"1:00\") + relTime(1)"));
    }

    @Test
    void timesFarBeyondTheCalendarStillUnparse() {
        assertEquals("absTime(\"3168883850-09-06T09:46:39+00:00\")",
                eval("absTime(\"9999-12-31T23:59:59Z\") + relTime(1e17)"));
    }

    @Test
    void everyAbsTimeInRangeUnparsesToTextThatParsesBackToIt() {
        qt().forAll(longs().between(-62_167_219_200L + 18 * 3600, 253_402_300_799L - 18 * 3600),
                        integers().between(-18 * 60, 18 * 60))
                .checkAssert((seconds, offsetMinutes) -> {
                    String text = eval("absTime(" + seconds + ", " + offsetMinutes * 60 + ")");
                    assertEquals(new AbsTimeValue(seconds, offsetMinutes * 60), Expr.parse(text));
                });
    }

    @Test
    void everyWholeMillisecondIntervalRoundTripsThroughItsText() {
        qt().forAll(longs().between(-10_000_000_000_000L, 10_000_000_000_000L))
                .checkAssert(millis -> {
                    double seconds = millis / 1000.0;
                    String text = TimeFormat.relTime(seconds);
                    assertEquals(seconds, TimeFormat.parseRelTime(text).orElseThrow(), 1e-6, text);
                });
    }
}
