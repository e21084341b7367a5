package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobTableTest {
    private final JobTable table = new JobTable(Fixtures.CLOCK);

    @Test
    void queueListsJobsInIdOrderWithCondorQColumnsAndTotals() {
        assertEquals("""
                 ID      OWNER            SUBMITTED     RUN_TIME ST PRI SIZE CMD
                   1.0   alice           3/14 10:27   0+00:04:00 R  0   2.0  sleep 60
                   1.1   alice           3/14 10:27   0+00:00:00 I  0   0.0  sleep 60
                   3.0   alice           3/13 08:00   1+02:01:15 C  0   0.0  echo hello from Harrier
                  12.0   bob            12/1  09:05   0+00:00:00 H  10  128.0 analyse --all data.csv

                4 jobs; 1 completed, 0 removed, 1 idle, 1 running, 1 held, 0 suspended
                """, table.queue(Fixtures.jobs()));
    }

    @Test
    void emptyQueueStillHasHeaderAndTotals() {
        assertEquals("""
                 ID      OWNER            SUBMITTED     RUN_TIME ST PRI SIZE CMD

                0 jobs; 0 completed, 0 removed, 0 idle, 0 running, 0 held, 0 suspended
                """, table.queue(List.of()));
    }

    @Test
    void historyLineShowsWhenTheJobCompleted() {
        assertEquals("""
                 ID      OWNER            SUBMITTED     RUN_TIME ST   COMPLETED CMD
                   3.0   alice           3/13 08:00   1+02:01:15 C   3/14 10:30 echo hello from Harrier
                """, table.history(List.of(Fixtures.jobs().get(3))));
    }

    @Test
    void historyKeepsTheOrderGivenNewestFirst() {
        List<ClassAd> newestFirst = List.of(
                ad("ClusterId = 7\nProcId = 1\nOwner = \"alice\"\nQDate = 1710412020\nJobStatus = 3\n"
                        + "EnteredCurrentStatus = 1710412140\nCmd = \"/bin/sleep\"\nArgs = \"60\""),
                Fixtures.jobs().get(3));
        assertEquals("""
                 ID      OWNER            SUBMITTED     RUN_TIME ST   COMPLETED CMD
                   7.1   alice           3/14 10:27   0+00:00:00 X   3/14 10:29 sleep 60
                   3.0   alice           3/13 08:00   1+02:01:15 C   3/14 10:30 echo hello from Harrier
                """, table.history(newestFirst));
    }

    @Test
    void heldListingShowsWhenEachJobWasHeldAndWhy() {
        List<ClassAd> held = List.of(
                ad("ClusterId = 12\nProcId = 0\nOwner = \"bob\"\nJobStatus = 5\nEnteredCurrentStatus = 1710412140\n"
                        + "HoldReason = \"disk full (by user bob)\""),
                ad("ClusterId = 4\nProcId = 2\nOwner = \"alice\"\nJobStatus = 5\nEnteredCurrentStatus = 1710316800\n"
                        + "HoldReason = \"The job attribute PeriodicHold expression 'true' evaluated to TRUE\""),
                ad("ClusterId = 5\nProcId = 0\nOwner = \"alice\"\nJobStatus = 5"));
        assertEquals("""
                 ID      OWNER           HELD_SINCE HOLD_REASON
                   4.2   alice           3/13 08:00 The job attribute PeriodicHold expression 'true' evaluated to TRUE
                   5.0   alice          ???
                  12.0   bob             3/14 10:29 disk full (by user bob)

                3 jobs; 0 completed, 0 removed, 0 idle, 0 running, 3 held, 0 suspended
                """, table.held(held));
    }

    @Test
    void runListingShowsRunTimeAndTheSlot() {
        List<ClassAd> running = List.of(Fixtures.jobs().get(2).with("RemoteHost", Expr.parse("\"slot1_1@node2\"")),
                ad("ClusterId = 9\nProcId = 0\nOwner = \"bob\"\nQDate = 1710412020\nJobStatus = 2\n"
                        + "JobCurrentStartDate = 1710412300\nRemoteWallClockTime = 60.0"));
        assertEquals("""
                 ID      OWNER            SUBMITTED     RUN_TIME HOST(S)
                   1.0   alice           3/14 10:27   0+00:04:00 slot1_1@node2
                   9.0   bob             3/14 10:27   0+00:01:20 [????????????????]

                2 jobs; 0 completed, 0 removed, 0 idle, 2 running, 0 held, 0 suspended
                """, table.running(running));
    }

    @Test
    void aSuspendedJobsRunTimeCountsAsCondorQsDoes() {
        ClassAd suspended = ad("ClusterId = 2\nProcId = 0\nOwner = \"alice\"\nQDate = 1710412020\nJobStatus = 7\n"
                + "JobCurrentStartDate = 1710412200\nEnteredCurrentStatus = 1710412300\nRemoteWallClockTime = 5.0");
        assertEquals("   2.0   alice           3/14 10:27   0+00:02:05 S  0   0.0", table.queueLine(suspended));
    }

    @Test
    void totalsByNameAreTheTotalsLineAsData() {
        assertEquals("{Jobs=4, Completed=1, Removed=0, Idle=1, Running=1, Held=1, Suspended=0}",
                JobTable.totalsByName(Fixtures.jobs()).toString());
    }

    @ParameterizedTest(name = "JobStatus {0} shows as {1}")
    @CsvSource({"1, I", "2, R", "3, X", "4, C", "5, H", "6, >", "7, S", "0, ?", "99, ?"})
    void statusLetterIsCondorQs(int status, char letter) {
        String line = table.queueLine(ClassAd.parse("ClusterId = 1\nProcId = 0\nJobStatus = " + status));
        assertEquals(letter, line.charAt(49), line);
    }

    @Test
    void totalsCountEachStatus() {
        List<ClassAd> jobs = List.of(job(1), job(1), job(2), job(3), job(5), job(7), job(7), job(7), job(4));
        assertEquals("9 jobs; 1 completed, 1 removed, 2 idle, 1 running, 1 held, 3 suspended", JobTable.totals(jobs));
    }

    @Test
    void adWithMissingOrOddAttributesStillGetsALine() {
        ClassAd odd = ClassAd.parse("ClusterId = \"seven\"\nOwner = 42\nQDate = \"yesterday\"\nJobStatus = 2");
        assertEquals("   0.0   ???            ???           0+00:00:00 R  0   0.0", table.queueLine(odd));
    }

    private static ClassAd ad(String text) {
        return ClassAd.parse(text);
    }

    private static ClassAd job(int status) {
        return ClassAd.parse("JobStatus = " + status);
    }

    /** What a listing asks the scheduler for is all it reads: each table is the same from ads cut to READS. */
    @Test
    void theTablesReadOnlyTheAttributesTheyDeclare() {
        java.util.List<org.harrier.classad.ClassAd> whole = Fixtures.jobs();
        java.util.List<org.harrier.classad.ClassAd> cut = whole.stream().map(job -> {
            org.harrier.classad.ClassAd.Builder b = org.harrier.classad.ClassAd.builder();
            job.forEach((name, value) -> {
                if (JobTable.READS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                    b.set(name, value);
                }
            });
            return b.build();
        }).toList();
        assertEquals(table.queue(whole), table.queue(cut));
        assertEquals(table.held(whole), table.held(cut));
        assertEquals(table.running(whole), table.running(cut));
        assertEquals(JobTable.totals(whole), JobTable.totals(cut));
    }
}
