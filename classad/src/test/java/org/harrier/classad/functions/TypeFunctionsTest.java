package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;

import org.harrier.classad.AbsTimeValue;
import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Evaluation;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionCall;
import org.harrier.classad.RelTimeValue;
import org.harrier.classad.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class TypeFunctionsTest {
    /** Calls {@code function} on ready-made values, for kinds of value no literal spells without other families. */
    static String call(String function, Value... args) {
        Expr call = new FunctionCall(function, List.of(args));
        return Evaluation.context().evaluate(call, ClassAd.EMPTY, null).unparse();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            isUndefined(undefined)              | true
            isUndefined(NoSuchAttribute)        | true
            isUndefined(error)                  | false
            isUndefined(0)                      | false
            isUndefined("")                     | false
            isUndefined({undefined})            | false
            isError(error)                      | true
            isError(1 / 0)                      | true
            isError(undefined)                  | false
            isError("error")                    | false
            isString("")                        | true
            isString("abc")                     | true
            isString(1)                         | false
            isString(undefined)                 | false
            isString(error)                     | false
            isInteger(1)                        | true
            isInteger(-9223372036854775807 - 1) | true
            isInteger(1.0)                      | false
            isInteger("1")                      | false
            isInteger(true)                     | false
            isInteger(int("7"))                 | true
            isReal(1.0)                         | true
            isReal(-0.0)                        | true
            isReal(1)                           | false
            isReal(real("NaN"))                 | true
            isReal(real("-INF"))                | true
            isReal(2K)                          | true
            isReal("1.0")                       | false
            isList({})                          | true
            isList({1, "a", {}})                | true
            isList("{}")                        | false
            isList([a = 1])                     | false
            isClassAd([])                       | true
            isClassAd([a = 1; b = a])           | true
            isClassAd({[a = 1]})                | false
            isClassAd({[a = 1]}[0])             | true
            isClassAd("[]")                     | false
            isBoolean(true)                     | true
            isBoolean(false)                    | true
            isBoolean(1 == 1)                   | true
            isBoolean(1)                        | false
            isBoolean(0)                        | false
            isBoolean("true")                   | false
            isBoolean(undefined)                | false
            isAbstime(1706696130)               | false
            isAbstime("2024-01-31T10:15:30")    | false
            isReltime(3600)                     | false
            isReltime("1:00:00")                | false
            ISUNDEFINED(x)                      | true
            isinteger(3)                        | true
            IsReal(3.0)                         | true
            """)
    void typePredicatesTellTheKindOfTheValue(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** From HTCondor's functional_tests.txt, on the ad it builds there. */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            isinteger(a)   | true
            isinteger(b)   | false
            isreal(b)      | true
            isreal(c)      | false
            isstring(c)    | true
            isstring(d)    | false
            isboolean(d)   | true
            isboolean(c)   | false
            islist(l)      | true
            islist(a)      | false
            iserror(e)     | true
            iserror(u)     | false
            isundefined(u) | true
            isundefined(e) | false
            """)
    void typePredicatesAgreeWithHtcondorFunctionalTests(String expr, String expected) {
        String ad = "[ a = 1; b = 2.0; c = \"alain\"; d = true; l = {1, 1, 2, 3, 5}; e = error; u = undefined ]";
        assertEquals(expected, eval(expr, ad));
    }

    static Stream<Arguments> timePredicates() {
        Value abs = new AbsTimeValue(1_706_696_130L, 3600);
        Value rel = new RelTimeValue(3601.5);
        return Stream.of(
                Arguments.of("isAbstime", abs, "true"),
                Arguments.of("isAbstime", rel, "false"),
                Arguments.of("isReltime", rel, "true"),
                Arguments.of("isReltime", abs, "false"),
                Arguments.of("isInteger", abs, "false"),
                Arguments.of("isReal", rel, "false"),
                Arguments.of("isString", abs, "false"));
    }

    @ParameterizedTest(name = "{0}({1}) is {2}")
    @MethodSource("timePredicates")
    void timePredicatesTellAbsoluteFromRelativeTimes(String function, Value arg, String expected) {
        assertEquals(expected, call(function, arg));
    }

    @ParameterizedTest(name = "{0} with no or two arguments is error")
    @ValueSource(strings = {"isUndefined", "isError", "isString", "isInteger", "isReal", "isList",
            "isClassAd", "isBoolean", "isAbstime", "isReltime", "int", "real", "string", "bool"})
    void oneArgumentFunctionsRejectAnyOtherCount(String function) {
        assertEquals("error", eval(function + "()"));
        assertEquals("error", eval(function + "(1, 2)"));
        assertEquals("error", eval(function + "(undefined, undefined)"));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            ifThenElse(1+1==2, 3, 4)                     | 3
            ifThenElse(1+1==3, 3, 4)                     | 4
            ifThenElse(ERROR, 3, 4)                      | error
            ifThenElse(UNDEFINED, 3, 4)                  | undefined
            ifThenElse(true, "a", "b")                   | "a"
            ifThenElse(false, "a", "b")                  | "b"
            ifThenElse(1, "a", "b")                      | "a"
            ifThenElse(-1, "a", "b")                     | "a"
            ifThenElse(0, "a", "b")                      | "b"
            ifThenElse(-9223372036854775807 - 1, 1, 2)   | 1
            ifThenElse(0.0, "a", "b")                    | "b"
            ifThenElse(-0.0, "a", "b")                   | "b"
            ifThenElse(0.5, "a", "b")                    | "a"
            ifThenElse(1e-300, "a", "b")                 | "a"
            ifThenElse(real("NaN"), "a", "b")            | "a"
            ifThenElse(real("-INF"), "a", "b")           | "a"
            ifThenElse("true", 1, 2)                     | error
            ifThenElse("", 1, 2)                         | error
            ifThenElse({}, 1, 2)                         | error
            ifThenElse({true}, 1, 2)                     | error
            ifThenElse([], 1, 2)                         | error
            ifThenElse(NoSuchAttribute, 1, 2)            | undefined
            ifThenElse(true, 1 / 0, 2)                   | error
            ifThenElse(false, 1 / 0, 2)                  | 2
            ifThenElse(true, 1, 1 / 0)                   | 1
            ifThenElse(true, undefined, 2)               | undefined
            ifThenElse(false, 1, error)                  | error
            ifThenElse(true, {1, 2}, 3)                  | `{ 1,2 }`
            ifThenElse(true, ifThenElse(false, 1, 2), 3) | 2
            IFTHENELSE(true, 1, 2)                       | 1
            ifThenElse()                                 | error
            ifThenElse(true)                             | error
            ifThenElse(true, 1)                          | error
            ifThenElse(true, 1, 2, 3)                    | error
            ifThenElse(undefined, 1)                     | error
            """)
    void ifThenElseChoosesABranchByTheCondition(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @Test
    void ifThenElseUsesAttributesOfTheAdItIsIn() {
        assertEquals("\"big\"", eval("ifThenElse(Memory > 1024, \"big\", \"small\")", "[ Memory = 2048 ]"));
        assertEquals("\"small\"", eval("ifThenElse(Memory > 1024, \"big\", \"small\")", "[ Memory = 512 ]"));
        assertEquals("undefined", eval("ifThenElse(Memory > 1024, \"big\", \"small\")", "[ Disk = 512 ]"));
    }

    /**
     * random() is the only built-in with a side effect (it advances the context's generator), so
     * it shows whether a branch was evaluated: an untaken branch must not draw.
     */
    @Test
    void ifThenElseEvaluatesOnlyTheChosenBranch() {
        EvalContext fresh = Evaluation.context();
        Value firstDraw = fresh.evaluate(Expr.parse("random()"), ClassAd.EMPTY, null);

        EvalContext context = Evaluation.context();
        Value skipped = context.evaluate(Expr.parse("ifThenElse(false, random(), 7)"), ClassAd.EMPTY, null);
        Value next = context.evaluate(Expr.parse("random()"), ClassAd.EMPTY, null);

        assertEquals("7", skipped.unparse());
        assertEquals(firstDraw, next);
    }

    @Test
    void ifThenElseEvaluatesTheConditionOnce() {
        EvalContext fresh = Evaluation.context();
        fresh.evaluate(Expr.parse("random()"), ClassAd.EMPTY, null);
        Value secondDraw = fresh.evaluate(Expr.parse("random()"), ClassAd.EMPTY, null);

        EvalContext context = Evaluation.context();
        context.evaluate(Expr.parse("ifThenElse(random() < 2, 1, 2)"), ClassAd.EMPTY, null);
        assertEquals(secondDraw, context.evaluate(Expr.parse("random()"), ClassAd.EMPTY, null));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            int(3)                       | 3
            int(3.9)                     | 3
            int("3.9")                   | 3
            int(-3.9)                    | -3
            int(-0.5)                    | 0
            int(-0.0)                    | 0
            int(true)                    | 1
            int(false)                   | 0
            int(2K)                      | 2048
            int(9223372036854775807)     | 9223372036854775807
            int(9.2e18)                  | 9200000000000000000
            int(1e19)                    | error
            int(-1e19)                   | error
            int(real("INF"))             | error
            int(real("-INF"))            | error
            int(real("NaN"))             | error
            int("12abc")                 | 12
            int("  42")                  | 42
            int("+7")                    | 7
            int("-7")                    | -7
            int("1e3")                   | 1000
            int("0x1A")                  | 26
            int("3k")                    | 3072
            int("1.5k")                  | 1024
            int("2M")                    | 2097152
            int("1G")                    | 1073741824
            int("1T")                    | 1099511627776
            int("2b")                    | 2
            int("2 k")                   | 2
            int("9223372036854775807")   | 9223372036854775807
            int("-9223372036854775808")  | -9223372036854775808
            int("9007199254740993")      | 9007199254740993
            int("9223372036854775808")   | error
            int("8388608T")              | error
            int("NaN")                   | error
            int("inf")                   | error
            int("abc")                   | error
            int("")                      | error
            int(" ")                     | error
            int("-")                     | error
            int(".")                     | error
            int(undefined)               | undefined
            int(NoSuchAttribute)         | undefined
            int(error)                   | error
            int({1})                     | error
            int([a = 1])                 | error
            INT("5")                     | 5
            """)
    void intTruncatesAndReadsLeadingNumbers(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            real(3)                         | 3.0
            real(3.9)                       | 3.9
            real("3.9")                     | 3.9
            real(-9223372036854775807 - 1)  | -9.223372036854776E+18
            real(true)                      | 1.0
            real(false)                     | 0.0
            real(2K)                        | 2048.0
            real("INF")                     | real("INF")
            real("-INF")                    | real("-INF")
            real("NaN")                     | real("NaN")
            real("inf")                     | real("INF")
            real("Infinity")                | real("INF")
            real("-infinity")               | real("-INF")
            real("nan")                     | real("NaN")
            real("-nan(123)")               | real("NaN")
            real("-0.0")                    | -0.0
            real("1e999")                   | real("INF")
            real("-1e999")                  | real("-INF")
            real("1e-999")                  | 0.0
            real("12abc")                   | 12.0
            real(" \\t\\n5.5")                | 5.5
            real("1.5k")                    | 1536.0
            real("2M")                      | 2097152.0
            real(".5")                      | 0.5
            real("5.")                      | 5.0
            real("1e")                      | 1.0
            real("1e+")                     | 1.0
            real("1e+2")                    | 100.0
            real("0x10")                    | 16.0
            real("0x1.8p1")                 | 3.0
            real("0x")                      | 0.0
            real("abc")                     | error
            real("")                        | error
            real("+")                       | error
            real("in")                      | error
            real("e5")                      | error
            real(undefined)                 | undefined
            real(error)                     | error
            real({})                        | error
            real([])                        | error
            REAL("1")                       | 1.0
            """)
    void realConvertsNumbersAndReadsStringsAsStrtodDoes(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** From HTCondor's functional_tests.txt ("Testing extreme numbers"). */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            string(real("INF"))             | `"real(\\"INF\\")"`
            string(real("-INF"))            | `"real(\\"-INF\\")"`
            string(real("NaN"))             | `"real(\\"NaN\\")"`
            real("NaN") == real("NaN")      | false
            real("INF") == real("INF")      | true
            real("-INF") == real("-INF")    | true
            real("INF") == real("-INF")     | false
            0.0 == real("-0.0")             | true
            real("-0.0") =?= -0.0           | true
            string(0.0)                     | "0.0"
            string(-0.0)                    | "-0.0"
            """)
    void specialRealsRoundTripAsHtcondorPrintsThem(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @Test
    void specialRealsReparseToTheSameValue() {
        for (String text : List.of("real(\"INF\")", "real(\"-INF\")", "real(\"NaN\")")) {
            assertEquals(text, eval(eval(text)));
        }
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            string("alain")      | "alain"
            string("")           | ""
            string(1)            | "1"
            string(-1)           | "-1"
            string(1.5)          | "1.5"
            string(1e100)        | "1E+100"
            string(true)         | "true"
            string(false)        | "false"
            string({1, "a"})     | `"{ 1,\\"a\\" }"`
            string([a = 1])      | `"[ a = 1 ]"`
            string(undefined)    | undefined
            string(NoSuch)       | undefined
            string(error)        | error
            STRING(7)            | "7"
            """)
    void stringWritesValuesAsTheyUnparse(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            bool(true)            | true
            bool(false)           | false
            bool(1)               | true
            bool(-1)              | true
            bool(0)               | false
            bool(0.0)             | false
            bool(-0.0)            | false
            bool(0.1)             | true
            bool(real("NaN"))     | true
            bool(real("INF"))     | true
            bool("true")          | true
            bool("TRUE")          | true
            bool("True")          | true
            bool("false")         | false
            bool("FaLsE")         | false
            bool("yes")           | undefined
            bool("1")             | undefined
            bool("")              | undefined
            bool(" true")         | undefined
            bool("falſe")         | undefined
            bool(undefined)       | undefined
            bool(error)           | error
            bool({})              | error
            bool({true})          | error
            bool([])              | error
            BOOL(1)               | true
            """)
    void boolConvertsNumbersAndTheWordsTrueAndFalse(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    static Stream<Arguments> timeConversions() {
        Value second = new AbsTimeValue(1, 0);
        Value zoned = new AbsTimeValue(1_706_696_130L, -5 * 3600);
        return Stream.of(
                // functional_tests.txt: int(absTime("1970-01-01T:00:00:01Z")) is 1, int(reltime("01:00:01")) is 3601
                Arguments.of("int", second, "1"),
                Arguments.of("int", new RelTimeValue(3601), "3601"),
                Arguments.of("real", second, "1.0"),
                Arguments.of("real", new RelTimeValue(3601), "3601.0"),
                Arguments.of("int", zoned, "1706696130"),
                Arguments.of("int", new RelTimeValue(90.9), "90"),
                Arguments.of("int", new RelTimeValue(-90.9), "-90"),
                // libclassad reads a relative time into a time_t: whole seconds only
                Arguments.of("real", new RelTimeValue(1.5), "1.0"),
                Arguments.of("real", new RelTimeValue(-1.5), "-1.0"),
                Arguments.of("string", zoned, "\"2024-01-31T05:15:30-05:00\""),
                Arguments.of("string", new RelTimeValue(3601), "\"01:00:01\""),
                Arguments.of("string", new RelTimeValue(90061.25), "\"1+01:01:01.25\""),
                Arguments.of("bool", second, "error"),
                Arguments.of("bool", new RelTimeValue(0), "false"),
                Arguments.of("bool", new RelTimeValue(5), "true"),
                Arguments.of("bool", new RelTimeValue(0.5), "false"));
    }

    @ParameterizedTest(name = "{0}({1}) is {2}")
    @MethodSource("timeConversions")
    void conversionsOfTimesUseTheirSeconds(String function, Value arg, String expected) {
        assertEquals(expected, call(function, arg));
    }
}
