package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** with() and toBuilder() copy an ad without going back through each name; what they make must not show it. */
class ClassAdCopyTest {
    private static final ClassAd PARENT = ClassAd.parse("[ Owner = \"alice\"; Memory = 2048 ]");
    private static final ClassAd AD = ClassAd.parse("[ Cmd = \"/bin/true\"; JobStatus = 1; Rank = Memory ]").chainedTo(PARENT);

    private static List<String> names(ClassAd ad) {
        List<String> out = new ArrayList<>();
        ad.forEach((n, e) -> out.add(n + "=" + e));
        return out;
    }

    @Test
    void replacingAValueKeepsItsPlaceTheOtherValuesAndTheChainedParent() {
        ClassAd running = AD.with("JobStatus", IntegerValue.of(2));
        assertEquals(List.of("Cmd=\"/bin/true\"", "JobStatus=2", "Rank=Memory", "Owner=\"alice\"", "Memory=2048"), names(running));
        assertEquals(IntegerValue.of(1), AD.lookup("JobStatus"), "the original is unchanged");
        assertSame(PARENT, running.chainedParent());
        assertEquals(IntegerValue.of(2048), running.evaluate("Rank"));
    }

    @Test
    void aNameSpelledOtherwiseIsReplacedInPlaceWithTheNewSpelling() {
        ClassAd ad = AD.with("jobstatus", IntegerValue.of(5));
        assertEquals(List.of("Cmd=\"/bin/true\"", "jobstatus=5", "Rank=Memory", "Owner=\"alice\"", "Memory=2048"), names(ad));
    }

    @Test
    void aNewNameIsAddedAtTheEndAndAnInheritedOneIsOverriddenOnlyInTheCopy() {
        ClassAd ad = AD.with("Memory", IntegerValue.of(1));
        assertEquals(IntegerValue.of(1), ad.evaluate("Rank"));
        assertEquals(IntegerValue.of(2048), AD.evaluate("Rank"));
        assertEquals(ClassAd.parse("[ Cmd = \"/bin/true\"; JobStatus = 1; Rank = Memory; Memory = 1; Owner = \"alice\" ]"), ad);
    }

    @Test
    void aBuilderFromAnAdGrowsAndRemovesWithoutTouchingTheAd() {
        ClassAd.Builder b = AD.toBuilder();
        for (int i = 0; i < 100; i++) {
            b.set("Extra" + i, i);
        }
        b.remove("Cmd").set("JobStatus", 4);
        ClassAd built = b.build();
        assertEquals(104, names(built).size(), "two own names left, a hundred added, two inherited");
        assertEquals(IntegerValue.of(99), built.lookup("extra99"));
        assertNull(built.lookup("Cmd"));
        assertEquals(IntegerValue.of(4), built.lookup("JobStatus"));
        assertEquals(List.of("Cmd=\"/bin/true\"", "JobStatus=1", "Rank=Memory", "Owner=\"alice\"", "Memory=2048"), names(AD));
    }

    @Test
    void withStillRefusesABadNameOrAMissingExpression() {
        assertThrows(IllegalArgumentException.class, () -> AD.with("", IntegerValue.of(1)));
        assertThrows(NullPointerException.class, () -> AD.with("JobStatus", null));
    }
}
