package org.harrier.protocol.negotiator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.RealValue;
import org.junit.jupiter.api.Test;

/** The negotiator's answers as the wire carries them: the nested shapes, read back, and what a wrong one says. */
class NegotiatorAnswersTest {
    private static final AccountantRecord ALICE = new AccountantRecord("group_a.alice", 2.5, 2.5, 1, 3, 3, 7.5,
            1_700_000_000L, 1_700_003_600L, 0, false, "group_a", null);
    private static final AccountantRecord GROUP_A = new AccountantRecord("group_a", 0.5, 0.5, 1, 3, 3, 7.5,
            1_700_000_000L, 1_700_003_600L, 0, true, "group_a", new AccountantRecord.GroupQuota(4, 4, 0, true));

    @Test
    void limitsAreReadByNameInNameOrderWhateverTheirNumbersType() {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("license_x", Map.of("CURRENT", 1L, "MAX", 2.0));
        limits.put("db", Map.of("CURRENT", 0.5, "MAX", 5L));

        GetLimits.Limits read = GetLimits.METHOD.readAnswer(Map.of("Limits", limits));

        assertEquals(List.of("db", "license_x"), List.copyOf(read.byName().keySet()));
        assertEquals(new GetLimits.Limit(0.5, 5), read.byName().get("db"));
        assertEquals(read, GetLimits.METHOD.readAnswer(GetLimits.METHOD.writeAnswer(read)));
    }

    @Test
    void accountantRecordsOfSubmittersAndGroupsReadBackAsWritten() {
        assertEquals(List.of(GROUP_A, ALICE), GetPriorities.METHOD.readAnswer(GetPriorities.METHOD.writeAnswer(List.of(GROUP_A, ALICE))));
        assertEquals(ALICE, GetStats.METHOD.readAnswer(GetStats.METHOD.writeAnswer(ALICE)));
    }

    @Test
    void aRecordIsTheAdCondorUserprioShowsWithHTCondorsNames() {
        var ad = GROUP_A.toAd();

        assertEquals(new RealValue(7.5), ad.evaluate("AccumulatedUsage"));
        assertEquals(new RealValue(4), ad.evaluate("EffectiveQuota"));
        assertEquals("\"group_a\"", ad.evaluate("AccountingGroup").unparse());
    }

    @Test
    void aGroupsRecordHasAQuotaAndASubmittersNone() {
        assertThrows(IllegalArgumentException.class, () -> new AccountantRecord("bob", 0.5, 0.5, 1, 0, 0, 0, 0, 0, 0,
                false, "<none>", new AccountantRecord.GroupQuota(1, 1, 0, false)));
    }

    @Test
    void answersOfTheWrongShapeAreFailuresNamingTheMethod() {
        assertEquals("GetLimits answered db without a CURRENT and MAX number: {MAX=2}",
                assertThrows(IllegalArgumentException.class,
                        () -> GetLimits.METHOD.readAnswer(Map.of("Limits", Map.of("db", Map.of("MAX", 2L))))).getMessage());
        String priorities = assertThrows(IllegalArgumentException.class, () -> GetPriorities.METHOD.readAnswer(Map.of())).getMessage();
        assertTrue(priorities.contains("GetPriorities") && priorities.contains("Submitters"), priorities);
        String stats = assertThrows(IllegalArgumentException.class, () -> GetStats.METHOD.readAnswer(Map.of())).getMessage();
        assertTrue(stats.contains("GetStats") && stats.contains("Ad"), stats);
        String record = assertThrows(IllegalArgumentException.class,
                () -> GetStats.METHOD.readAnswer(Map.of("Ad", Map.of("Name", "bob")))).getMessage();
        assertTrue(record.startsWith("GetStats' Ad has no"), record);
    }
}
