package org.harrier.classad;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Operator precedence and associativity, stated as the grouping the parser must produce. The
 * levels come from libclassad's parser (parseLogicalORExpression down to parseUnaryExpression),
 * written out here independently of {@link Op}: lowest first, all binary operators associate to
 * the left, unary operators bind tighter than any binary one, and {@code ?:} is lowest of all
 * and associates to the right.
 */
class OperatorPrecedenceTest {
    private static final String[][] LEVELS = {
            {"||"},
            {"&&"},
            {"|"},
            {"^"},
            {"&"},
            {"==", "!=", "=?=", "=!=", "is", "isnt"},
            {"<", "<=", ">", ">="},
            {"<<", ">>", ">>>"},
            {"+", "-"},
            {"*", "/", "%"},
    };

    @ParameterizedTest(name = "{0} groups as {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 + 2 * 3                   | (1 + (2 * 3))
            1 * 2 + 3                   | ((1 * 2) + 3)
            1 - 2 - 3                   | ((1 - 2) - 3)
            8 / 4 / 2                   | ((8 / 4) / 2)
            `a || b && c`               | `(a || (b && c))`
            `a && b || c`               | `((a && b) || c)`
            `1 | 2 ^ 3 & 4`             | `(1 | (2 ^ (3 & 4)))`
            `1 & 2 | 3 ^ 4`             | `((1 & 2) | (3 ^ 4))`
            1 << 2 + 1                  | (1 << (2 + 1))
            1 + 2 << 1                  | ((1 + 2) << 1)
            x == y < z                  | (x == (y < z))
            x < y == z                  | ((x < y) == z)
            a is b == c                 | ((a =?= b) == c)
            a == b isnt c               | ((a == b) =!= c)
            1 < 2 << 3                  | (1 < (2 << 3))
            !a == b                     | ((!a) == b)
            -2 * 3                      | (-2 * 3)
            - x * 3                     | ((-x) * 3)
            -x.y                        | (-x.y)
            -x[0]                       | (-x[0])
            !a.b && c                   | ((!a.b) && c)
            ~a & b                      | ((~a) & b)
            a - -b                      | (a - (-b))
            2 - -1                      | (2 - -1)
            a ? b : c ? d : e           | (a ? b : (c ? d : e))
            a ? b ? c : d : e           | (a ? (b ? c : d) : e)
            `a || b ? c : d`            | `((a || b) ? c : d)`
            `a ? b : c || d`            | `(a ? b : (c || d))`
            a ?: b ?: c                 | (a ?: (b ?: c))
            `a || b ?: c`               | `((a || b) ?: c)`
            a ? b ?: c : d              | (a ? (b ?: c) : d)
            (1 + 2) * 3                 | ((1 + 2) * 3)
            f(a + b, c) * 2             | (f(a + b,c) * 2)
            {1 + 2, 3}[0] + 1           | ({ 1 + 2,3 }[0] + 1)
            """)
    void operatorsGroupByPrecedence(String expr, String grouping) {
        assertEquals(grouping, TreeShape.grouping(Expr.parse(expr)));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 + 2 * 3                   | 7
            (1 + 2) * 3                 | 9
            `1 | 2 ^ 3 & 4`             | 3
            1 << 2 + 1                  | 8
            10 - 4 - 3                  | 3
            100 / 10 / 5                | 2
            2 == 1 < 3                  | false
            !0 == 1                     | true
            -2 * 3                      | -6
            `false && true || true`     | true
            `true || true && false`     | true
            true ? 1 : false ? 2 : 3    | 1
            false ? 1 : false ? 2 : 3   | 3
            """)
    void precedenceDecidesTheValue(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    /** Every ordered pair of binary operators, {@code a op1 b op2 c}. */
    @ParameterizedTest(name = "a {0} b {1} c")
    @MethodSource("operatorPairs")
    void everyPairOfBinaryOperatorsGroupsByPrecedence(String first, String second, String grouping) {
        assertEquals(grouping, TreeShape.grouping(Expr.parse("a " + first + " b " + second + " c")));
    }

    static Stream<Arguments> operatorPairs() {
        List<Arguments> pairs = new ArrayList<>();
        for (int i = 0; i < LEVELS.length; i++) {
            for (String first : LEVELS[i]) {
                for (int j = 0; j < LEVELS.length; j++) {
                    for (String second : LEVELS[j]) {
                        String a = canonical(first);
                        String b = canonical(second);
                        String grouping = i >= j
                                ? "((a " + a + " b) " + b + " c)"
                                : "(a " + a + " (b " + b + " c))";
                        pairs.add(Arguments.of(first, second, grouping));
                    }
                }
            }
        }
        return pairs.stream();
    }

    /** Each binary operator against a unary operator on either side and against ?: around it. */
    @ParameterizedTest(name = "{0} against unary and conditional operators")
    @MethodSource("binaryOperators")
    void unaryBindsTighterAndConditionalLooserThanEveryBinaryOperator(String op) {
        String c = canonical(op);
        assertEquals("((-a) " + c + " b)", TreeShape.grouping(Expr.parse("- a " + op + " b")));
        assertEquals("(a " + c + " (!b))", TreeShape.grouping(Expr.parse("a " + op + " !b")));
        assertEquals("((~a) " + c + " (+b))", TreeShape.grouping(Expr.parse("~a " + op + " +b")));
        assertEquals("((a " + c + " b) ? c : (d " + c + " e))",
                TreeShape.grouping(Expr.parse("a " + op + " b ? c : d " + op + " e")));
        assertEquals("((a " + c + " b) ?: (c " + c + " d))",
                TreeShape.grouping(Expr.parse("a " + op + " b ?: c " + op + " d")));
        assertEquals("(a " + c + " b.c[0])", TreeShape.grouping(Expr.parse("a " + op + " b.c[0]")));
    }

    static Stream<String> binaryOperators() {
        return Stream.of(LEVELS).flatMap(Stream::of);
    }

    /** The unparser writes is and isnt as =?= and =!= (manual: "The ClassAd unparser will always use =?="). */
    private static String canonical(String op) {
        switch (op) {
            case "is": return "=?=";
            case "isnt": return "=!=";
            default: return op;
        }
    }
}
