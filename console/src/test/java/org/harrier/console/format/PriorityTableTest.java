package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.console.GridClient.ConcurrencyLimit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** condor_userprio's layouts from accountant records, at the fixtures' fixed time (2024-03-14 10:32 UTC). */
class PriorityTableTest {
    private static final long NOW = 1710412320;
    private final PriorityTable table = new PriorityTable(Fixtures.CLOCK);

    private static ClassAd record(String name, double priority, double factor, long inUse, double usage, long last) {
        return Fixtures.ad("Name = \"" + name + "\"\nPriority = " + priority + "\nRealPriority = " + priority / factor
                + "\nPriorityFactor = " + factor + "\nResourcesUsed = " + inUse + "\nAccumulatedUsage = " + usage
                + "\nBeginUsageTime = 1710316800\nLastUsageTime = " + last + "\nIsAccountingGroup = false");
    }

    private static final List<ClassAd> RECORDS = List.of(
            record("bob", 4000.0, 1000.0, 0, 12.5, NOW - 3_900),
            record("alice", 0.5, 1.0, 2, 0.25, NOW),
            record("carol", 2.0, 1.0, 0, 3.0, NOW - 3 * 86_400),
            record("physics.dave", 0.5, 1.0, 0, 0.0, 0));

    @Test
    void theDefaultListingShowsActiveSubmittersBestFirst() {
        assertEquals("""
                                                    Effective   Priority   Res   Total Usage  Time Since
                User Name                           Priority     Factor   In Use (wghted-hrs) Last Usage
                ---------------------------------- ------------ --------- ------ ------------ ----------
                alice                                      0.50      1.00      2         0.25      <now>
                bob                                     4000.00   1000.00      0        12.50    0+01:05
                ---------------------------------- ------------ --------- ------ ------------ ----------
                Number of users: 2                                             2        12.75
                """, table.priorities(table.shown(RECORDS, false)));
    }

    @Test
    void allUsersAddsThoseIdleForADayAndThoseWhoNeverRan() {
        assertEquals(List.of("alice", "physics.dave", "carol", "bob"), table.shown(RECORDS, true).stream()
                .map(r -> AdFields.string(r, "Name", "")).toList());
    }

    @Test
    void usageShowsAccumulatedUsageWithItsTimes() {
        assertEquals("""
                                                   Accumulated      Usage             Last        Time Since
                User Name                          Usage (hrs)    Start Time       Usage Time     Last Usage
                ---------------------------------- ----------- ---------------- ---------------- ----------
                alice                                     0.25  3/13/2024 08:00  3/14/2024 10:32      <now>
                physics.dave                              0.00  3/13/2024 08:00          <never>    <never>
                ---------------------------------- ----------- ---------------- ---------------- ----------
                Number of users: 2                        0.25                   3/14/2024 10:32
                """, table.usage(List.of(RECORDS.get(1), RECORDS.get(3))));
    }

    @Test
    void noRecordsIsTheHeaderAndAZeroCount() {
        assertEquals("Number of users: 0                                             0         0.00",
                table.priorities(List.of()).lines().reduce((a, b) -> b).orElseThrow());
    }

    @Test
    void limitsAreListedByName() {
        assertEquals("""
                Limit                            In Use        Max
                db                                    0          5
                license_x                             1          2
                scratch                            0.50       1.50
                """, LimitTable.render(List.of(new ConcurrencyLimit("license_x", 1, 2), new ConcurrencyLimit("db", 0, 5),
                new ConcurrencyLimit("scratch", 0.5, 1.5))));
        assertEquals("No concurrency limits are configured or in use.\n", LimitTable.render(List.of()));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource({"2.0, 2", "0.5, 0.50", "0, 0", "Infinity, unlimited"})
    void limitAmountsAreWholeWhenTheyCanBe(double amount, String shown) {
        assertEquals(shown, LimitTable.amount(amount));
    }
}
