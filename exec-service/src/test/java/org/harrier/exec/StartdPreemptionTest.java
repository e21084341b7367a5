package org.harrier.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.exec.claim.ClaimBook;
import org.harrier.exec.claim.ClaimIds;
import org.harrier.exec.claim.DynamicSlot;
import org.harrier.exec.claim.PartitionableSlot;
import org.harrier.exec.claim.SlotAds;
import org.harrier.exec.claim.SlotPolicy;
import org.harrier.exec.claim.StartdFailure;
import org.harrier.exec.machine.Machine;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claim attributes and preemption at the startd, with real processes: a preempting claim
 * evicts the running job (after its retirement), the job's exit is reported as an eviction,
 * and the dynamic slot's resources go back to the partitionable slot.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StartdPreemptionTest {
    static final String SCHEDULER = "harrier:scheduler:test";
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));
    static final String SLOT = "slot1_1@node";
    /** Runs until the test creates the file {@code done} in its Iwd, then exits 0. */
    static final String UNTIL_DONE = "-c 'while [ ! -e done ]; do sleep 0.05; done; exit 0'";

    @TempDir
    Path iwd;
    final Events events = new Events();
    Startd startd;

    /** Every slot snapshot and report, in order. */
    static final class Events implements StartdListener {
        final List<PartitionableSlot> slots = new CopyOnWriteArrayList<>();
        final LinkedBlockingQueue<RunExited> exits = new LinkedBlockingQueue<>();

        @Override
        public void slotsChanged(PartitionableSlot slot) {
            slots.add(slot);
        }

        @Override
        public void jobExited(RunExited exited) {
            exits.add(exited);
        }

        RunExited next() throws InterruptedException {
            return assertInstanceOf(RunExited.class, exits.poll(20, TimeUnit.SECONDS), "an exit report");
        }

        /** Whether the dynamic slot was ever seen in that State and Activity. */
        boolean sawSlot(String state, String activity) {
            return slots.stream().map(p -> p.dynamicSlots().get(SLOT))
                    .anyMatch(d -> d != null && d.state().equals(state) && d.activity().equals(activity));
        }
    }

    Startd startd(String rank, String maxJobRetirementTime) {
        SlotPolicy policy = new SlotPolicy(Expr.parse(rank), Expr.parse(maxJobRetirementTime));
        startd = new Startd(StartdSettings.of(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(3),
                ExecSettings.builder().killGrace(Duration.ofMillis(300)).usageInterval(Duration.ofMillis(50)).build().timings())
                .withPolicy(policy),
                events);
        return startd;
    }

    @AfterEach
    void close() {
        if (startd != null) {
            startd.close();
        }
    }

    ClassAd job(String cmd, String arguments) {
        return ClassAd.builder().set("Cmd", cmd).set("Arguments", arguments).set("Iwd", iwd.toString())
                .set("Owner", "alice").set("RequestMemory", 256).build();
    }

    static StartdFailure failure(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(20, TimeUnit.SECONDS));
        return assertInstanceOf(StartdFailure.class, e.getCause());
    }

    ClassAd dynamicAd() {
        DynamicSlot d = startd.slot().dynamicSlots().get(SLOT);
        assertNotNull(d, SLOT + " exists");
        return SlotAds.dynamic(startd.slot(), d, startd.policy());
    }

    /** Claims and starts {@code job}; returns the claim id. */
    String running(ClassAd job) throws Exception {
        ClaimBook.Grant g = startd.claim(job, SCHEDULER).get();
        assertNotNull(startd.activate(g.claimId(), "12.0", job).get(), "started");
        return g.claimId();
    }

    @Test
    void aRunningClaimAdvertisesItsJobAndTheAttributesGoWhenTheJobEnds() throws Exception {
        startd("TARGET.Boost * 1.5", "TARGET.RequestMemory / 2");
        ClassAd job = job("/bin/sh", UNTIL_DONE).with("AccountingGroup", Expr.parse("\"physics.bob\""))
                .with("ConcurrencyLimits", Expr.parse("\"license_x:2\"")).with("Boost", Expr.parse("3"));
        long before = System.currentTimeMillis() / 1000;
        String claimId = running(job);

        ClassAd ad = dynamicAd();
        assertEquals(Expr.parse("\"alice\""), ad.lookup("RemoteOwner"));
        assertEquals(Expr.parse("\"physics.bob\""), ad.lookup("RemoteUser"), "the submitter is the accounting group");
        assertEquals(Expr.parse("\"physics.bob\""), ad.lookup("AccountingGroup"));
        assertEquals(Expr.parse("\"license_x:2\""), ad.lookup("ConcurrencyLimits"));
        assertEquals(Expr.parse("\"12.0\""), ad.lookup("JobId"));
        assertEquals(Expr.parse("4.5"), ad.lookup("CurrentRank"));
        assertEquals(Expr.parse("128"), ad.lookup("MaxJobRetirementTime"));
        long start = ((org.harrier.classad.IntegerValue) ad.lookup("JobStart")).value();
        assertTrue(start >= before && start <= System.currentTimeMillis() / 1000, "JobStart " + start);
        assertEquals(Expr.parse("TARGET.Boost * 1.5"), ad.lookup("Rank"));

        Files.writeString(iwd.resolve("done"), "");
        assertFalse(events.next().evicted());
        ClassAd idle = dynamicAd();
        for (String gone : List.of("JobId", "JobStart", "CurrentRank", "ConcurrencyLimits")) {
            assertNull(idle.lookup(gone), gone + " after the job ended");
        }
        assertEquals(Expr.parse("TARGET.RequestMemory / 2"), idle.lookup("MaxJobRetirementTime"), "the expression again");
        assertEquals(Expr.parse("\"physics.bob\""), idle.lookup("RemoteUser"), "the claim is still physics.bob's");
        startd.release(claimId).get();
    }

    @Test
    void withoutAnAccountingGroupTheSubmitterIsTheOwnerAndCurrentRankIsZero() throws Exception {
        startd("0", "0");
        running(job("/bin/sleep", "30"));
        ClassAd ad = dynamicAd();
        assertEquals(Expr.parse("\"alice\""), ad.lookup("RemoteUser"));
        assertNull(ad.lookup("AccountingGroup"));
        assertNull(ad.lookup("ConcurrencyLimits"));
        assertEquals(Expr.parse("0.0"), ad.lookup("CurrentRank"));
    }

    @Test
    void aPreemptingClaimWithoutRetirementEvictsTheJobAndReturnsItsResources() throws Exception {
        startd("0", "0");
        String claimId = running(job("/bin/sleep", "30"));

        StartdFailure refused = failure(startd.preempt(SLOT));
        assertInstanceOf(StartdFailure.Preempting.class, refused);
        assertTrue(refused.getMessage().startsWith("claim refused: slot1_1@node is being preempted"), refused.getMessage());

        RunExited evicted = events.next();
        assertEquals("12.0", evicted.jobId());
        assertEquals(claimId, evicted.claimId());
        assertTrue(evicted.evicted());
        assertTrue(evicted.exitBySignal());
        assertEquals(15, evicted.exitSignal(), "killed as Deactivate kills: SIGTERM first");
        assertTrue(events.sawSlot("Preempting", "Vacating"));
        assertEquals(MACHINE.total(), startd.slot().remaining());
        assertTrue(startd.slot().dynamicSlots().isEmpty());
        assertInstanceOf(StartdFailure.UnknownClaim.class, failure(startd.activate(claimId, "12.1", job("/bin/true", ""))));
    }

    @Test
    void aJobThatEndsWithinItsRetirementJustFinishesAndTheClaimEndsWithIt() throws Exception {
        startd("0", "600");
        String claimId = running(job("/bin/sh", UNTIL_DONE));

        assertInstanceOf(StartdFailure.Preempting.class, failure(startd.preempt(SLOT)));
        DynamicSlot retiring = startd.slot().dynamicSlots().get(SLOT);
        assertEquals("Claimed", retiring.state());
        assertEquals("Retiring", retiring.activity());
        StartdFailure again = failure(startd.preempt(SLOT));
        assertInstanceOf(StartdFailure.Preempting.class, again, "a second preempting claim changes nothing");
        assertTrue(again.getMessage().contains("retires for up to 600 s"), again.getMessage());

        Files.writeString(iwd.resolve("done"), "");
        RunExited finished = events.next();
        assertFalse(finished.evicted());
        assertEquals(0, finished.exitCode());
        assertEquals(MACHINE.total(), startd.slot().remaining());
        assertFalse(events.sawSlot("Preempting", "Vacating"));
        assertInstanceOf(StartdFailure.UnknownClaim.class, failure(startd.activate(claimId, "12.1", job("/bin/true", ""))));
    }

    @Test
    void theJobsOwnShorterRetirementEndsItAndThenTheJobIsEvicted() throws Exception {
        startd("0", "3600");
        running(job("/bin/sleep", "30").with("MaxJobRetirementTime", Expr.parse("1")));
        assertInstanceOf(StartdFailure.Preempting.class, failure(startd.preempt(SLOT)));
        assertEquals("Retiring", startd.slot().dynamicSlots().get(SLOT).activity());

        RunExited evicted = events.next();
        assertTrue(evicted.evicted(), "killed once its one second of retirement was over");
        assertTrue(events.sawSlot("Preempting", "Vacating"));
        assertEquals(MACHINE.total(), startd.slot().remaining());
    }

    @Test
    void preemptingAnIdleClaimEndsItAtOnceAndAnUnclaimedSlotHasNothingToPreempt() throws Exception {
        startd("0", "0");
        ClaimBook.Grant g = startd.claim(job("/bin/true", ""), SCHEDULER).get();
        assertInstanceOf(StartdFailure.Preempting.class, failure(startd.preempt(SLOT)));
        assertEquals(MACHINE.total(), startd.slot().remaining());
        assertInstanceOf(StartdFailure.UnknownClaim.class, failure(startd.release(g.claimId())));
        assertInstanceOf(StartdFailure.ClaimRefused.class, failure(startd.preempt(SLOT)));
        assertTrue(events.exits.isEmpty(), "no job, no report");
    }
}
