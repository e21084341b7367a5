package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.harrier.classad.ClassAd;
import org.harrier.collector.negotiation.SlotOffer;
import org.harrier.protocol.AgentName;
import org.harrier.protocol.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Limit units a match took are held until its job's slot ad shows them, never both at once:
 * each row is a history of slot-ad snapshots after one or two matches, and the units still held.
 */
class LimitHoldsTest {
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant UNTIL = T0.plusSeconds(60);
    private static final Map<String, Double> X = Map.of("license_x", 1.0);
    private static final Map<String, Double> Y = Map.of("license_y", 1.0);

    /** A dynamic slot claimed since {@code since}, running a job with {@code limits} (null: none, or between jobs). */
    private static SlotOffer claimed(String name, long since, String limits) {
        String ad = "[SlotType = \"Dynamic\"; State = \"Claimed\"; RemoteUser = \"alice\"; EnteredCurrentState = " + since
                + (limits == null ? "" : "; ConcurrencyLimits = \"" + limits + "\"") + "]";
        return new SlotOffer(ObjectId.grid("slot", name), AgentName.harrier("startd", "h"), ClassAd.parse(ad));
    }

    private static SlotOffer unclaimed(String name) {
        return new SlotOffer(ObjectId.grid("slot", name), AgentName.harrier("startd", "h"),
                ClassAd.parse("[SlotType = \"Static\"; State = \"Unclaimed\"]"));
    }

    static Stream<Arguments> histories() {
        return Stream.of(
                Arguments.of("held while the new claim has not run the job yet", List.of(X),
                        List.of(List.of(claimed("slot1_1@h", 100, null))), X),
                Arguments.of("gone once the job's slot ad shows it (counted there, not twice)", List.of(X),
                        List.of(List.of(claimed("slot1_1@h", 100, null)), List.of(claimed("slot1_1@h", 100, "license_x"))),
                        Map.of()),
                Arguments.of("a claim that held limits before retires nothing when its next job runs", List.of(X, X),
                        List.of(List.of(claimed("slot1_1@h", 100, "license_x")), List.of(claimed("slot1_1@h", 100, null)),
                                List.of(claimed("slot1_1@h", 100, "license_x"))),
                        X),
                Arguments.of("a new claim on a slot name used before retires a hold", List.of(X),
                        List.of(List.of(claimed("slot1_1@h", 100, "license_x")), List.of(claimed("slot1_1@h", 200, "license_x"))),
                        Map.of()),
                Arguments.of("each new claim retires the hold of its own limit", List.of(X, Y),
                        List.of(List.of(claimed("slot1_1@h", 100, "license_y"))), X),
                Arguments.of("a claim with other amounts still retires a hold sharing its limit", List.of(Y, X),
                        List.of(List.of(claimed("slot1_1@h", 100, "license_x:2"))), Y),
                Arguments.of("an unreadable ConcurrencyLimits retires nothing", List.of(X),
                        List.of(List.of(claimed("slot1_1@h", 100, "license_x:lots"))), X),
                Arguments.of("unclaimed slots retire nothing", List.of(X),
                        List.of(List.of(unclaimed("slot1@h"))), X));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("histories")
    void unitsAreHeldUntilTheirJobsShowThem(String what, List<Map<String, Double>> matches, List<List<SlotOffer>> snapshots,
            Map<String, Double> held) {
        LimitHolds holds = LimitHolds.NONE.matched(matches, UNTIL);
        for (List<SlotOffer> slots : snapshots) {
            holds = holds.seen(slots, T0.plusSeconds(1));
        }
        assertEquals(held, holds.units(), what);
    }

    @ParameterizedTest(name = "a hold whose job never shows lapses at its time: {0} s")
    @org.junit.jupiter.params.provider.CsvSource({"59, 1", "60, 0", "61, 0"})
    void aHoldLapsesAtItsTime(long seconds, double held) {
        LimitHolds holds = LimitHolds.NONE.matched(List.of(X, Map.of()), UNTIL);
        assertEquals(1, holds.holds().size(), "a match taking no limit holds nothing");
        assertEquals(held, holds.seen(List.of(), T0.plusSeconds(seconds)).units().getOrDefault("license_x", 0.0));
    }
    static Stream<Arguments> failedMatches() {
        return Stream.of(
                Arguments.of("a failed match's units come back at once", List.of(X), List.of(X), Map.of()),
                Arguments.of("only the failed match's", List.of(X, Y), List.of(X), Y),
                Arguments.of("one of two alike", List.of(X, X), List.of(X), X),
                Arguments.of("two failed matches, two holds", List.of(X, X, Y), List.of(X, X), Y),
                Arguments.of("a failed match that took no limit gives back nothing", List.of(X), List.of(Map.of()), X),
                Arguments.of("units no hold has give back nothing", List.of(X), List.of(Y), X),
                Arguments.of("other amounts of the same limit are another match's", List.of(X),
                        List.of(Map.of("license_x", 2.0)), X));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failedMatches")
    void matchesTheSchedulerWasNotToldOfGiveTheirUnitsBack(String what, List<Map<String, Double>> matches,
            List<Map<String, Double>> failed, Map<String, Double> held) {
        assertEquals(held, LimitHolds.NONE.matched(matches, UNTIL).givenBack(failed).units(), what);
    }

    @Test
    void theOldestAlikeHoldIsGivenBackSoWhatStaysLapsesNoEarlierThanTheLiveMatchsOwn() {
        Instant later = UNTIL.plusSeconds(30);
        LimitHolds holds = LimitHolds.NONE.matched(List.of(X), UNTIL).matched(List.of(X), later).givenBack(List.of(X));
        assertEquals(List.of(new LimitHolds.Hold(later, X)), holds.holds());
    }

    @ParameterizedTest(name = "UPDATE_INTERVAL {0} s: held {1} s")
    @org.junit.jupiter.params.provider.CsvSource({"0, 0", "1, 3", "5, 15", "300, 900"})
    void aHoldLastsThreeUpdateIntervals(long updateSeconds, long heldSeconds) {
        assertEquals(Duration.ofSeconds(heldSeconds), LimitHolds.lapseAfter(Duration.ofSeconds(updateSeconds)));
    }

    @ParameterizedTest(name = "{0} s after the match, a claim not yet showing its limits: held {1}")
    @org.junit.jupiter.params.provider.CsvSource({"1, 1", "2, 1", "3, 0", "60, 0"})
    void aClaimNotShowingItsLimitsKeepsItsHoldForThreeUpdateIntervals(long seconds, double held) {
        LimitHolds holds = LimitHolds.NONE.matched(List.of(X), T0.plus(LimitHolds.lapseAfter(Duration.ofSeconds(1))));
        holds = holds.seen(List.of(claimed("slot1_1@h", 100, null)), T0.plusSeconds(seconds));
        assertEquals(held, holds.units().getOrDefault("license_x", 0.0));
    }

    @Test
    void aNegativeUpdateIntervalIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> LimitHolds.lapseAfter(Duration.ofSeconds(-1)));
    }
}
