package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The startd's lease decisions as pure functions of the renewals and the time. */
class StartdLeasesTest {
    final StartdLeases leases = new StartdLeases(Duration.ofSeconds(10));

    @ParameterizedTest(name = "renewed {0}, lease {1}, now {2}: expired {3}")
    @CsvSource({"100, 10, 100, false", "100, 10, 110, false", "100, 10, 111, true", "100, 2400, 2500, false",
            "100, 2400, 2501, true"})
    void aLeaseRunsOutOnlyAfterItsLength(long renewed, long lease, long now, boolean expired) {
        assertEquals(expired, StartdLeases.expired(renewed, lease, now));
    }

    @Test
    void anIdleClaimLastsTheClaimLeaseARunningOneItsJobsLease() {
        leases.idle("idle", 100);
        leases.idle("busy", 100);
        leases.running("busy", ClassAd.parse("JobLeaseDuration = 30"), 105);
        assertEquals(List.of(), leases.expired(110, id -> true));
        assertEquals(List.of("idle"), leases.expired(111, id -> true));
        assertEquals(List.of("idle"), leases.expired(135, id -> true));
        assertEquals(2, leases.expired(136, id -> true).size());
    }

    @Test
    void anAliveRenewsAndAJobsEndFallsBackToTheClaimLeaseFromTheLastRenewal() {
        leases.idle("c", 100);
        leases.renewed("c", 108);
        assertEquals(List.of(), leases.expired(118, id -> true));
        leases.running("c", ClassAd.parse("Cmd = \"/bin/true\""), 120);
        assertEquals(List.of(), leases.expired(2520, id -> true), "condor_submit's 2400 s when the job names none");
        leases.idle("c", 2520);
        assertEquals(List.of("c"), leases.expired(2520, id -> true), "renewed last at 120: the scheduler is gone");
    }

    @Test
    void claimsNoLongerHeldAreForgotten() {
        leases.idle("gone", 0);
        assertEquals(List.of(), leases.expired(1000, id -> false));
        assertEquals(List.of(), leases.expired(1000, id -> true));
    }

    @Test
    void theClaimLeaseIsAtLeastASecond() {
        assertThrows(IllegalArgumentException.class, () -> new StartdLeases(Duration.ofMillis(500)));
    }
}
