package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.harrier.classad.IntegerValue;
import org.harrier.protocol.AgentName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ad store: lifetimes measured on the caller's clock, delete indications, and the pool counts. */
class AdStoreTest {
    private static final Duration LIFETIME = Duration.ofSeconds(15);
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

    private final AdStore store = new AdStore(LIFETIME);

    private static Instant at(long seconds) {
        return T0.plusSeconds(seconds);
    }

    private List<String> slotNames() {
        return store.ads(AdType.SLOT).stream().map(a -> a.id().key()).toList();
    }

    @Test
    void anAdIsKeptUntilItsLifetimePassesWithoutAnUpdate() {
        store.apply(DataIndication.slot("slot1@exec1").data(), at(0));

        assertEquals(List.of(), store.sweep(at(14)));
        assertEquals(List.of("slot1@exec1"), slotNames());

        List<StoredAd> expired = store.sweep(at(15));
        assertEquals(List.of("slot1@exec1"), expired.stream().map(a -> a.id().key()).toList());
        assertEquals(List.of(), slotNames());
        assertEquals(0, store.counts().adsHeld());
    }

    @Test
    void anUpdateStartsTheLifetimeAgain() {
        store.apply(DataIndication.slot("slot1@exec1").data(), at(0));
        store.apply(DataIndication.slot("slot1@exec1").data(), at(10));

        store.sweep(at(20));
        assertEquals(List.of("slot1@exec1"), slotNames());
        store.sweep(at(25));
        assertEquals(List.of(), slotNames());
    }

    @Test
    void anAdsOwnClassAdLifetimeOverridesTheDefault() {
        store.apply(DataIndication.slot("short@exec1").with("ClassAdLifetime", 2L).data(), at(0));
        store.apply(DataIndication.slot("long@exec1").with("ClassAdLifetime", 100L).data(), at(0));

        store.sweep(at(2));
        assertEquals(List.of("long@exec1"), slotNames());
        store.sweep(at(99));
        assertEquals(List.of("long@exec1"), slotNames());
    }

    @Test
    void aDeleteIndicationDropsTheAdAtOnce() {
        store.apply(DataIndication.slot("slot1@exec1").data(), at(0));

        AdUpdate u = store.apply(DataIndication.slot("slot1@exec1").deleted().data(), at(1));

        assertEquals(AdUpdate.Kind.DELETED, u.kind());
        assertEquals("slot1@exec1", u.previous().id().key());
        assertNull(u.current());
        assertEquals(List.of(), slotNames());
        assertEquals(0, store.counts().hostsTotal());
    }

    @Test
    void aDeleteOfAnAdNotHeldChangesNothing() {
        store.apply(DataIndication.slot("slot1@exec1").data(), at(0));

        AdUpdate u = store.apply(DataIndication.slot("slot2@exec1").deleted().data(), at(1));

        assertEquals(AdUpdate.Kind.IGNORED, u.kind());
        assertEquals(List.of("slot1@exec1"), slotNames());
    }

    @Test
    void classesTheCollectorDoesNotKeepAreIgnoredAndNotCounted() {
        AdUpdate u = store.apply(DataIndication.of("job", "1.0").data(), at(0));

        assertEquals(AdUpdate.Kind.IGNORED, u.kind());
        assertEquals(0, store.updatesReceived());
        assertEquals(0, store.counts().adsHeld());
    }

    @Test
    void aMalformedAdIsRefusedNamingTheAttributeAndTheHeldVersionStays() {
        store.apply(DataIndication.slot("slot1@exec1").with("Cpus", 4L).data(), at(0));

        AdUpdate u = store.apply(DataIndication.slot("slot1@exec1").withExpr("Start", "KeyboardIdle >").data(), at(1));

        assertEquals(AdUpdate.Kind.REJECTED, u.kind());
        assertTrue(u.problem().contains("Start"), u.problem());
        StoredAd held = store.ads(AdType.SLOT).get(0);
        assertEquals(IntegerValue.of(4), held.ad().evaluate("Cpus"));
        assertEquals(2, store.updatesReceived());
    }

