package org.harrier.protocol.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;

/** Query's Compact argument: the answer as Names and Rows, read back into the same ads; without it, maps as before. */
class QueryRowsTest {
    private static final List<ClassAd> ADS = List.of(
            ClassAd.parse("[ ClusterId = 1; ProcId = 0; Owner = \"alice\"; JobStatus = 1 ]"),
            ClassAd.parse("[ ClusterId = 1; ProcId = 1; Owner = \"alice\"; JobStatus = 2 ]"));

    @Test
    void aCompactQueryIsAskedForOnlyWhenWantedAndItsNextPageAsksTheSame() {
        Query compact = new Query("JobStatus == 1", List.of("Owner"), 10L, null, true);
        assertEquals(Boolean.TRUE, Query.METHOD.writeRequest(compact).get("Compact"));
        assertFalse(Query.METHOD.writeRequest(new Query("JobStatus == 1", List.of("Owner"), 10L, null)).containsKey("Compact"),
                "a QMF console's Query is unchanged");
        Query next = compact.after("1.1", 8L);
        assertEquals(new Query("JobStatus == 1", List.of("Owner"), 8L, "1.1", true), next);
        assertEquals(next, Query.METHOD.readRequest(Query.METHOD.writeRequest(next)));
    }

    @Test
    void aCompactAnswerCarriesNamesAndRowsAndReadsBackAsTheSameAds() {
        Map<String, Object> wire = Query.METHOD.writeAnswer(new Query.Ads(ADS, true, true));
        assertEquals(List.of(), wire.get("Ads"), "Ads stays, empty, as the schema requires it");
        assertEquals(List.of("ClusterId", "ProcId", "Owner", "JobStatus"), wire.get("Names"));
        assertEquals(List.of(List.of(1L, 0L, "alice", 1L), List.of(1L, 1L, "alice", 2L)), wire.get("Rows"));
        Query.Ads back = Query.METHOD.readAnswer(wire);
        assertEquals(ADS, back.ads());
        assertTrue(back.more());
        assertTrue(back.rows());
    }

    @Test
    void theDefaultAnswerIsAdsAsMaps() {
        Map<String, Object> wire = Query.METHOD.writeAnswer(new Query.Ads(ADS, false));
        assertEquals(2, ((List<?>) wire.get("Ads")).size());
        assertFalse(wire.containsKey("Rows"));
        assertEquals(ADS, Query.METHOD.readAnswer(wire).ads());
    }

    @Test
    void rowsWithoutNamesAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Query.METHOD.readAnswer(Map.of("Ads", List.of(), "Rows", List.of(List.of(1L)))));
        assertTrue(e.getMessage().contains("needs the Names"), e.getMessage());
    }
}
