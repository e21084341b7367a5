package org.harrier.protocol.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;

/** GetHistory's Projection and Compact, as Query's: asked for only when wanted, answered as rows, read back as the same ads. */
class GetHistoryRowsTest {
    private static final List<ClassAd> ADS = List.of(
            ClassAd.parse("[ ClusterId = 3; ProcId = 1; ExitCode = 1; Cmd = \"/bin/false\" ]"),
            ClassAd.parse("[ ClusterId = 3; ProcId = 0; ExitCode = 0 ]"));

    @Test
    void aProjectedCompactRequestRoundTripsAndItsNextPageAsksTheSame() {
        GetHistory ask = new GetHistory("ExitCode != 0", 5L, null, List.of("Cmd"), true);
        Map<String, Object> wire = GetHistory.METHOD.writeRequest(ask);
        assertEquals(List.of("Cmd"), wire.get("Projection"));
        assertEquals(Boolean.TRUE, wire.get("Compact"));
        assertEquals(ask, GetHistory.METHOD.readRequest(wire));
        assertEquals(new GetHistory("ExitCode != 0", 3L, "3.1", List.of("Cmd"), true), ask.after("3.1", 3L));
        Map<String, Object> plain = GetHistory.METHOD.writeRequest(new GetHistory("ExitCode != 0", 5L));
        assertFalse(plain.containsKey("Projection") || plain.containsKey("Compact"), "an old console's GetHistory is unchanged");
    }

    @Test
    void aCompactAnswerReadsBackAsTheSameAds() {
        Map<String, Object> wire = GetHistory.METHOD.writeAnswer(new GetHistory.Ads(ADS, false, true));
        assertEquals(List.of("ClusterId", "ProcId", "ExitCode", "Cmd"), wire.get("Names"));
        GetHistory.Ads back = GetHistory.METHOD.readAnswer(wire);
        assertEquals(ADS, back.ads());
        assertTrue(back.rows());
        assertEquals(ADS, GetHistory.METHOD.readAnswer(GetHistory.METHOD.writeAnswer(new GetHistory.Ads(ADS, true))).ads());
    }

    @Test
    void anEmptyProjectedNameIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new GetHistory(null, null, null, List.of(" "), false));
        assertTrue(e.getMessage().contains("Projection names attributes"), e.getMessage());
    }
}
