package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Syntax;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** condor_q -af: values space separated, strings bare, missing attributes 'undefined'. */
class AutoFormatTest {
    private static final ClassAd JOB = ClassAd.parse("""
            ClusterId = 12
            ProcId = 3
            Owner = "alice"
            RemoteUserCpu = 1.5
            WantsGpu = false
            Tags = { "a", 2 }
            RequestMemory = 1024
            HalfMemory = RequestMemory / 2
            Broken = 1 / 0
            """);

    @ParameterizedTest(name = "-af {0} prints ''{1}''")
    @CsvSource(delimiterString = " -> ", value = {
        "ClusterId ProcId -> 12 3",
        "Owner -> alice",
        "RemoteUserCpu -> 1.5",
        "WantsGpu -> false",
        "Tags -> { \"a\",2 }",
        "HalfMemory -> 512",
        "RequestMemory*2 -> 2048",
        "NoSuchAttribute Owner -> undefined alice",
        "Broken -> error",
        "strcat(Owner,\"@\",ClusterId) -> alice@12",
    })
    void eachExpressionIsEvaluatedInTheAd(String columns, String line) {
        List<Expr> exprs = Arrays.stream(columns.split(" ")).map(c -> Expr.parse(c, Syntax.OLD)).toList();
        assertEquals(line + "\n", AutoFormat.render(List.of(JOB), exprs));
    }

    @Test
    void oneLinePerAdInTheOrderGiven() {
        List<ClassAd> ads = List.of(ClassAd.parse("ClusterId = 2"), ClassAd.parse("ClusterId = 1"));
        assertEquals("2\n1\n", AutoFormat.render(ads, List.of(Expr.parse("ClusterId"))));
        assertEquals("", AutoFormat.render(List.of(), List.of(Expr.parse("ClusterId"))));
    }

    @Test
    void atLeastOneExpressionIsNeeded() {
        assertThrows(IllegalArgumentException.class, () -> AutoFormat.render(List.of(JOB), List.of()));
    }
}
