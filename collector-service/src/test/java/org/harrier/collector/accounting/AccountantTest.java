package org.harrier.collector.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.harrier.collector.negotiation.GroupQuotas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The accountant's arithmetic (HTCondor's "Priority Calculation") and its file. */
class AccountantTest {
    private static final Instant T0 = Instant.parse("2026-11-21T00:00:00Z");
    private static final Duration DAY = Duration.ofDays(1);

    private static AccountantState holding(String name, double weighted, Instant at, AccountantState from) {
        return Accountant.update(from, new Accountant.Usage(Map.of(name, weighted), Map.of(name, (long) weighted), Set.of()),
                at, DAY, 1000, GroupQuotas.NONE);
    }

    private static AccountantState idle(Instant at, AccountantState from) {
        return Accountant.update(from, new Accountant.Usage(Map.of(), Map.of(), Set.of()), at, DAY, 1000, GroupQuotas.NONE);
    }

    @Test
    void aRealPriorityHalvesEveryHalfLifeOnceItsUserHoldsNothing() {
        AccountantState s = holding("alice", 10, T0, AccountantState.EMPTY);
        s = s.with("alice", 1000, a -> a.withRealPriority(10));

        s = idle(T0.plus(DAY), s);
        assertEquals(5, s.accounts().get("alice").realPriority(), 1e-9);
        s = idle(T0.plus(DAY.multipliedBy(2)), s);
        assertEquals(2.5, s.accounts().get("alice").realPriority(), 1e-9);
    }

    @Test
    void aRealPriorityNeverGoesBelowOneHalfAndANewcomerStartsThere() {
        AccountantState s = holding("alice", 0, T0, AccountantState.EMPTY);
        assertEquals(0.5, s.accounts().get("alice").realPriority());
        assertEquals(500, s.accounts().get("alice").effectivePriority(), "0.5 x DEFAULT_PRIO_FACTOR 1000");
        s = idle(T0.plus(DAY.multipliedBy(30)), s);
        assertEquals(0.5, s.accounts().get("alice").realPriority());
    }

    @Test
    void accumulatedUsageIsWeightedSlotSecondsAndUpdatesMayComeAtAnyInterval() {
        AccountantState s = holding("alice", 4, T0, AccountantState.EMPTY);
        s = holding("alice", 4, T0.plusSeconds(30), s);
        s = holding("alice", 4, T0.plusSeconds(3600), s);
        Account a = s.accounts().get("alice");
        assertEquals(4 * 3600, a.accumulatedUsage(), 1e-6);
        assertEquals(T0.plusSeconds(3600).getEpochSecond(), a.lastUsageTime());
        // One update over an hour or two over half an hour each: the same RUP (beta is multiplicative).
        AccountantState once = holding("bob", 4, T0.plusSeconds(3600), holding("bob", 0, T0, AccountantState.EMPTY));
        AccountantState twice = holding("bob", 4, T0.plusSeconds(3600),
                holding("bob", 4, T0.plusSeconds(1800), holding("bob", 0, T0, AccountantState.EMPTY)));
        assertEquals(once.accounts().get("bob").realPriority(), twice.accounts().get("bob").realPriority(), 1e-9);
    }

    @Test
    void aGroupMembersUsageIsChargedToItsGroupAndTheGroupsAbove() {
        GroupQuotas groups = new GroupQuotas(List.of("group_physics", "group_physics.hep"), Map.of(), Map.of(), Map.of(), false);
        AccountantState s = Accountant.update(AccountantState.EMPTY,
                new Accountant.Usage(Map.of("group_physics.hep.higgs", 3.0), Map.of("group_physics.hep.higgs", 3L), Set.of()),
                T0, DAY, 1000, groups);
        s = Accountant.update(s, new Accountant.Usage(Map.of("group_physics.hep.higgs", 3.0),
                Map.of("group_physics.hep.higgs", 3L), Set.of()), T0.plusSeconds(100), DAY, 1000, groups);

        assertEquals(300, s.accounts().get("group_physics.hep").accumulatedUsage(), 1e-6);
        assertEquals(300, s.accounts().get("group_physics").accumulatedUsage(), 1e-6);
        assertTrue(s.accounts().get("group_physics").group());
        assertFalse(s.accounts().get("group_physics.hep.higgs").group());
    }

    @Test
    void theUpDownIndexRisesWhileHoldingAndFallsWhileWaiting() {
        AccountantState s = Accountant.update(AccountantState.EMPTY,
                new Accountant.Usage(Map.of("heavy", 10.0), Map.of("heavy", 10L), Set.of("light")), T0, DAY, 1000, GroupQuotas.NONE);
        s = Accountant.update(s, new Accountant.Usage(Map.of("heavy", 10.0), Map.of("heavy", 10L), Set.of("light")),
                T0.plus(Duration.ofHours(12)), DAY, 1000, GroupQuotas.NONE);
        assertEquals(5, s.accounts().get("heavy").upDownIndex(), 1e-9);
        assertEquals(-0.5, s.accounts().get("light").upDownIndex(), 1e-9);
        assertEquals(Map.of("heavy", 5.0, "light", -0.5), Accountant.priorities(s, "up-down"));
    }

    @Test
    void anAccountRefusesImpossibleValues() {
        assertThrows(IllegalArgumentException.class, () -> Account.newcomer("a", false, 1000).withRealPriority(0.1));
        assertThrows(IllegalArgumentException.class, () -> Account.newcomer("a", false, 1000).withPriorityFactor(0.5));
        assertThrows(IllegalArgumentException.class, () -> Account.newcomer("a", false, 1000).withAccumulatedUsage(-1));
    }

    @Test
    void theStateSurvivesASaveAndALoad(@TempDir Path spool) throws Exception {
        AccountantState s = holding("alice", 4, T0.plusSeconds(60), holding("alice", 4, T0, AccountantState.EMPTY))
                .with("bob", 1000, a -> a.withPriorityFactor(4000));
        AccountantFile file = new AccountantFile(spool);
        file.save(s);

        assertEquals(s, new AccountantFile(spool).load());
        assertFalse(Files.exists(spool.resolve("accountant.json.tmp")), "the new file replaced the old by rename");
    }

    @Test
    void anUnreadableFileIsMovedAsideAndTheAccountantStartsEmpty(@TempDir Path spool) throws Exception {
        Files.writeString(spool.resolve("accountant.json"), "{\"Updated\": 12, \"Accounts\": [{\"Name\": ");

        assertEquals(AccountantState.EMPTY, new AccountantFile(spool).load());
        assertTrue(Files.exists(spool.resolve("accountant.json.unreadable")));
        assertEquals(AccountantState.EMPTY, new AccountantFile(spool).load(), "and nothing is left to trip over");
    }
}
