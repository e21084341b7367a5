package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.exec.machine.Machine;
import org.harrier.exec.machine.Measurements;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;

/** The claim table's transitions without processes: each makes a new table and names its effects. */
class ClaimTableTest {
    static final Machine MACHINE = Machine.of("node", new Resources(2, 1024, 100000));

    final ClaimTable start = ClaimTable.of(
            new ClaimBook(PartitionableSlot.of("node", MACHINE, Expr.parse("TRUE"), 0), ClaimIds.seeded(1)),
            new StartdLeases(Duration.ofSeconds(10)));

    static EvalContext at(long second) {
        return EvalContext.create(Clock.fixed(Instant.ofEpochSecond(second), ZoneOffset.UTC), 1);
    }

    static ClassAd request(long cpus) {
        return ClassAd.builder().set("RequestCpus", cpus).set("RequestMemory", 256).set("Owner", "alice").build();
    }

    @Test
    void aGrantIsANewTableThatPublishesAndLeavesTheOldOneAsItWas() {
        ClaimTransition<ClaimBook.Grant> t = start.claim(request(1), "harrier:scheduler:s", Measurements.NONE, at(100));

        assertEquals(List.of(Effect.PUBLISH), t.effects());
        assertNull(t.refusal());
        assertTrue(t.table().holds(t.value().claimId()));
        assertEquals(new Resources(1, 768, 100000 - 1024), t.table().slot().remaining());
        assertFalse(start.holds(t.value().claimId()), "the table the claim was made on is unchanged");
        assertEquals(MACHINE.total(), start.slot().remaining());
    }

    @Test
    void aRefusedClaimIsCountedInTheNextTableWithNoEffects() {
        ClaimTransition<ClaimBook.Grant> t = start.claim(request(3), "harrier:scheduler:s", Measurements.NONE, at(100));

        assertTrue(t.refusal() instanceof StartdFailure.ClaimRefused, String.valueOf(t.refusal()));
        assertEquals(List.of(), t.effects());
        assertEquals(Map.of(ClaimVerdict.Refusal.DOES_NOT_FIT, 1L), t.table().refusals());
        assertEquals(Map.of(), start.refusals());
        assertEquals(MACHINE.total(), t.table().slot().remaining(), "nothing carved");
    }

    @Test
    void releasingAnIdleClaimCancelsItsStagingAndGivesItsResourcesBack() {
        ClaimTransition<ClaimBook.Grant> granted = start.claim(request(1), "harrier:scheduler:s", Measurements.NONE, at(100));
        String claimId = granted.value().claimId();

        ClaimTransition<Void> released = granted.table().release(claimId);

        assertEquals(List.of(new Effect.CancelStaging(claimId), Effect.PUBLISH), released.effects());
        assertFalse(released.table().holds(claimId));
        assertEquals(MACHINE.total(), released.table().slot().remaining());
        assertTrue(granted.table().holds(claimId), "the table before the release still holds it");
        assertThrows(StartdFailure.UnknownClaim.class, () -> released.table().release(claimId));
    }

    @Test
    void anIdleClaimExpiresOnlyAfterItsLeaseAndAskingChangesNothing() {
        ClaimTransition<ClaimBook.Grant> granted = start.claim(request(1), "harrier:scheduler:s", Measurements.NONE, at(100));
        ClaimTable table = granted.table();
        String claimId = granted.value().claimId();

        assertEquals(List.of(), table.expired(110), "10 s without a renewal: within the lease");
        assertEquals(List.of(claimId), table.expired(111));
        assertEquals(List.of(claimId), table.expired(111), "a query: the same answer again");

        ClaimTable renewed = table.renewed(claimId, 105).table();
        assertEquals(List.of(), renewed.expired(111));
        assertEquals(List.of(claimId), table.expired(111), "the renewal made a new table");
    }

    @Test
    void anIdleClaimRunsNoJobSoItsJobCallsAreWrongStateAndAnUnknownOneIsUnknown() {
        ClaimTransition<ClaimBook.Grant> granted = start.claim(request(1), "harrier:scheduler:s", Measurements.NONE, at(100));
        ClaimTable table = granted.table();
        String claimId = granted.value().claimId();

        assertThrows(StartdFailure.WrongState.class, () -> table.runOf(claimId, "1.0"));
        assertThrows(StartdFailure.UnknownClaim.class, () -> table.runOf("forged", "1.0"));
        assertEquals(List.of(new Effect.CancelStaging(claimId)), table.deactivate(claimId, "1.0").effects());
        assertSame(table, table.deactivate(claimId, "1.0").table(), "nothing to change: the same table");
    }
}
