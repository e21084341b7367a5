package org.harrier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;

class AdRowsTest {
    private static final ClassAd CLUSTER = ClassAd.parse("""
            [ Owner = "alice"; Cmd = "/bin/sleep"; ClusterId = 12;
              RequestMemory = ifThenElse(MemoryUsage =!= undefined, MemoryUsage, 128) ]""");

    private static ClassAd proc(int id, String extra) {
        ClassAd.Builder b = ClassAd.parse("[ ProcId = " + id + "; JobStatus = 1" + extra + " ]").toBuilder();
        return b.chainedTo(CLUSTER).build();
    }

    @Test
    void eachNameTravelsOnceAndEachAdAsItsValuesInTheNamesOrder() {
        List<ClassAd> ads = List.of(proc(0, ""), proc(1, "; MemoryUsage = 300"));
        AdRows rows = AdRows.of(ads);
        assertEquals(List.of("ProcId", "JobStatus", "Owner", "Cmd", "ClusterId", "RequestMemory", "MemoryUsage"), rows.names());
        assertEquals(List.of(0L, 1L, "alice", "/bin/sleep", 12L,
                Map.of("TYPE", "EXPR", "VALUE", CLUSTER.lookup("RequestMemory").unparse())),
                rows.rows().get(0).subList(0, 6));
        assertEquals(6, rows.rows().get(0).size(), "a row stops at its last attribute");
        assertEquals(300L, rows.rows().get(1).get(6));
    }

    @Test
    void theAdsReadBackHaveEveryAttributeWithItsValue() {
        List<ClassAd> ads = List.of(proc(0, ""), proc(1, "; MemoryUsage = 300; Ratio = 0.5; Done = false; Nothing = undefined"));
        List<ClassAd> back = AdRows.of(ads).ads();
        assertEquals(2, back.size());
        for (int i = 0; i < ads.size(); i++) {
            ClassAd original = ads.get(i);
            ClassAd read = back.get(i);
            assertEquals(original.size(), read.size(), () -> read.toString());
            original.forEach((name, e) -> assertEquals(e, read.lookup(name), name));
        }
        assertEquals(128L, ((org.harrier.classad.IntegerValue) back.get(0).evaluate("RequestMemory")).value());
        assertEquals(300L, ((org.harrier.classad.IntegerValue) back.get(1).evaluate("RequestMemory")).value());
    }

    @Test
    void anAttributeSpelledTwoWaysIsOneColumnUnderItsFirstSpelling() {
        AdRows rows = AdRows.of(List.of(ClassAd.parse("[ Owner = \"a\" ]"), ClassAd.parse("[ owner = \"b\"; X = 1 ]")));
        assertEquals(List.of("Owner", "X"), rows.names());
        assertEquals(List.of(Arrays.asList("a"), Arrays.asList("b", 1L)), rows.rows());
    }

    @Test
    void aMissingValueIsNullAndLeavesTheAttributeOut() {
        AdRows rows = new AdRows(List.of("A", "B"), List.of(Arrays.asList(null, 2L)));
        ClassAd ad = rows.ads().get(0);
        assertNull(ad.lookup("A"));
        assertEquals(1, ad.size());
    }

    @Test
    void malformedRowsAreRefusedNamingTheRule() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> new AdRows(List.of("Owner", "OWNER"), List.of()));
        assertTrue(twice.getMessage().contains("name each attribute once"), twice.getMessage());
        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
                () -> new AdRows(List.of("A"), List.of(List.of(1L, 2L))));
        assertTrue(wide.getMessage().contains("at most one value per name"), wide.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> new AdRows(List.of("A"), List.of(List.of(Map.of("TYPE", "EXPR", "VALUE", "((")))).ads());
        assertTrue(bad.getMessage().startsWith("row 0, attribute A"), bad.getMessage());
    }
}
