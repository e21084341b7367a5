package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.harrier.classad.functions.TypeFunctionsTest.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.harrier.classad.AbsTimeValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Evaluation;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionCall;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class MathFunctionsTest {
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            floor(3.9)                          | 3
            floor("3.9")                        | 3
            ceiling(3.9)                        | 4
            ceiling("3.9")                      | 4
            round(3.1)                          | 3
            round(3.9)                          | 4
            floor(-3.1)                         | -4
            ceiling(-3.9)                       | -3
            ceil(3.1)                           | 4
            CEIL(-0.5)                          | 0
            Floor(-0.0)                         | 0
            floor(5)                            | 5
            ceiling(-5)                         | -5
            round(7)                            | 7
            floor(-9223372036854775807 - 1)     | -9223372036854775808
            ceiling(9223372036854775807)        | 9223372036854775807
            floor(true)                         | 1
            ceiling(false)                      | 0
            floor(2K)                           | 2048
            floor(9.2e18)                       | 9200000000000000000
            floor(1e19)                         | error
            ceiling(-1e19)                      | error
            round(1e300)                        | error
            floor(real("INF"))                  | error
            ceiling(real("-INF"))               | error
            round(real("NaN"))                  | error
            floor("7 apples")                   | 7
            floor("2.5k")                       | 2560
            round("0x1.8p1")                    | 3
            floor("abc")                        | error
            floor("")                           | error
            floor(undefined)                    | error
            floor(NoSuchAttribute)              | error
            floor(error)                        | error
            floor({1})                          | error
            ceiling([a = 1])                    | error
            floor()                             | error
            floor(1.5, 2)                       | error
            ceiling()                           | error
            ceil(1, 2)                          | error
            round()                             | error
            round(1.5, 0)                       | error
            """)
    void floorAndCeilingRoundTowardTheInfinities(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** Manual: "In this case, the even valued integer is returned." */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            round(0.5)                | 0
            round(1.5)                | 2
            round(2.5)                | 2
            round(3.5)                | 4
            round(-0.5)               | 0
            round(-2.5)               | -2
            round(-3.5)               | -4
            round(2.4999999999999996) | 2
            round(2.5000000000000004) | 3
            round(3000000000.0)       | 3000000000
            round(-3000000000.4)      | -3000000000
            round("4.5")              | 4
            """)
    void roundGoesToTheNearestIntegerAndHalvesToEven(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    static Stream<Arguments> roundingOfTimes() {
        return Stream.of(
                Arguments.of("floor", new AbsTimeValue(100, 3600), "100"),
                Arguments.of("round", new AbsTimeValue(-100, 0), "-100"),
                Arguments.of("ceiling", new RelTimeValue(1.5), "1"), // whole seconds first, as libclassad
                Arguments.of("floor", new RelTimeValue(-1.5), "-1"));
    }

    @ParameterizedTest(name = "{0}({1}) is {2}")
    @MethodSource("roundingOfTimes")
    void roundingATimeUsesItsSeconds(String function, Value arg, String expected) {
        assertEquals(expected, call(function, arg));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            pow(2, 10)                            | 1024
            pow(2, 0)                             | 1
            pow(0, 0)                             | 1
            pow(-7, 0)                            | 1
            pow(0.0, 0)                           | 1.0
            pow(0, 0.0)                           | 1.0
            pow(0.0, 0.0)                         | 1.0
            pow(real("NaN"), 0)                   | 1.0
            pow(real("INF"), 0.0)                 | 1.0
            pow(0, 5)                             | 0
            pow(-2, 3)                            | -8
            pow(-2, 2)                            | 4
            pow(-1, 9223372036854775807)          | -1
            pow(1, 9223372036854775807)           | 1
            pow(2, 62)                            | 4611686018427387904
            pow(-2, 63)                           | -9223372036854775808
            pow(3, 39)                            | 4052555153018976267
            pow(10, 18)                           | 1000000000000000000
            pow(2, 63)                            | error
            pow(3, 40)                            | error
            pow(10, 19)                           | error
            pow(2, -1)                            | 0.5
            pow(2, -2)                            | 0.25
            pow(0, -1)                            | real("INF")
            pow(2.0, 3)                           | 8.0
            pow(2, 3.0)                           | 8.0
            pow(2.5, 2)                           | 6.25
            pow(4, 0.5)                           | 2.0
            pow(-8, 1.0 / 3)                      | real("NaN")
            pow(1, real("NaN"))                   | 1.0
            pow(-1, real("INF"))                  | 1.0
            pow(10, 400.0)                        | real("INF")
            pow("2", 3)                           | 8.0
            pow(2, "3")                           | 8.0
            pow(true, 2)                          | 1.0
            pow("abc", 2)                         | error
            pow(undefined, 2)                     | error
            pow(2, undefined)                     | error
            pow(error, 0)                         | error
            pow({2}, 2)                           | error
            pow(2, [a = 1])                       | error
            pow(2)                                | error
            pow(2, 3, 4)                          | error
            pow()                                 | error
            POW(2, 3)                             | 8
            """)
    void powIsExactForIntegersAndRealOtherwise(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** The manual's examples, verbatim; reals are compared to within rounding, as HTCondor prints them to 15 digits. */
    @ParameterizedTest(name = "{1} = {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            8     | quantize(3, 8)
            4     | quantize(3, 2)
            0     | quantize(0, 4)
            6.8   | quantize(1.5, 6.8)
            7.2   | quantize(6.8, 1.2)
            10.2  | quantize(10, 5.1)
            4     | quantize(0, {4})
            2     | quantize(2, {1, 2, "A"})
            3.0   | quantize(3, {1, 2, 0.5})
            3.0   | quantize(2.7, {1, 2, 0.5})
            ERROR | quantize(3, {1, 2, "A"})
            """)
    void quantizeFollowsTheManualsExamples(String expected, String expr) {
        Value want = Evaluation.value(expected);
        Value got = Evaluation.value(expr);
        assertEquals(want.getClass(), got.getClass(), () -> expr + " gave " + got.unparse());
        if (want instanceof RealValue w) {
            assertEquals(w.value(), ((RealValue) got).value(), 1e-12, expr);
        } else {
            assertEquals(want, got);
        }
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            quantize(8, 8)                                | 8
            quantize(9, 8)                                | 16
            quantize(-3, 2)                               | -2
            quantize(-4, 3)                               | -3
            quantize(5, -2)                               | 4
            quantize(-5, -2)                              | -6
            quantize(3, 0)                                | 3
            quantize(3.5, 0)                              | 3.5
            quantize("5", 0)                              | "5"
            quantize(3, 0.0)                              | 3
            quantize(3, 1e-9)                             | 3
            quantize(3, 1)                                | 3
            quantize(-9223372036854775807 - 1, -1)        | -9223372036854775808
            quantize(9223372036854775807, 1)              | 9223372036854775807
            quantize(9223372036854775807, 2)              | error
            quantize(1.5, 2)                              | 2.0
            quantize(4.0, 2)                              | 4.0
            quantize(true, 2)                             | 2.0
            quantize("3", 2)                              | 4.0
            quantize(3, "2")                              | 4.0
            quantize(1000, 1K)                            | 1024.0
            quantize(3, {})                               | 3
            quantize(5, {1, 2})                           | 6
            quantize(5, {1, 2.5})                         | 5.0
            quantize(0, {true})                           | true
            quantize(1, {"1"})                            | "1"
            quantize(1, {1, undefined})                   | 1
            quantize(3, {1, undefined})                   | error
            quantize(3, {"x"})                            | error
            quantize(3, {{4}})                            | error
            quantize(real("NaN"), 2)                      | real("NaN")
            quantize(real("INF"), 2.0)                    | real("INF")
            quantize(undefined, 2)                        | error
            quantize(2, undefined)                        | error
            quantize(error, 2)                            | error
            quantize("abc", 2)                            | error
            quantize([a = 1], 2)                          | error
            quantize(3, [a = 1])                          | error
            quantize(3)                                   | error
            quantize(3, 2, 1)                             | error
            quantize()                                    | error
            QUANTIZE(3, 2)                                | 4
            """)
    void quantizeRoundsUpToAMultipleOrAListMember(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            random(0)             | error
            random(-1)            | error
            random(0.0)           | error
            random(-0.0)          | error
            random(-0.5)          | error
            random(real("NaN"))   | error
            random(real("INF"))   | error
            random("10")          | error
            random(true)          | error
            random(undefined)     | error
            random(error)         | error
            random({1})           | error
            random(1, 2)          | error
            random(1)             | 0
            isReal(random())      | true
            isReal(random(2.5))   | true
            isInteger(random(10)) | true
            isInteger(RANDOM(9223372036854775807)) | true
            """)
    void randomNeedsAPositiveNumberAndKeepsItsType(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    private static List<Value> draws(long seed, String expr, int n) {
        EvalContext context = EvalContext.create(Evaluation.CLOCK, seed);
        Expr e = Expr.parse(expr);
        List<Value> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(context.evaluate(e, ClassAd.EMPTY, null));
        }
        return out;
    }

    @Test
    void randomRepeatsItsDrawsForTheSameSeed() {
        for (String expr : List.of("random()", "random(100)", "random(2.5)", "random(9223372036854775807)")) {
            assertEquals(draws(7, expr, 20), draws(7, expr, 20), expr);
            assertNotEquals(draws(7, expr, 20), draws(8, expr, 20), expr);
        }
    }

    @Test
    void randomDoesNotDependOnTheClock() {
        Expr e = Expr.parse("random(1000000)");
        Value a = EvalContext.create(Clock.systemUTC(), 99).evaluate(e, ClassAd.EMPTY, null);
        Value b = EvalContext.create(Evaluation.CLOCK, 99).evaluate(e, ClassAd.EMPTY, null);
        assertEquals(a, b);
    }

    @Test
    void randomWithoutArgumentsStaysInTheUnitInterval() {
        for (Value v : draws(1, "random()", 2000)) {
            double r = ((RealValue) v).value();
            assertTrue(r >= 0.0 && r < 1.0, v.unparse());
        }
    }

    @Test
    void randomOfASmallIntegerReachesEveryValue() {
        Set<Value> seen = new HashSet<>(draws(3, "random(3)", 300));
        assertEquals(Set.of(IntegerValue.of(0), IntegerValue.of(1), IntegerValue.of(2)), seen);
    }

    private static Value random(long seed, Value bound) {
        Expr e = new FunctionCall("random", List.of(bound));
        return EvalContext.create(Evaluation.CLOCK, seed).evaluate(e, ClassAd.EMPTY, null);
    }

    @Test
    void randomOfAnIntegerIsAnIntegerInRange() {
        qt().forAll(longs().all(), longs().between(1, Long.MAX_VALUE)).checkAssert((seed, n) -> {
            long r = ((IntegerValue) random(seed, IntegerValue.of(n))).value();
            assertTrue(r >= 0 && r < n, r + " not in [0, " + n + ")");
        });
    }

    @Test
    void randomOfARealIsARealInRange() {
        qt().forAll(longs().all(), doubles().between(Double.MIN_VALUE, Double.MAX_VALUE)).checkAssert((seed, x) -> {
            double r = ((RealValue) random(seed, new RealValue(x))).value();
            assertTrue(r >= 0 && r < x, r + " not in [0, " + x + ")");
        });
    }

    @Test
    void nonPositiveBoundsAreErrors() {
        qt().forAll(longs().between(Long.MIN_VALUE, 0)).checkAssert(n ->
                assertEquals(Value.ERROR, random(1, IntegerValue.of(n))));
        qt().forAll(doubles().between(-Double.MAX_VALUE, 0.0)).checkAssert(x ->
                assertEquals(Value.ERROR, random(1, new RealValue(x))));
    }

    @Test
    void roundingFunctionsAgreeWithJavaForEveryRealInRange() {
        qt().forAll(doubles().between(-9.0e18, 9.0e18)).checkAssert(x -> {
            Value arg = new RealValue(x);
            assertEquals(Long.toString((long) Math.floor(x)), call("floor", arg));
            assertEquals(Long.toString((long) Math.ceil(x)), call("ceiling", arg));
            assertEquals(Long.toString((long) Math.rint(x)), call("round", arg));
        });
    }

    @Test
    void quantizeOfPositiveIntegersIsTheSmallestMultipleNotBelow() {
        qt().forAll(longs().between(0, 1L << 40), longs().between(1, 1L << 20)).checkAssert((a, b) -> {
            long q = ((IntegerValue) Evaluation.value("quantize(" + a + ", " + b + ")")).value();
            assertTrue(q % b == 0 && q >= a && q - a < b, "quantize(" + a + ", " + b + ") = " + q);
        });
    }
}
