package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * Jazzer fuzz target for the parser (issue 2: "bad input never crashes and never hangs").
 *
 * <p>Any text is fed to {@link Expr#parse} and {@link ClassAd#parse} in both syntaxes. The only
 * exception allowed is {@link ClassAdParseException}; whatever parses is then evaluated and
 * unparsed, and must read back as an equal expression or ad. Any other exception, a
 * {@link StackOverflowError} or a failed round trip is a finding.
 *
 * <p>{@code mvn verify} runs this in regression mode on the seeds in
 * {@code src/test/resources/org/harrier/classad/ParserFuzzTestInputs/parsesOrRejectsAnyText/}.
 * Real fuzzing, bounded by {@code maxDuration}, is {@code mvn -B -pl classad -Pfuzz verify}
 * (classad/FUZZING.md).
 */
class ParserFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void parsesOrRejectsAnyText(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        for (Syntax syntax : Syntax.values()) {
            Expr expr = parseExpr(text, syntax);
            if (expr != null) {
                checkExpr(expr, syntax);
            }
            ClassAd ad = parseAd(text, syntax);
            if (ad != null) {
                checkAd(ad, syntax);
            }
        }
        ClassAd either = parseAd(text, null);
        if (either != null) {
            checkAd(either, Syntax.NEW);
        }
    }

    private static Expr parseExpr(String text, Syntax syntax) {
        try {
            return Expr.parse(text, syntax);
        } catch (ClassAdParseException e) {
            return null;
        }
    }

    private static ClassAd parseAd(String text, Syntax syntax) {
        try {
            return syntax == null ? ClassAd.parse(text) : ClassAd.parse(text, syntax);
        } catch (ClassAdParseException e) {
            return null;
        }
    }

    private static void checkExpr(Expr expr, Syntax parsedAs) {
        assertNotNull(Evaluation.context().evaluate(expr, ClassAd.EMPTY, null).unparse());
        String newText = expr.unparse(Syntax.NEW);
        assertEquals(expr, Expr.parse(newText, Syntax.NEW), () -> "new-syntax round trip of " + newText);
        if (parsedAs == Syntax.OLD && OldSyntaxLimits.canWrite(expr)) {
            String oldText = expr.unparse(Syntax.OLD);
            assertEquals(expr, Expr.parse(oldText, Syntax.OLD), () -> "old-syntax round trip of " + oldText);
        }
    }

    private static void checkAd(ClassAd ad, Syntax parsedAs) {
        EvalContext context = Evaluation.context();
        for (String name : ad.names()) {
            // The ad matched against itself also exercises TARGET. references.
            assertNotNull(context.evaluateAttribute(name, ad, ad).unparse());
        }
        assertNotNull(Match.of(ad, ad, context));
        String newText = ad.unparse(Syntax.NEW);
        assertEquals(ad, ClassAd.parse(newText, Syntax.NEW), () -> "new-syntax round trip of " + newText);
        if (parsedAs == Syntax.OLD && OldSyntaxLimits.canWrite(ad)) {
            String oldText = ad.unparse(Syntax.OLD);
            assertEquals(ad, ClassAd.parse(oldText, Syntax.OLD), () -> "old-syntax round trip of " + oldText);
        }
    }
}
