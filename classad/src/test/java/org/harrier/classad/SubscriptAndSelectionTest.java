package org.harrier.classad;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code list[i]}, {@code record["name"]} and {@code record.name}, after libclassad's
 * _doOperation (SUBSCRIPT_OP) and AttributeReference::FindExpr, and the cases of
 * {@code functional_tests.txt} ("Testing select on lists", "Testing subscripts").
 */
class SubscriptAndSelectionTest {

    // Lists are indexed from zero; an index out of range, or not an integer, is error; the
    // subscript is strict in both operands.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {10, 20, 30}[0]             | 10
            {10, 20, 30}[2]             | 30
            {10, 20, 30}[3]             | error
            {10, 20, 30}[-1]            | error
            {10, 20, 30}[1.0]           | error
            {10, 20, 30}[true]          | error
            {10, 20, 30}["a"]           | error
            {10, 20, 30}[1 + 1]         | 30
            {10, 20, 30}[undefined]     | undefined
            {10, 20, 30}[error]         | error
            {}[0]                       | error
            {{1, 2}, {3}}[0][1]         | 2
            {"a", "b", "c"}[1]          | "b"
            {1, x, 3}[1]                | undefined
            undefined[0]                | undefined
            error[undefined]            | error
            undefined[error]            | error
            "abc"[0]                    | error
            5[0]                        | error
            [l = {a, b}; a = 1; b = 2].l[1]   | 2
            """)
    void listsAreIndexedFromZero(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // record["name"] looks the name up (ignoring case) in the record alone: a missing name is
    // undefined (libclassad's SUBSCRIPT_OP; older functional_tests.txt expected error).
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            [a = 3; b = "alain"; ab = 4]["a"]                 | 3
            [a = 3; b = "alain"; ab = 4]["b"]                 | "alain"
            [a = 3; b = "alain"; ab = 4]["B"]                 | "alain"
            [a = 3; b = "alain"; ab = 4]["c"]                 | undefined
            [a = 3; b = "alain"; ab = 4]["a" + "b"]           | error
            [a = 1; b = a + 1]["b"]                           | 2
            [a = 1][1]                                        | error
            [a = 1][undefined]                                | undefined
            [a = 1]["parent"]                                 | undefined
            [g = [start = 1900; end = 2100]]["g"].start       | 1900
            """)
    void recordsAreSubscriptedByName(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    // Selecting from a list selects from each item (FindExpr builds one attribute reference per
    // item): records give their attribute, nested lists recurse, undefined stays undefined, and
    // anything else is error in its place.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            [a = 1; b = a + 1].b                              | 2
            [a = 1].A                                         | 1
            [a = 1].c                                         | undefined
            [r = [s = [t = 3]]].r.s.t                         | 3
            [r = [s = [t = 3]]].r.x.t                         | undefined
            undefined.a                                       | undefined
            error.a                                           | error
            x.a                                               | undefined
            5 .a                                              | error
            "s".a                                             | error
            true.a                                            | error
            {[a = 3; b = "I see London"], [a = 2; b = "I see France"], [a = 1; b = "I see Alain's funky pants"]}.a | { 3,2,1 }
            {[a = 3; b = "I see London"], [a = 2; b = "I see France"]}.b          | { "I see London","I see France" }
            {[a = 3], [a = 2], [a = 1]}.c                     | { undefined,undefined,undefined }
            {}.a                                              | {  }
            {[a = 1], 3}.a                                    | { 1,error }
            {[a = 1], undefined, error}.a                     | { 1,undefined,error }
            {{[a = 1]}, [a = 2]}.a                            | { { 1 },2 }
            [l = {[v = 1], [v = 2]}].l.v[1]                   | 2
            [ClassAds = {[a = 1], [a = 2], [a = 3]}; Set = ClassAds.a].Set  | { 1,2,3 }
            """)
    void selectionReadsAnAttributeOfARecordOrOfEachRecordInAList(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }
}
