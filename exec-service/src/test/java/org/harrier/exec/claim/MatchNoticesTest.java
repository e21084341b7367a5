package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Matched state of the partitionable slot as HTCondor's machine state machine has it
 * (Unclaimed to Matched on a notice; Matched to Claimed on the claim; back on MATCH_TIMEOUT or
 * START false), played as sequences of events: {@code notice S@t} (a notice for scheduler S at
 * second t), {@code claim S} (S's claim granted: it carves a dynamic slot), {@code release} (the
 * last dynamic slot goes), {@code at t} (time passes), {@code owner}/{@code away} (START turns
 * false/true).
 */
class MatchNoticesTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "                                          | Unclaimed",
            "notice a@0                                | Matched",
            "notice a@0; claim a                       | Unclaimed",
            "notice a@0; at 119                        | Matched",
            "notice a@0; at 120                        | Unclaimed",
            "notice a@0; notice a@60; at 150           | Matched",
            "notice a@0; notice a@60; at 180           | Unclaimed",
            "notice a@0; claim b                       | Unclaimed",
            "notice a@0; claim b; release              | Matched",
            "notice a@0; notice a@1; claim a; release  | Matched",
            "notice a@0; notice b@1; claim b; claim a; release | Unclaimed",
            "notice a@0; owner                         | Owner",
            "notice a@0; owner; away                   | Unclaimed",
            "owner; notice a@0                         | Owner",
            "claim a; release; notice a@5              | Matched",
    })
    void theSlotsStateFollowsNoticesClaimsTimeAndTheOwner(String events, String state) {
        assertEquals(state, play(events == null ? "" : events));
    }

    /** Plays {@code events} as the startd applies them: the owner state from START, one dynamic slot per claim. */
    private static String play(String events) {
        MatchNotices n = MatchNotices.NONE;
        String owner = "Unclaimed";
        int dynamicSlots = 0;
        long now = 0;
        for (String event : events.split(";")) {
            String[] w = event.strip().split("[ @]");
            switch (w[0]) {
                case "" -> { }
                case "notice" -> {
                    now = Long.parseLong(w[2]) * 1000;
                    if (!n.state(owner, dynamicSlots).equals("Owner")) {
                        n = n.noticed(w[1], now);
                    }
                }
                case "claim" -> {
                    n = n.claimed(w[1]);
                    dynamicSlots++;
                }
                case "release" -> dynamicSlots--;
                case "at" -> now = Long.parseLong(w[1]) * 1000;
                case "owner" -> {
                    owner = "Owner";
                    n = MatchNotices.NONE;
                }
                case "away" -> owner = "Unclaimed";
                default -> throw new IllegalArgumentException(event);
            }
            n = n.expired(now, TIMEOUT);
        }
        return n.state(owner, dynamicSlots);
    }

    @Test
    void aClaimAnswersOnlyTheOldestNoticeOfItsScheduler() {
        MatchNotices n = MatchNotices.NONE.noticed("a", 1).noticed("b", 2).noticed("a", 3);

        assertEquals(List.of(new MatchNotices.Notice("b", 2), new MatchNotices.Notice("a", 3)), n.claimed("a").pending());
        assertSame(n, n.claimed("c"), "a claim nobody announced answers none");
        assertSame(n, n.expired(4, TIMEOUT), "nothing expired: the same notices");
    }

    @Test
    void aFloodOfNoticesKeepsOnlyTheNewest() {
        MatchNotices n = MatchNotices.NONE;
        for (int i = 0; i < MatchNotices.MOST + 10; i++) {
            n = n.noticed("s" + i, i);
        }
        assertEquals(MatchNotices.MOST, n.pending().size());
        assertEquals("s10", n.pending().get(0).scheduler());
    }

    @Test
    void aNoticeWithoutASchedulerIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> MatchNotices.NONE.noticed(" ", 0));
    }
}
