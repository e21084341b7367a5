package org.harrier.classad;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EvaluationSmokeTest {
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 + 2                          | 3
            7 / 2                          | 3
            -7 / 2                         | -3
            -7 % 3                         | -1
            "ABC" == "abc"                 | true
            [a = 1; b = a + 1].b           | 2
            x ?: 5                         | 5
            """)
    void evaluatesBasicExpressions(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }
}
