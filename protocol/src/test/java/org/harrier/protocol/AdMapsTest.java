package org.harrier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.harrier.classad.BooleanValue;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdMapsTest {
    private static final ClassAd JOB = ClassAd.parse("""
            [ Cmd = "/bin/sleep"; Args = "60"; JobUniverse = 5; ImageSize = 0.5; OnExitRemove = true;
              Requirements = TARGET.Memory >= 1024 && OpSys == "LINUX"; Nothing = undefined ]""");

    @Test
    void theNativeFormKeepsLiteralsAndMarksExpressions() {
        Map<String, Object> m = AdMaps.toNative(JOB);
        assertEquals("/bin/sleep", m.get("Cmd"));
        assertEquals(5L, m.get("JobUniverse"));
        assertEquals(0.5, m.get("ImageSize"));
        assertEquals(true, m.get("OnExitRemove"));
        assertEquals("TARGET.Memory >= 1024 && OpSys == \"LINUX\"", m.get("Requirements"));
        assertEquals(Map.of("Requirements", AdMaps.EXPRESSION, "Nothing", AdMaps.EXPRESSION), m.get(AdMaps.DESCRIPTORS));
        assertEquals(JOB, AdMaps.toAd(m));
    }

    @Test
    void leavingAttributesOutWhileConvertingGivesTheMapOfTheAdWithoutThem() {
        ClassAd cluster = ClassAd.parse("[ ClusterId = 3; Secret = \"inherited\"; Rank = Memory * 2; Cmd = \"/bin/true\" ]");
        ClassAd proc = ClassAd.parse("[ ProcId = 1; secret = \"own\"; Label = strcat(Cmd, ProcId); Hidden = a + b ]").chainedTo(cluster);
        java.util.function.Predicate<String> shown = name -> !name.equalsIgnoreCase("secret") && !name.equals("Hidden");
        ClassAd.Builder without = ClassAd.builder();
        proc.forEach((name, e) -> {
            if (shown.test(name)) {
                without.set(name, e);
            }
        });
        Map<String, Object> filtered = AdMaps.toNative(proc, shown);
        assertEquals(AdMaps.toNative(without.build()), filtered);
        assertEquals(java.util.List.of("ProcId", "Label", "ClusterId", "Rank", "Cmd", AdMaps.DESCRIPTORS),
                java.util.List.copyOf(filtered.keySet()), "the ad's order, !!descriptors last");
        assertEquals(java.util.List.of("Label", "Rank"),
                java.util.List.copyOf(((Map<?, ?>) filtered.get(AdMaps.DESCRIPTORS)).keySet()), "only what is shown is described");
        assertEquals(Map.of("ProcId", 1L), AdMaps.toNative(ClassAd.parse("[ ProcId = 1; Hidden = a + b ]"), shown),
                "no !!descriptors when every expression left is a literal");
    }

    @Test
    void theTypedFormRoundTrips() {
        Map<String, Object> m = AdMaps.toTyped(JOB);
        assertEquals(Map.of("TYPE", "STRING", "VALUE", "/bin/sleep"), m.get("Cmd"));
        assertEquals(Map.of("TYPE", "EXPR", "VALUE", "TARGET.Memory >= 1024 && OpSys == \"LINUX\""), m.get("Requirements"));
        assertEquals(JOB, AdMaps.toAd(m));
    }

    @Test
    void theSeedsSubmissionAdReads() {
        Map<String, Object> seed = new LinkedHashMap<>();
        seed.put("Cmd", Map.of("TYPE", "STRING", "VALUE", "/bin/sleep"));
        seed.put("Args", Map.of("TYPE", "STRING", "VALUE", "120"));
        seed.put("Requirements", Map.of("TYPE", "EXPR", "VALUE", "TRUE"));
        seed.put("JobUniverse", Map.of("TYPE", "INTEGER", "VALUE", "5"));
        seed.put("Iwd", Map.of("TYPE", "STRING", "VALUE", "/tmp"));
        seed.put("Owner", Map.of("TYPE", "STRING", "VALUE", "nobody"));
        ClassAd ad = AdMaps.toAd(seed);
        assertEquals("5", ad.evaluate("JobUniverse").unparse());
        assertEquals("true", ad.evaluate("Requirements").unparse());
        assertEquals("\"120\"", ad.evaluate("Args").unparse());
    }

    @ParameterizedTest(name = "BOOLEAN {0}")
    @CsvSource({"true, true", "TRUE, true", "' False ', false", "false, false"})
    void aTypedBooleanIsTrueOrFalseInAnyCase(String text, boolean expected) {
        ClassAd ad = AdMaps.toAd(Map.of("OnExitRemove", Map.of("TYPE", "BOOLEAN", "VALUE", text)));
        assertEquals(BooleanValue.of(expected), ad.lookup("OnExitRemove"));
        assertEquals(BooleanValue.of(expected),
                AdMaps.toAd(Map.of("X", Map.of("TYPE", "BOOLEAN", "VALUE", expected))).lookup("X"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a malformed expression     | attribute Requirements is not a valid ClassAd expression: line 1, column 5
            an unknown TYPE            | attribute Cmd: TYPE must be STRING, INTEGER, FLOAT, BOOLEAN or EXPR, got 'BLOB'
            a non-integer INTEGER      | attribute JobUniverse: INTEGER value 'five' is not an integer
            a BOOLEAN maybe            | attribute OnExitRemove: BOOLEAN value 'maybe' is not true or false
            a BOOLEAN expression       | attribute OnExitRemove: BOOLEAN value 'ExitCode == 0' is not true or false
            a BOOLEAN number           | attribute OnExitRemove: BOOLEAN value '1' is not true or false
            a list value               | attribute Cmd: a value must be a string, number, boolean or {TYPE, VALUE}, got list
            descriptors not a map      | !!descriptors must be a map, got string
            """)
    void malformedAdsAreRefusedNamingTheAttribute(String which, String messageStart) {
        Map<String, Object> bad = switch (which) {
            case "a malformed expression" -> Map.of("Requirements", "1 + ", AdMaps.DESCRIPTORS, Map.of("Requirements", AdMaps.EXPRESSION));
            case "an unknown TYPE" -> Map.of("Cmd", Map.of("TYPE", "BLOB", "VALUE", "x"));
            case "a non-integer INTEGER" -> Map.of("JobUniverse", Map.of("TYPE", "INTEGER", "VALUE", "five"));
            case "a BOOLEAN maybe" -> Map.of("OnExitRemove", Map.of("TYPE", "BOOLEAN", "VALUE", "maybe"));
            case "a BOOLEAN expression" -> Map.of("OnExitRemove", Map.of("TYPE", "BOOLEAN", "VALUE", "ExitCode == 0"));
            case "a BOOLEAN number" -> Map.of("OnExitRemove", Map.of("TYPE", 5L, "VALUE", 1L));
            case "a list value" -> Map.of("Cmd", java.util.List.of("a"));
            default -> Map.of("Cmd", "x", AdMaps.DESCRIPTORS, "nope");
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AdMaps.toAd(bad));
        assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
    }
}
