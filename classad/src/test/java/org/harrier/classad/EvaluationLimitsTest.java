package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile ads end in {@code error} within bounded stack and time, while anything inside the
 * limits still evaluates correctly on a thread with a small (512 KiB) stack.
 */
class EvaluationLimitsTest {
    private static final long SMALL_STACK = 512 * 1024;

    /** a0 = 1; a_i = a_(i-1) + 1 */
    private static ClassAd arithmeticChain(int links) {
        return chain(links, i -> "a" + (i - 1) + " + 1");
    }

    /** a0 = 1; a_i = ifThenElse(true, a_(i-1) + 1, 0): function calls cost more stack per link. */
    private static ClassAd callChain(int links) {
        return chain(links, i -> "ifThenElse(true, a" + (i - 1) + " + 1, 0)");
    }

    private static ClassAd chain(int links, IntFunction<String> link) {
        ClassAd.Builder b = ClassAd.builder().set("a0", 1);
        for (int i = 1; i <= links; i++) {
            b.setExpr("a" + i, link.apply(i));
        }
        return b.build();
    }

    private static String evaluateOnSmallStack(ClassAd ad, String attribute) throws InterruptedException {
        AtomicReference<String> result = new AtomicReference<>();
        Thread t = new Thread(null, () -> result.set(ad.evaluate(attribute).unparse()), "small-stack", SMALL_STACK);
        t.start();
        t.join(TimeUnit.SECONDS.toMillis(30));
        return result.get();
    }

    @Test
    @Timeout(30)
    void longestArithmeticChainWithinTheLimitEvaluatesCorrectlyOnASmallStack() throws InterruptedException {
        assertEquals("501", evaluateOnSmallStack(arithmeticChain(500), "a500"));
    }

    @Test
    @Timeout(30)
    void longChainOfFunctionCallsWithinTheLimitEvaluatesCorrectlyOnASmallStack() throws InterruptedException {
        assertEquals("301", evaluateOnSmallStack(callChain(300), "a300"));
    }

    @Test
    @Timeout(30)
    void chainOfThreeThousandAttributesIsErrorNotAStackOverflow() throws InterruptedException {
        assertEquals("error", evaluateOnSmallStack(arithmeticChain(3000), "a3000"));
        assertEquals("error", evaluateOnSmallStack(callChain(3000), "a3000"));
    }

    @Test
    @Timeout(30)
    void attributesThatDoubleTheirWorkPerLinkEndInErrorInsteadOfRunningForEver() {
        // a_i = a_(i+1) + a_(i+1): 2^60 evaluations without a work cap.
        ClassAd.Builder b = ClassAd.builder().set("a60", 1);
        for (int i = 1; i < 60; i++) {
            b.setExpr("a" + i, "a" + (i + 1) + " + a" + (i + 1));
        }
        assertEquals("error", b.build().evaluate("a1").unparse());
    }

    @Test
    @Timeout(30)
    void moderatelyBranchyAttributesStillEvaluate() {
        // 2^15 evaluations is real work but well inside the cap.
        ClassAd.Builder b = ClassAd.builder().set("a16", 1);
        for (int i = 1; i < 16; i++) {
            b.setExpr("a" + i, "a" + (i + 1) + " + a" + (i + 1));
        }
        assertEquals("32768", b.build().evaluate("a1").unparse());
    }

    @Test
    void aFreshTopLevelEvaluationGetsTheWholeWorkBudgetAgain() {
        ClassAd.Builder b = ClassAd.builder().set("a20", 1);
        for (int i = 1; i < 20; i++) {
            b.setExpr("a" + i, "a" + (i + 1) + " + a" + (i + 1));
        }
        ClassAd ad = b.build();
        EvalContext context = Evaluation.context();
        Expr a1 = Expr.parse("a1");
        // 2^19 hops each: two in a row fit only if the budget is per top-level evaluation.
        assertEquals("524288", context.evaluate(a1, ad, null).unparse());
        assertEquals("524288", context.evaluate(a1, ad, null).unparse());
    }

    @Test
    @Timeout(60)
    void everyKindOfBracketNestedToTheLimitParsesEvaluatesAndPrintsOnASmallStack() throws InterruptedException {
        String[][] shapes = {{"(", ")"}, {"f(", ")"}, {"[a = ", "]"}, {"{", "}"}, {"x[", "]"}, {"c ? (", ") : 0"}};
        for (String[] shape : shapes) {
            int levels = shape[0].startsWith("c") ? Parser.MAX_NESTING / 2 - 1 : Parser.MAX_NESTING - 1;
            String text = shape[0].repeat(levels) + "1" + shape[1].repeat(levels);
            AtomicReference<String> outcome = new AtomicReference<>();
            Thread t = new Thread(null, () -> {
                Expr e = Expr.parse(text);
                e.evaluate().unparse();
                outcome.set(Expr.parse(e.unparse()).equals(e) ? "round trip" : "different");
            }, "small-stack", SMALL_STACK);
            t.start();
            t.join();
            assertEquals("round trip", outcome.get(), () -> "nesting " + shape[0]);
        }
    }

    @Test
    void aStringCannotHoldANulCharacter() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> new StringValue("a\0b"));
        assertEquals("a ClassAd string cannot contain a NUL character", e.getMessage());
    }
}
