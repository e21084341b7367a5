package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.harrier.protocol.negotiator.AccountantRecord;
import org.harrier.protocol.negotiator.GetLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The accounting operations the negotiator object's methods call: what they change, and what they refuse. */
class PoolAccountsTest {
    private final PoolAccounts accounts = new PoolAccounts(NegotiatorSettings.defaults(), Duration.ofSeconds(1));

    @Test
    void aSetterCreatesTheRecordThatStatsThenReads() {
        accounts.setPriority("alice", 4);
        accounts.setPriorityFactor(" alice ", 10);
        accounts.setUsage("alice", 2);

        AccountantRecord alice = accounts.stats("alice");
        assertEquals(4, alice.realPriority());
        assertEquals(10, alice.priorityFactor());
        assertEquals(2, alice.accumulatedUsageHours(), 1e-9, "usage is set and read in weighted slot-hours");
        assertEquals(40, alice.priority(), "effective priority is real priority times factor");
    }

    @Test
    void prioritiesListsBestFirst() {
        accounts.setPriority("bob", 8);
        accounts.setPriority("alice", 2);

        assertEquals(List.of("alice", "bob"), accounts.priorities().stream().map(AccountantRecord::name).toList());
    }

    @Test
    void aLimitSetAtRunTimeIsListedWithNothingInUse() {
        accounts.setLimit("license_x", 3);

        assertEquals(new GetLimits.Limit(0, 3), accounts.limits().byName().get("license_x"));
    }

    @Test
    void statsOfANameTheAccountantHasNoRecordOfIsAnUnknownAccount() {
        CollectorFailure.UnknownAccount e = assertThrows(CollectorFailure.UnknownAccount.class, () -> accounts.stats("carol"));

        assertEquals("the accountant has no record of 'carol'", e.getMessage());
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of((Consumer<PoolAccounts>) a -> a.setPriority("alice", 0.1),
                        "Priority must be a number at least 0.5, HTCondor's best priority, got 0.1"),
                Arguments.of((Consumer<PoolAccounts>) a -> a.setPriorityFactor("alice", 0.5),
                        "PriorityFactor must be a number at least 1, got 0.5"),
                Arguments.of((Consumer<PoolAccounts>) a -> a.setUsage("alice", Double.NaN),
                        "Usage must be a number at least 0 (weighted slot-hours), got NaN"),
                Arguments.of((Consumer<PoolAccounts>) a -> a.setLimit("db", -1),
                        "Max must be a number at least 0, got -1.0"),
                Arguments.of((Consumer<PoolAccounts>) a -> a.setPriority(" ", 1),
                        "Name must be a submitter or group name, got  "));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("refused")
    void aValueThatBreaksARuleIsInvalidNamingTheRule(Consumer<PoolAccounts> call, String message) {
        assertEquals(message, assertThrows(CollectorFailure.Invalid.class, () -> call.accept(accounts)).getMessage());
    }
}
