package org.harrier.scheduler.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The scheduler's lease decisions as pure functions of what it holds and the time. */
class ClaimLeasesTest {
    @ParameterizedTest(name = "renewed {0}, lease {1}, now {2}: expired {3}")
    @CsvSource({
            "1000, 60, 1000, false",
            "1000, 60, 1060, false", // exactly the lease: still held
            "1000, 60, 1061, true",
            "1000, 2400, 3000, false",
            "1000, 2400, 3401, true",
            "5000, 10, 1000, false", // renewed after now (a clock step back): not expired
    })
    void aClaimExpiresOnlyOnceItsLeaseHasPassedWithoutARenewal(long renewed, long lease, long now, boolean expired) {
        assertEquals(expired, new ClaimLeases.Held("c", renewed, lease).expiredAt(now));
    }

    @Test
    void overdueNamesTheExpiredClaimsInOrder() {
        List<ClaimLeases.Held> held = List.of(new ClaimLeases.Held("a", 100, 10), new ClaimLeases.Held("b", 195, 10),
                new ClaimLeases.Held("c", 150, 100), new ClaimLeases.Held("d", 80, 5));
        assertEquals(List.of("a", "d"), ClaimLeases.overdue(held, 200));
        assertEquals(List.of(), ClaimLeases.overdue(List.of(), 200));
    }

    @Test
    void aClaimItsStartdDisownedIsGivenUpWhateverItsLease() {
        List<ClaimLeases.Held> held = List.of(new ClaimLeases.Held("a", 195, 100, true), new ClaimLeases.Held("b", 195, 100, false));
        assertEquals(List.of("a"), ClaimLeases.overdue(held, 200));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            JobLeaseDuration = 20        | 20
            JobLeaseDuration = 7.9       | 7
            JobLeaseDuration = 0         | 2400
            JobLeaseDuration = -5        | 2400
            JobLeaseDuration = "soon"    | 2400
            JobLeaseDuration = 10 * 6    | 60
            Cmd = "/bin/true"            | 2400
            """)
    void aRunningClaimsLeaseIsItsJobsLeaseDuration(String ad, long lease) {
        assertEquals(lease, ClaimLeases.leaseOf(ClassAd.parse(ad), Duration.ofSeconds(30)));
    }

    @Test
    void anIdleClaimsLeaseIsTheClaimLease() {
        assertEquals(30, ClaimLeases.leaseOf(null, Duration.ofSeconds(30)));
        assertEquals(1800, ClaimLeases.leaseOf(null, Duration.ofMinutes(30)));
    }

    @Test
    void aLeaseIsPositive() {
        assertThrows(IllegalArgumentException.class, () -> new ClaimLeases.Held("c", 0, 0));
    }
}
