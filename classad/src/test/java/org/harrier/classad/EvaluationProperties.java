package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.quicktheories.QuickTheory.qt;

import org.harrier.classad.ExprGenerators.Flavor;
import org.junit.jupiter.api.Test;

/**
 * Evaluation is total (issue: "evaluation of any generated expression returns a value and never
 * throws"), deterministic for a given clock and seed, and every value it gives that has a literal
 * form unparses to text that reads back as the same value. The expressions use every node kind,
 * time values and calls of every registered built-in function, inside generated ads matched
 * against generated ads.
 */
class EvaluationProperties {
    private static final long SEED = 0x4A52_2024L;

    @Test
    void evaluationAlwaysGivesAValueAndTheSameValueTwice() {
        qt().withFixedSeed(SEED).withExamples(10_000)
                .forAll(ExprGenerators.expressions(Flavor.EVALUATION, 5),
                        ExprGenerators.ads(Flavor.EVALUATION, 3),
                        ExprGenerators.ads(Flavor.EVALUATION, 3))
                .checkAssert((e, my, target) -> {
                    Value v = Evaluation.context().evaluate(e, my, target);
                    assertNotNull(v);
                    assertEquals(v.unparse(), Evaluation.context().evaluate(e, my, target).unparse());
                    assertNotNull(Evaluation.context().evaluate(e, my, null));
                    assertNotNull(Evaluation.context().evaluate(e, ClassAd.EMPTY, null));
                    for (String name : my.names()) {
                        assertNotNull(Evaluation.context().evaluateAttribute(name, my, target));
                    }
                });
    }

    @Test
    void matchingGeneratedAdsAlwaysGivesAnAnswer() {
        qt().withFixedSeed(SEED + 1).withExamples(5_000)
                .forAll(ExprGenerators.ads(Flavor.EVALUATION, 4), ExprGenerators.ads(Flavor.EVALUATION, 4),
                        ExprGenerators.expressions(Flavor.EVALUATION, 4), ExprGenerators.expressions(Flavor.EVALUATION, 4))
                .checkAssert((job, machine, requirements, rank) -> {
                    ClassAd j = job.with(Match.REQUIREMENTS, requirements).with(Match.RANK, rank);
                    Match m = Match.of(j, machine, Evaluation.context());
                    assertEquals(m.matched(), Match.symmetric(machine, j, Evaluation.context()));
                    assertEquals(m, Match.of(j, machine, Evaluation.context()));
                });
    }

    @Test
    void valuesWithLiteralsReadBackFromTheirUnparsedText() {
        qt().withFixedSeed(SEED + 2).withExamples(10_000)
                .forAll(ExprGenerators.expressions(Flavor.EVALUATION, 5), ExprGenerators.ads(Flavor.EVALUATION, 3))
                .checkAssert((e, my) -> {
                    Value v = Evaluation.context().evaluate(e, my, null);
                    if (hasLiteral(v)) {
                        String text = v.unparse();
                        assertEquals(v, Evaluation.context().evaluate(Expr.parse(text), ClassAd.EMPTY, null), text);
                    }
                });
    }

    /**
     * True unless the value holds something whose text is a function call rather than a literal:
     * a time ({@code absTime("...")}), a non-finite real ({@code real("INF")}), or a call of
     * absTime/relTime that the parser would fold into a time value.
     */
    private static boolean hasLiteral(Expr e) {
        if (e instanceof AbsTimeValue || e instanceof RelTimeValue) {
            return false;
        }
        if (e instanceof RealValue r && !Double.isFinite(r.value())) {
            return false;
        }
        if (e instanceof ScaledNumber n && !Double.isFinite(Coercion.toDouble(n.number()) * ScaledNumber.factor(n.suffix()))) {
            return false;
        }
        if (e instanceof FunctionCall f && (f.name().equalsIgnoreCase("absTime") || f.name().equalsIgnoreCase("relTime"))) {
            return false;
        }
        for (Expr child : TreeShape.children(e)) {
            if (!hasLiteral(child)) {
                return false;
            }
        }
        return true;
    }
}