    @Test
    void theSameObjectFromTwoAgentsIsTwoAdsAndADeleteRemovesOnlyItsOwn() {
        AgentName other = AgentName.harrier("startd", "exec2");
        store.apply(DataIndication.slot("slot1@exec").data(), at(0));
        store.apply(DataIndication.slot("slot1@exec").from(other).data(), at(0));
        assertEquals(2, store.ads(AdType.SLOT).size());

        store.apply(DataIndication.slot("slot1@exec").from(other).deleted().data(), at(1));

        assertEquals(List.of(DataIndication.STARTD), store.ads(AdType.SLOT).stream().map(StoredAd::agent).toList());
    }

    @Test
    void anUpdateReplacesTheAdAndKeepsItsPublisher() {
        AdUpdate first = store.apply(DataIndication.slot("slot1@exec1").with("Cpus", 4L).data(), at(0));
        AdUpdate second = store.apply(DataIndication.slot("slot1@exec1").with("Cpus", 2L).data(), at(1));

        assertEquals(AdUpdate.Kind.ADDED, first.kind());
        assertEquals(AdUpdate.Kind.REPLACED, second.kind());
        assertEquals(first.current(), second.previous());
        assertTrue(second.current().revision() > first.current().revision());
        assertEquals(DataIndication.STARTD, second.current().agent());
        assertEquals(2, second.current().count("Cpus"));
        assertEquals(1, store.ads(AdType.SLOT).size());
    }

    @Test
    void adsAreListedInKeyOrderPerType() {
        store.apply(DataIndication.slot("slot2@b").data(), at(0));
        store.apply(DataIndication.slot("slot1@c").data(), at(0));
        store.apply(DataIndication.submitter("alice@s").data(), at(0));

        assertEquals(List.of("slot1@c", "slot2@b"), slotNames());
        assertEquals(1, store.ads(AdType.SUBMITTER).size());
    }

    @ParameterizedTest(name = "{0} slot -> total {1}, claimed {2}, unclaimed {3}, owner {4}")
    @CsvSource({
            "Unclaimed, 1, 0, 1, 0",
            "Claimed,   1, 1, 0, 0",
            "Owner,     1, 0, 0, 1",
            "Matched,   1, 0, 0, 0",
            "claimed,   1, 1, 0, 0",
    })
    void slotStatesAreCountedAsHosts(String state, long total, long claimed, long unclaimed, long owner) {
        store.apply(DataIndication.slot("slot1@exec1").with("State", state).data(), at(0));

        PoolCounts c = store.counts();
        assertEquals(List.of(total, claimed, unclaimed, owner),
                List.of(c.hostsTotal(), c.hostsClaimed(), c.hostsUnclaimed(), c.hostsOwner()));
    }

    @Test
    void countsFollowUpdatesDeletesAndExpiry() {
        store.apply(DataIndication.slot("slot1@a").with("State", "Unclaimed").data(), at(0));
        store.apply(DataIndication.slot("slot2@a").with("State", "Claimed").data(), at(0));
        store.apply(DataIndication.submitter("alice@s").with("IdleJobs", 5L).with("RunningJobs", 2L).data(), at(0));
        store.apply(DataIndication.submitter("bob@s").with("IdleJobs", 1L).with("RunningJobs", 0L).data(), at(0));
        store.apply(DataIndication.scheduler("s").data(), at(0));
        assertEquals(new PoolCounts(2, 1, 1, 0, 2, 6, 5), store.counts());

        store.apply(DataIndication.slot("slot1@a").with("State", "Claimed").data(), at(5));
        store.apply(DataIndication.submitter("alice@s").with("IdleJobs", 4L).with("RunningJobs", 3L).data(), at(5));
        assertEquals(new PoolCounts(2, 2, 0, 0, 3, 5, 5), store.counts());

        store.apply(DataIndication.submitter("bob@s").deleted().data(), at(6));
        assertEquals(new PoolCounts(2, 2, 0, 0, 3, 4, 4), store.counts());

        store.sweep(at(15)); // slot2@a and the scheduler ad were last updated at 0
        assertEquals(new PoolCounts(1, 1, 0, 0, 3, 4, 2), store.counts());
        store.sweep(at(20));
        assertEquals(PoolCounts.NONE, store.counts());
        assertEquals(8, store.updatesReceived());
    }

    @Test
    void aLifetimeMustBePositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AdStore(Duration.ZERO));
        assertTrue(e.getMessage().contains("ClassAdLifetime"), e.getMessage());
    }
}
