package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Locale;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The table lines are written out by hand where they were String.format patterns: each is the
 * same, character for character, as its pattern makes it, however wide or odd the values.
 */
class JobTableLinesTest {
    private final JobTable table = new JobTable(Fixtures.CLOCK);

    private String date(long seconds) {
        ZonedDateTime t = Instant.ofEpochSecond(seconds).atZone(Fixtures.CLOCK.getZone());
        return String.format(Locale.ROOT, "%2d/%-2d %02d:%02d", t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute());
    }

    private static String dhms(long s) {
        return String.format(Locale.ROOT, "%3d+%02d:%02d:%02d", s / 86_400, s / 3_600 % 24, s / 60 % 60, s % 60);
    }

    @ParameterizedTest
    @CsvSource({
        "1, 0, alice, 1710412200, 0, 1, 0, 0.05, 0",
        "12345, 1234, a-very-long-owner-name, 1700000000, 183723, 5, -3, 0.25, 1710000000",
        "7, 42, bob, 1710412260, 59, 4, 10, 1.35, 1710412200",
        "999, 7, carol, 1699999999, 9000000, 3, 1000, 2.45, 1",
        "3, 3, d, 1710412200, 3600, 2, 0, 1234.56, 0",
        "3, 3, d, 1710412200, 3600, 7, 0, 99999.95, 0"})
    void eachLineIsWhatItsPatternMakes(long cluster, long proc, String owner, long qdate, double wall, int status, long prio,
            double memory, long completion) {
        ClassAd job = ClassAd.parse(String.format(Locale.ROOT, "[ ClusterId = %d; ProcId = %d; Owner = \"%s\"; QDate = %d;"
                + " RemoteWallClockTime = %s; JobStatus = %d; JobPrio = %d; MemoryUsage = %s; CompletionDate = %d;"
                + " EnteredCurrentStatus = %d; Cmd = \"/bin/sleep\"; Args = \"60\"; HoldReason = \"held by x\" ]",
                cluster, proc, owner, qdate, Double.toString(wall), status, prio, Double.toString(memory), completion, qdate + 5));
        String ran = dhms(status == 2 ? (long) wall + Fixtures.CLOCK.instant().getEpochSecond() - (qdate + 5)
                : (long) wall);
        char st = JobStatusCode.of(status).letter();
        String cmd = CommandColumn.of(job);
        assertEquals(String.format(Locale.ROOT, "%4d.%-3d %-14s %-11s %-12s %-2c %-3d %-4.1f %s", cluster, proc, owner,
                date(qdate), ran, st, prio, memory, cmd).stripTrailing(), table.queueLine(job));
        assertEquals(String.format(Locale.ROOT, "%4d.%-3d %-14s %-11s %s", cluster, proc, owner, date(qdate + 5),
                "held by x").stripTrailing(), table.heldLine(job));
        assertEquals(String.format(Locale.ROOT, "%4d.%-3d %-14s %-11s %-12s %s", cluster, proc, owner, date(qdate), ran,
                "[????????????????]").stripTrailing(), table.runLine(job));
        assertEquals(String.format(Locale.ROOT, "%4d.%-3d %-14s %-11s %-12s %-2c %-11s %s", cluster, proc, owner, date(qdate), ran,
                st, date(completion > 0 ? completion : qdate + 5), cmd).stripTrailing(), table.historyLine(job));
    }
}
