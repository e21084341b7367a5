package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The startd drops claims nobody renews (a scheduler that died leaves no slot claimed): an idle
 * claim after CLAIM_LEASE, a running one after its job's JobLeaseDuration, its job killed. Time
 * is a settable clock; the job is a real process.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdLeaseTest {
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));

    /** A clock the test moves. */
    static final class SetClock extends Clock {
        volatile Instant now = Instant.parse("2026-11-21T12:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

        void advance(long seconds) {
            now = now.plusSeconds(seconds);
        }
    }

    @TempDir
    Path iwd;

    final SetClock clock = new SetClock();
    final StartdTest.Events events = new StartdTest.Events();
    final Startd startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(7),
            ExecSettings.builder().killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50)).build().timings())
            .withClock(clock)
            .withClaimLease(Duration.ofSeconds(10)),
            events);

    @AfterEach
    void close() {
        startd.close();
    }

    ClassAd job(long lease) {
        return ClassAd.builder().set("Cmd", "/bin/sleep").set("Arguments", "60").set("Iwd", iwd.toString())
                .set("Owner", "alice").set("JobLeaseDuration", lease).build();
    }

    @Test
    void anIdleClaimNobodyRenewsIsReleasedAfterTheClaimLease() throws Exception {
        ClaimBook.Grant g = startd.claim(job(30), "harrier:scheduler:test").get();
        clock.advance(8);
        startd.alive(g.claimId()).get();
        clock.advance(10);
        assertEquals(List.of(), startd.expireLeases().get(), "renewed 10 s ago: still held");
        clock.advance(1);
        assertEquals(List.of(g.claimId()), startd.expireLeases().get());
        assertEquals(MACHINE.total(), startd.slot().remaining());
        ExecutionException e = assertThrows(ExecutionException.class, () -> startd.alive(g.claimId()).get());
        assertInstanceOf(StartdFailure.UnknownClaim.class, e.getCause());
    }

    @Test
    void aRunningJobOutlivesTheClaimLeaseUntilItsJobLeaseThenIsKilled() throws Exception {
        ClaimBook.Grant g = startd.claim(job(30), "harrier:scheduler:test").get();
        startd.activate(g.claimId(), "1.0", job(30)).get();
        clock.advance(30);
        assertEquals(List.of(), startd.expireLeases().get(), "a scheduler restart within JobLeaseDuration keeps the job");
        clock.advance(1);
        assertEquals(List.of(g.claimId()), startd.expireLeases().get());
        RunExited killed = events.next(RunExited.class);
        assertEquals("1.0", killed.jobId());
        assertTrue(killed.exitBySignal(), "killed, as Release kills it");
        assertEquals(List.of(), startd.expireLeases().get(), "ended once");
        assertEquals(MACHINE.total(), startd.slot().remaining(), "the dynamic slot went back once the tree was dead");
    }
}
