package org.harrier.collector.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.harrier.collector.negotiation.SharePolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fair share over simulated days, with the real accountant and planner: two users who always
 * have work converge to the shares HTCondor's rule gives (each holds in inverse proportion to
 * its effective priority), and a light user is served promptly while a heavy one has 100,000
 * jobs queued.
 */
class FairShareTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);

    /**
     * With factors f_a and f_b, RUP settles at what each holds, so holdings u satisfy
     * u_a / u_b = EUP_b / EUP_a = (u_b f_b) / (u_a f_a): u_a / u_b = sqrt(f_b / f_a). Equal
     * factors split the pool evenly; 1:4 gives the first user 2/3 of it.
     */
    @ParameterizedTest(name = "[{index}] factors {0}:{1} -> alice holds {2}")
    @CsvSource({
            "1000, 1000, 0.5",
            "1000, 4000, 0.6667",
    })
    void twoBusyUsersConvergeToTheInverseRatioOfTheirEffectivePriorities(double aliceFactor, double bobFactor,
            double aliceShare) {
        PoolSimulation pool = new PoolSimulation(40, Duration.ofMinutes(10), Duration.ofHours(1),
                SharePolicy.named("pie-spin"))
                .submitter("alice", aliceFactor, 1_000_000)
                .submitter("bob", bobFactor, 1_000_000);

        pool.run(Duration.ofHours(30), MINUTE, Duration.ofHours(6));

        assertEquals(aliceShare, pool.shareOf("alice"), 0.05, "alice's share of the pool");
        double ratio = pool.account("alice").effectivePriority() / pool.account("bob").effectivePriority();
        assertEquals(pool.shareOf("bob") / pool.shareOf("alice"), ratio, 0.1,
                "holdings in inverse proportion to effective priorities");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"pie-spin", "up-down"})
    void aLightUserIsServedPromptlyWhileAHeavyUserHas100000JobsQueued(String policy) {
        PoolSimulation pool = new PoolSimulation(20, Duration.ofMinutes(10), Duration.ofDays(1), SharePolicy.named(policy))
                .submitter("heavy", 1000, 100_000)
                .submitter("light", 1000, 0);
        pool.run(Duration.ofHours(12), MINUTE, Duration.ZERO);
        assertEquals(20, pool.running("heavy"), "the heavy user fills the pool while alone");

        pool.submit("light", 4);
        pool.run(Duration.ofMinutes(10), MINUTE, Duration.ZERO);

        assertEquals(4, pool.running("light"), "every job of the light user runs within one job length");
        assertTrue(pool.account("light").effectivePriority() < pool.account("heavy").effectivePriority());
    }

    @Test
    void realPriorityFollowsTheSlotsHeld() {
        PoolSimulation pool = new PoolSimulation(10, Duration.ofHours(100), Duration.ofHours(1), SharePolicy.named("pie-spin"))
                .submitter("alice", 1000, 10);
        pool.run(Duration.ofHours(10), MINUTE, Duration.ZERO);
        assertEquals(10, pool.account("alice").realPriority(), 0.1, "RUP settles at the slots held");
    }
}
