package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdLimitsTest {
    private static final AdLimits SMALL = new AdLimits(100, 1024);

    @ParameterizedTest(name = "{0} attributes, {1} bytes")
    @CsvSource({"99, 1024, 'maxAttributes (MAX_JOB_ATTRIBUTES) must be at least 100, got 99'",
            "100, 1023, 'maxAttributeSize (MAX_JOB_ATTRIBUTE_SIZE) must be at least 1024 bytes, got 1023'"})
    void limitsTooSmallForAnyJobAreMisuse(int attributes, int bytes, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AdLimits(attributes, bytes));
        assertEquals(message, e.getMessage());
    }

    /** UTF-8 bytes, not characters: é is 2, € 3, an emoji 4 (a surrogate pair); the name X is 1. */
    @ParameterizedTest(name = "{0} x {1}")
    @CsvSource({"é, 511, 1023", "é, 512, 1025", "€, 341, 1024", "€, 342, 1027", "😀, 255, 1021", "😀, 256, 1025"})
    void anAttributeIsMeasuredInUtf8Bytes(String c, int times, int bytes) {
        ClassAd ad = ClassAd.builder().set("X", c.repeat(times)).build();
        if (bytes <= 1024) {
            SMALL.check(ad, "the ad");
        } else {
            ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> SMALL.check(ad, "the ad"));
            assertTrue(e.getMessage().startsWith("the ad has attribute X of " + bytes + " bytes"), e.getMessage());
        }
    }

    @Test
    void anExpressionIsMeasuredAsItsClassAdText() {
        String sum = "1" + " + 1".repeat(300);
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> SMALL.checkSize("Sum", Expr.parse(sum), "x"));
        assertTrue(e.getMessage().startsWith("x has attribute Sum of " + (3 + Expr.parse(sum).unparse().length()) + " bytes"),
                e.getMessage());
    }

    @Test
    void aQueuedJobCountsItsClusterOnceAndItsOwnOverridesNotAtAll() {
        ClassAd cluster = ClassAd.builder().set("A", 1).set("B", 2).set("C", 3).build();
        ClassAd job = ClassAd.builder().set("B", 20).set("ProcId", 0).chainedTo(cluster).build();
        assertEquals(4, AdLimits.countAsQueued(job, cluster.size()));
        assertEquals(job.size(), AdLimits.countAsQueued(job, cluster.size()));
    }

    @Test
    void shownTextIsCutShortSayingHowLongItWas() {
        assertEquals("short", AdLimits.shown("short"));
        assertEquals("x".repeat(60) + "... (61 characters)", AdLimits.shown("x".repeat(61)));
    }
}
