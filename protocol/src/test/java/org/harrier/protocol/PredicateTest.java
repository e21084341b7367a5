package org.harrier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PredicateTest {
    private static final Map<String, Object> JOB = Map.of("Owner", "alice", "JobPrio", 5L, "JobStatus", 2L, "Cmd", "/bin/sleep");

    private static boolean test(Object wire) {
        return Predicate.fromWire(wire).test(JOB);
    }

    private static List<Object> quote(Object v) {
        return List.of("quote", v);
    }

    @Test
    void qmfPrefixPredicatesEvaluateAgainstPropertyValues() {
        assertEquals(true, test(List.of("eq", "Owner", quote("alice"))));
        assertEquals(false, test(List.of("eq", "Owner", quote("bob"))));
        assertEquals(true, test(List.of("and", List.of("eq", "Owner", quote("alice")), List.of("gt", "JobPrio", 4))));
        assertEquals(true, test(List.of("or", List.of("lt", "JobPrio", 1), List.of("ge", "JobStatus", 2))));
        assertEquals(true, test(List.of("not", List.of("exists", "HoldReason"))));
        assertEquals(true, test(List.of("re_match", "Cmd", quote("sle+p$"))));
        assertEquals(false, test(List.of("eq", "Missing", quote("x"))), "a missing property matches nothing");
        assertEquals(false, test(List.of("lt", "Owner", 5)), "unlike types do not compare");
        assertEquals(true, test(null), "no predicate selects everything");
    }

    @Test
    void malformedPredicatesAreRefusedWithAReason() {
        assertEquals("unknown predicate operator 'like'",
                assertThrows(IllegalArgumentException.class, () -> Predicate.fromWire(List.of("like", "a", "b"))).getMessage());
        assertEquals("eq takes 2 operand(s), got 1",
                assertThrows(IllegalArgumentException.class, () -> Predicate.fromWire(List.of("eq", "a"))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Predicate.fromWire("eq"));
        assertThrows(IllegalArgumentException.class, () -> Predicate.fromWire(List.of("re_match", "Cmd", quote("("))));
    }

    /** The literal equalities every selected object must have: top-level eq terms and those of a top-level and. */
    @Test
    void equalitiesAreTheLiteralsEverySelectedObjectHas() {
        assertEquals(Map.of("CustomId", "1.0"), Predicate.fromWire(List.of("eq", "CustomId", List.of("quote", "1.0"))).equalities());
        assertEquals(Map.of("ClusterId", 3L, "ProcId", 0L), Predicate.fromWire(List.of("and",
                List.of("eq", 3L, "ClusterId"), List.of("eq", "ProcId", 0L), List.of("gt", "JobPrio", 1L))).equalities());
        assertEquals(Map.of(), Predicate.fromWire(List.of("or", List.of("eq", "CustomId", List.of("quote", "1.0")),
                List.of("eq", "CustomId", List.of("quote", "2.0")))).equalities(), "either of two is neither");
        assertEquals(Map.of(), Predicate.fromWire(List.of("not", List.of("eq", "CustomId", List.of("quote", "1.0")))).equalities());
        assertEquals(Map.of(), Predicate.fromWire(List.of("eq", "CustomId", "Owner")).equalities(), "two properties, no literal");
        assertEquals(Map.of(), Predicate.ALL.equalities());
    }
}
