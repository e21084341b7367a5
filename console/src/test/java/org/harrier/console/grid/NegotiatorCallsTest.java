package org.harrier.console.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient.ConcurrencyLimit;
import org.junit.jupiter.api.Test;

/** The negotiator methods' arguments and how their answers (schema shapes) are read. */
class NegotiatorCallsTest {
    private final List<String> sent = new ArrayList<>();

    private NegotiatorCalls answering(Map<String, Object> answer) {
        return new NegotiatorCalls((method, args) -> {
            sent.add(method + " " + new java.util.TreeMap<>(args));
            return answer;
        });
    }

    @Test
    void limitsAreReadByNameInNameOrder() {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("license_x", Map.of("CURRENT", 1L, "MAX", 2.0));
        limits.put("db", Map.of("CURRENT", 0.5, "MAX", 5L));

        assertEquals(List.of(new ConcurrencyLimit("db", 0.5, 5), new ConcurrencyLimit("license_x", 1, 2)),
                answering(Map.of("Limits", limits)).limits());
        assertEquals(List.of("GetLimits {}"), sent);
    }

    @Test
    void priorityRecordsBecomeAds() {
        var records = answering(Map.of("Submitters", List.of(Map.of("Name", "alice", "Priority", 0.5)))).priorities();

        assertEquals(1, records.size());
        assertEquals("alice", records.get(0).evaluate("Name").unparse().replace("\"", ""));
    }

    @Test
    void settersSendTheNameAndTheOneValue() {
        NegotiatorCalls n = answering(Map.of());
        n.set("SetPriorityFactor", "bob", "PriorityFactor", 4);
        n.set("SetLimit", "db", "Max", 2);

        assertEquals(List.of("SetPriorityFactor {Name=bob, PriorityFactor=4.0}", "SetLimit {Max=2.0, Name=db}"), sent);
    }

    @Test
    void answersOfTheWrongShapeAreOneLineFailuresNamingTheMethod() {
        assertEquals("the negotiator's GetLimits answered db without a CURRENT and MAX number: {MAX=2}",
                assertThrows(ConsoleFailure.class, () -> answering(Map.of("Limits", Map.of("db", Map.of("MAX", 2L))))
                        .limits()).getMessage());
        assertEquals("the negotiator's GetPriorities answered without Submitters",
                assertThrows(ConsoleFailure.class, () -> answering(Map.of()).priorities()).getMessage());
        assertEquals("the negotiator's GetStats for bob answered without an ad",
                assertThrows(ConsoleFailure.class, () -> answering(Map.of()).stats("bob")).getMessage());
    }
}
