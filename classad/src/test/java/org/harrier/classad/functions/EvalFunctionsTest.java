package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Evaluation;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EvalFunctionsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            eval("1+1")                      | 2
            eval(1+1)                        | 2
            eval("1+")                       | error
            eval("")                         | error
            eval("1 2")                      | error
            eval(undefined)                  | error
            eval(error)                      | error
            eval("undefined")                | undefined
            eval("error")                    | error
            eval("x")                        | undefined
            eval({ 1, 2 })                   | { 1,2 }
            eval("\\"abc\\"")                | "abc"
            eval("relTime(\\"1:00\\")")      | relTime("01:00")
            eval(3.5)                        | 3.5
            eval(true)                       | true
            eval("eval(\\"eval(\\\\\\"7\\\\\\")\\")")  | 7
            eval()                           | error
            eval("1", "2")                   | error
            """)
    void evalParsesTextAndEvaluatesIt(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // functional_tests.txt: [ A = 1; B = 2; C = eval("A+B"); ] has C = 3. The manual's slot example
    // builds the name with strcat(), a string function of another family; here it is an attribute.
    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            C     | [ A = 1; B = 2; C = eval("A+B"); ]                                          | 3
            State | [ SlotID = 5; slot15_State = "Claimed"; Name = "slot15_State"; State = eval(Name) ] | "Claimed"
            Out   | [ r = [ x = 4; y = eval("x * 2") ]; Out = r.y ]                              | 8
            a     | [ a = eval("a") ]                                                          | error
            a     | [ a = eval("b"); b = eval("a") ]                                            | error
            x     | [ s = "eval(s)"; x = eval(s) ]                                              | error
            x     | [ s = "eval(s) + 1"; x = eval(s) ]                                          | error
            x     | [ s = "[ t = eval(s) ].t"; x = eval(s) ]                                    | error
            x     | [ x = eval("y"); y = 3 ]                                                    | 3
            """)
    void evalEvaluatesWhereItIsCalled(String attribute, String ad, String expected) {
        assertEquals(expected, eval(attribute, ad));
    }

    @Test
    void evalSeesTheTargetAdAsAttributeReferencesDo() {
        assertEquals("2048", eval("eval(\"Memory\")", "[ Cpus = 1 ]", "[ Memory = 2048 ]"));
        assertEquals("2048", eval("eval(\"TARGET.Memory\")", "[ Cpus = 1 ]", "[ Memory = 2048 ]"));
    }

    @Test
    void evalNestsAndChainsWellWithinTheDepthCap() {
        String nested = "7";
        for (int i = 0; i < 8; i++) {
            nested = "eval(" + quote(nested) + ")";
        }
        assertEquals("7", eval(nested));
        StringBuilder chain = new StringBuilder("[ a0 = 7; ");
        for (int i = 1; i <= 50; i++) {
            chain.append("a").append(i).append(" = eval(\"a").append(i - 1).append("\"); ");
        }
        assertEquals("7", eval("a50", chain.append("]").toString()));
    }

    @Test
    void evalOfTextNestedBeyondTheParsersLimitIsError() {
        String deep = "(".repeat(5000) + "1" + ")".repeat(5000);
        assertEquals("error", eval("eval(" + quote(deep) + ")"));
    }

    @Test
    void aSelfEvaluatingStringEndsInErrorNotAStackOverflowEvenOnA256KbStack() throws InterruptedException {
        String[] result = new String[1];
        Thread t = new Thread(null, () -> result[0] = eval("x", "[ s = \"eval(s)\"; x = eval(s) ]"),
                "small-stack", 256 * 1024);
        t.start();
        t.join();
        assertEquals("error", result[0]);
    }

    @Test
    @Timeout(60)
    void aStringThatEvalsItselfTwiceOverEndsInError() {
        assertEquals("error", eval("x", "[ s = \"eval(s) + eval(s)\"; x = eval(s) ]"));
    }

    @Test
    void eachTopLevelEvaluationGetsTheWholeDynamicEvaluationBudget() {
        String ads = "{ " + String.join(", ", Collections.nCopies(6000, "[ p = 1 ]")) + " }";
        Expr count = Expr.parse("countMatches(p == 1, " + ads + ")");
        EvalContext context = Evaluation.context();
        assertEquals(IntegerValue.of(6000), context.evaluate(count, ClassAd.EMPTY, null));
        assertEquals(IntegerValue.of(6000), context.evaluate(count, ClassAd.EMPTY, null));
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            unparse(a)         | [ a = x + 3 ]                  | "x + 3"
            unparse(a)         | [ a = 5 ]                      | "5"
            unparse(a)         | [ a = "hi" ]                   | "\\"hi\\""
            unparse(a)         | [ a = 1 / 0 ]                  | "1 / 0"
            unparse(a)         | [ a = { 1, b } ]               | "{ 1,b }"
            unparse(A)         | [ a = x + 3 ]                  | "x + 3"
            unparse(missing)   | [ a = 1 ]                      | ""
            unparse(MY.a)      | [ a = x + 3 ]                  | "x + 3"
            unparse(r.a)       | [ r = [ a = 1 ] ]              | ""
            unparse("a")       | [ a = 1 ]                      | error
            unparse(1)         | [ a = 1 ]                      | error
            unparse(a + 1)     | [ a = 1 ]                      | error
            unparse()          | [ a = 1 ]                      | error
            unparse(a, a)      | [ a = 1 ]                      | error
            """)
    void unparseGivesTheTextOfAnAttributesExpression(String expr, String ad, String expected) {
        assertEquals(expected, eval(expr, ad));
    }

    @Test
    void unparseLooksUnscopedNamesUpInTheCallingAdOnly() {
        assertEquals("\"\"", eval("unparse(Memory)", "[ Cpus = 1 ]", "[ Memory = 1024 * 2 ]"));
        assertEquals("\"1024 * 2\"", eval("unparse(TARGET.Memory)", "[ Cpus = 1 ]", "[ Memory = 1024 * 2 ]"));
        assertEquals("\"\"", eval("R.u", "[ x = 1; R = [ u = unparse(x) ] ]"));
        assertEquals("\"1\"", eval("R.u", "[ x = 1; R = [ u = unparse(PARENT.x) ] ]"));
    }

    // The manual's examples come first.
    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            unresolved(Requirements)            | `[ Requirements = OpSys == "LINUX" && TARGET.Arch == "ARM" && Cpus >= RequestCpus; RequestCpus = 1 ]` | "Arch,Cpus,OpSys"
            unresolved(Requirements, "^OpSys")  | [ Requirements = OpSys == "LINUX" && Arch == "ARM" ] | true
            unresolved(Requirements, "OpSys.+") | [ Requirements = OpSys == "LINUX" && Arch == "ARM" ] | false
            unresolved(Requirements, "^opsys")  | [ Requirements = OpSys == "LINUX" && Arch == "ARM" ] | true
            unresolved(Requirements, "x*")      | [ Requirements = OpSys == "LINUX" && Arch == "ARM" ] | false
            unresolved(Requirements, "")        | [ Requirements = OpSys == "LINUX" && Arch == "ARM" ] | false
            unresolved(A)                       | [ A = B + C; B = D; C = 1 ]            | "D"
            unresolved(A)                       | [ A = B; B = A ]                       | ""
            unresolved(A)                       | [ A = 1 ]                              | ""
            unresolved(A)                       | [ A = MY.B + MY.C; B = 1 ]             | "C"
            unresolved(A)                       | [ A = zeta + Alpha + beta ]            | "Alpha,beta,zeta"
            unresolved(A)                       | [ A = x + X ]                          | "x"
            unresolved(A)                       | [ A = size({ p, q }) ]                 | "p,q"
            unresolved(A)                       | [ A = c ? t : f ]                      | "c,f,t"
            unresolved(A)                       | [ A = v ?: w ]                         | "v,w"
            unresolved(A)                       | [ A = -(n) ]                           | "n"
            unresolved(A)                       | [ A = l[i] ]                           | "i,l"
            unresolved(A)                       | [ A = [ b = q ].b ]                    | "q"
            unresolved(A)                       | [ A = TARGET.X + TARGET ]              | "X"
            unresolved(MY.A)                    | [ A = B ]                              | "B"
            unresolved(Missing)                 | [ A = B ]                              | undefined
            unresolved(Missing, "x")            | [ A = B ]                              | undefined
            unresolved(A, 5)                    | [ A = B ]                              | error
            unresolved(A, undefined)            | [ A = B ]                              | error
            unresolved(A, "(")                  | [ A = B ]                              | error
            unresolved("A")                     | [ A = B ]                              | error
            unresolved(r.A)                     | [ r = [ A = B ] ]                      | error
            unresolved()                        | [ A = B ]                              | error
            unresolved(A, "B", 1)               | [ A = B ]                              | error
            """)
    void unresolvedListsTheAttributesAnExpressionReadsFromElsewhere(String expr, String ad, String expected) {
        assertEquals(expected, eval(expr, ad));
    }

    @Test
    void unresolvedDoesNotCountTheTargetAdAsDefiningUnscopedNames() {
        assertEquals("\"Memory\"", eval("unresolved(A)", "[ A = Memory > 1 ]", "[ Memory = 2048 ]"));
        assertEquals("\"Y\"", eval("unresolved(TARGET.A)", "[ B = 1 ]", "[ A = Y ]"));
        assertEquals("\"z\"", eval("R.u", "[ x = 1; R = [ e = x + z; u = unresolved(e) ] ]"));
    }

    // The manual's examples come first.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `evalInEachContext(Prio > 2, { [Prio=3;], [Prio=1;] })`  | `{ true,false }`
            `evalInEachContext(Prio, { [Prio=3;], [Prio=1;] })`      | `{ 3,1 }`
            `evalInEachContext(Prio > 2, { [Prio=3;], UNDEFINED })`  | error
            evalInEachContext(Prio > 2, UNDEFINED)                   | error
            `countMatches(Prio > 2, { [Prio=3;], [Prio=1;] })`       | 1
            `countMatches(Prio > 2, { [Prio=3;], UNDEFINED })`       | 1
            countMatches(Prio > 2, UNDEFINED)                        | 0
            evalInEachContext(Prio > 2, { })                         | {  }
            `evalInEachContext(Missing, { [Prio=3;] })`              | { undefined }
            `evalInEachContext(Sub, { [Sub = [a = 1]] })`            | { [ a = 1 ] }
            `evalInEachContext(Prio, { [Prio=3], 4 })`               | error
            evalInEachContext(Prio, 5)                               | error
            evalInEachContext(Prio, error)                           | error
            evalInEachContext(Prio)                                  | error
            `evalInEachContext(Prio, { }, { })`                      | error
            `countMatches(Prio, { [Prio=3], [Prio=0], [Prio=true], [Prio="x"], [Prio=0.5] })` | 3
            `countMatches(Prio > 2, { 1, "a", [Prio = 5], error })`  | 1
            countMatches(Prio > 2, { })                              | 0
            countMatches(Prio > 2, error)                            | error
            countMatches(Prio > 2, 5)                                | error
            countMatches(Prio > 2, "list")                           | error
            countMatches()                                           | error
            countMatches(Prio > 2)                                   | error
            `countMatches(Prio, { }, 1)`                             | error
            """)
    void evalInEachContextAndCountMatchesEvaluateInsideEachRecord(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            R | `[ Want = Prio > 2; R = evalInEachContext(Want, { [Prio=3], [Prio=1] }) ]` | `{ true,false }`
            R | `[ Ads = { [Prio=3], [Prio=1] }; R = evalInEachContext(Prio * 10, Ads) ]`  | `{ 30,10 }`
            R | `[ Min = 2; R = countMatches(Prio > Min, { [Prio=3], [Prio=1] }) ]`        | 1
            R | `[ Prio = Weight * 2; R = evalInEachContext(MY.Prio, { [Weight=3] }) ]`     | `{ 6 }`
            X | `[ X = countMatches(X, { [p = 1] }) ]`                                     | 0
            """)
    void aReferencedAttributesExpressionIsWhatGetsEvaluated(String attribute, String ad, String expected) {
        assertEquals(expected, eval(attribute, ad));
    }

    @Test
    void evalInEachContextReenteringItselfEndsInErrorDeepInside() {
        String result = eval("X", "[ X = evalInEachContext(X, { [p = 1] }) ]");
        assertTrue(result.startsWith("{ { { "), result);
        assertTrue(result.contains("{ error }"), result);
    }

    // compat_classad.cpp's motivating case: a job asks for GPUs of some capability among a slot's
    // heterogeneous GPUs.
    @Test
    void countMatchesMatchesAJobAgainstTheSlotsCustomResources() {
        String job = "[ RequestGPUs = 1; RequireGPUs = Capability > 4;"
                + " Requirements = countMatches(RequireGPUs, TARGET.AvailableGPUs) >= RequestGPUs ]";
        String slot = "[ AvailableGPUs = { GPUs_tag1, GPUs_tag2 };"
                + " GPUs_tag1 = [ Capability = 4.0; Name = \"GRX\" ];"
                + " GPUs_tag2 = [ Capability = 5.5; Name = \"Tesla\" ] ]";
        assertEquals("true", eval("Requirements", job, slot));
        assertEquals("{ \"GRX\",\"Tesla\" }", eval("evalInEachContext(Name, TARGET.AvailableGPUs)", job, slot));
        assertEquals("0", eval("countMatches(RequireGPUs, TARGET.AvailableGPUs)",
                job.replace("Capability > 4", "Capability > 6"), slot));
    }

    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            debug(1 + 2)       | [ ]         | 3
            debug(x)           | [ x = 5 ]   | 5
            debug(undefined)   | [ ]         | undefined
            debug(error)       | [ ]         | error
            debug(y)           | [ ]         | undefined
            debug()            | [ ]         | error
            debug(1, 2)        | [ ]         | error
            """)
    void debugReturnsItsArgumentsValue(String expr, String ad, String expected) {
        assertEquals(expected, eval(expr, ad));
    }

    @Test
    void debugLogsTheExpressionAndItsValueAtDebugLevel() {
        Logger logger = Logger.getLogger(EvalFunctions.class.getName());
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Level saved = logger.getLevel();
        logger.setLevel(Level.FINE);
        logger.addHandler(handler);
        try {
            assertEquals("3", eval("debug(1 + 2)"));
        } finally {
            logger.removeHandler(handler);
            logger.setLevel(saved);
        }
        assertEquals(1, records.size());
        assertEquals(Level.FINE, records.get(0).getLevel());
        assertTrue(records.get(0).getMessage().contains("debug(1 + 2) = 3"), records.get(0).getMessage());
    }
}
