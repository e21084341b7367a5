package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.harrier.bus.QmfException;
import org.harrier.scheduler.QueuePage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** scheduler.Query over AMQP 1.0 on an embedded broker: pages of queued ads, a cursor, a constraint, a projection. */
@Timeout(60)
class JobQueryServiceTest extends SchedulerOnBroker {
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> ads(Map<String, Object> answer) {
        return (List<Map<String, Object>>) answer.get("Ads");
    }

    static List<String> ids(List<Map<String, Object>> ads) {
        List<String> out = new ArrayList<>();
        ads.forEach(ad -> out.add(ad.get("ClusterId") + "." + ad.get("ProcId")));
        return out;
    }

    private void submit(long count) {
        call("SubmitCluster", Map.of("Ad", SchedulerServiceTest.seedAd(), "Count", count));
    }

    @Test
    void aQueryOfMoreThanOneAnswerHoldsTheFirstPageAndTheCursorContinuesJustPastItsLastAd() {
        submit(QueuePage.MAX_ADS + 300);
        submit(2);
        Map<String, Object> first = call("Query", Map.of("Projection", List.of("JobStatus")));
        assertEquals(QueuePage.MAX_ADS, ads(first).size());
        assertEquals(Boolean.TRUE, first.get("More"));
        List<String> all = new ArrayList<>(ids(ads(first)));
        assertEquals("1.0", all.get(0));

        Map<String, Object> rest = call("Query", Map.of("Projection", List.of("JobStatus"), "After", all.get(all.size() - 1)));
        assertTrue(!Boolean.TRUE.equals(rest.get("More")), "nothing remains");
        all.addAll(ids(ads(rest)));
        List<String> expected = new ArrayList<>();
        for (int p = 0; p < QueuePage.MAX_ADS + 300; p++) {
            expected.add("1." + p);
        }
        expected.addAll(List.of("2.0", "2.1"));
        assertEquals(expected, all, "every queued job once, in job id order");
    }

    @Test
    void aConstraintSelectsAProjectionCutsEachAdAndALimitStopsTheAnswer() {
        submit(30);
        Map<String, Object> every = new LinkedHashMap<>();
        every.put("Constraint", "ProcId % 10 == 3 && Owner == \"alice\"");
        every.put("Projection", List.of("cmd"));
        List<Map<String, Object>> selected = ads(call("Query", every));
        assertEquals(List.of("1.3", "1.13", "1.23"), ids(selected));
        assertEquals(Set.of("Cmd", "ClusterId", "ProcId"), selected.get(0).keySet(), "the attribute named, and the cursor's");
        assertEquals("/bin/sleep", selected.get(0).get("Cmd"));

        Map<String, Object> limited = call("Query", Map.of("Limit", 4L, "After", "1.10"));
        assertEquals(List.of("1.11", "1.12", "1.13", "1.14"), ids(ads(limited)));
        assertTrue(!Boolean.TRUE.equals(limited.get("More")), "a limit reached is not more to ask for");
        assertEquals("alice", ads(limited).get(0).get("Owner"), "no projection: the whole ad");
        assertTrue(ads(call("Query", Map.of("After", "1.29"))).isEmpty());
    }

    @Test
    void aCompactQueryAnswersTheSameAdsAsRowsOfValuesUnderNamesSentOnceInBiggerPages() {
        submit(QueuePage.MAX_ROWS + 5);
        List<Map<String, Object>> maps = ads(call("Query", Map.of("Projection", List.of("Cmd"), "Limit", 3L)));
        Map<String, Object> compact = call("Query", Map.of("Projection", List.of("Cmd"), "Compact", true));
        assertEquals(List.of(), compact.get("Ads"));
        assertEquals(Boolean.TRUE, compact.get("More"));
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) compact.get("Names");
        @SuppressWarnings("unchecked")
        List<List<Object>> rows = (List<List<Object>>) compact.get("Rows");
        assertEquals(QueuePage.MAX_ROWS, rows.size(), "a page of rows holds more than a page of maps");
        assertEquals(Set.of("Cmd", "ClusterId", "ProcId"), Set.copyOf(names));
        for (int i = 0; i < maps.size(); i++) {
            for (int n = 0; n < names.size(); n++) {
                assertEquals(maps.get(i).get(names.get(n)), rows.get(i).get(n), names.get(n) + " of job " + i);
            }
        }
        Map<String, Object> rest = call("Query", Map.of("Projection", List.of("Cmd"), "Compact", true,
                "After", "1." + (QueuePage.MAX_ROWS - 1)));
        assertEquals(5, ((List<?>) rest.get("Rows")).size());
        assertTrue(!Boolean.TRUE.equals(rest.get("More")), "nothing remains");
    }

    private record Bad(Map<String, Object> args, String message) {
    }

    @Test
    void badArgumentsAreRefusedAsBadParametersNamingTheRuleAndChangeNothing() {
        submit(3);
        List<Bad> table = List.of(
                new Bad(Map.of("Limit", 0L), "Limit must be at least 1"),
                new Bad(Map.of("After", "x.0"), "After must be a job id cluster.proc"),
                new Bad(Map.of("After", "1"), "After must be a job id cluster.proc"),
                new Bad(Map.of("Constraint", "(("), "Constraint is not a valid ClassAd expression"),
                new Bad(Map.of("Constraint", " "), "Constraint is empty"),
                new Bad(Map.of("Projection", List.of("Cmd", " ")), "Projection names attributes"),
                new Bad(Map.of("Projection", List.of(3L)), "must be a string"));
        for (Bad bad : table) {
            QmfException e = assertThrows(QmfException.class, () -> call("Query", bad.args()), bad::toString);
            assertEquals(QmfException.BAD_PARAMETER, e.code(), () -> bad + " -> " + e.getMessage());
            assertTrue(e.getMessage().contains(bad.message()), () -> bad + " -> " + e.getMessage());
        }
        assertEquals(3L, call("GetTotals", Map.of()).get("Idle"));
        assertEquals(List.of("1.0", "1.1", "1.2"), ids(ads(call("Query", Map.of()))), "still serving");
    }
}
