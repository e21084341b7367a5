package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.harrier.scheduler.queue.TransitionTest.ID;
import static org.harrier.scheduler.queue.TransitionTest.NOW;
import static org.harrier.scheduler.queue.TransitionTest.applied;
import static org.harrier.scheduler.queue.TransitionTest.job;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** What the starter's usage figures write on a job: while it runs, at its end, and when it went over its memory. */
class UsageTransitionTest {
    static final RunUsage USAGE = new RunUsage(1.5, 0.25, 310_000, 300_000, 293, 1954);

    @Test
    void aRunningJobRecordsItsUsageWithoutChangingState() {
        ClassAd running = job(JobStatus.RUNNING);
        ClassAd after = applied(running, Transition.usage(ID, running, USAGE));
        assertAll(() -> assertEquals(Expr.parse("1.5"), after.lookup("RemoteUserCpu")),
                () -> assertEquals(Expr.parse("0.25"), after.lookup("RemoteSysCpu")),
                () -> assertEquals(IntegerValue.of(310_000), after.lookup("ImageSize")),
                () -> assertEquals(IntegerValue.of(300_000), after.lookup("ResidentSetSize")),
                () -> assertEquals(IntegerValue.of(293), after.lookup("MemoryUsage")),
                () -> assertEquals(IntegerValue.of(1954), after.lookup("DiskUsage")),
                () -> assertEquals(running.lookup("JobStatus"), after.lookup("JobStatus")),
                () -> assertEquals(running.lookup("RemoteWallClockTime"), after.lookup("RemoteWallClockTime"),
                        "finished runs only"));
    }

    @ParameterizedTest(name = "had {0}, reported {1}: {2}")
    @CsvSource({"0, 100, 100", "500, 100, 500", "100, 100, 100"})
    void memoryAndDiskFiguresArePeaksOverRuns(long had, long reported, long kept) {
        ClassAd running = job(JobStatus.RUNNING).with("ImageSize", IntegerValue.of(had))
                .with("ResidentSetSize", IntegerValue.of(had)).with("MemoryUsage", IntegerValue.of(had))
                .with("DiskUsage", IntegerValue.of(had));
        ClassAd after = applied(running, Transition.usage(ID, running,
                new RunUsage(0, 0, reported, reported, reported, reported)));
        for (String a : new String[] {"ImageSize", "ResidentSetSize", "MemoryUsage", "DiskUsage"}) {
            assertEquals(IntegerValue.of(kept), after.lookup(a), a);
        }
    }

    @Test
    void aReportWithoutFiguresLeavesTheSubmittedImageSizeAlone() {
        ClassAd running = job(JobStatus.RUNNING).with("ImageSize", IntegerValue.of(12));
        ClassAd after = applied(running, Transition.usage(ID, running, new RunUsage(3, 1, 0, 0, 0, 0)));
        assertAll(() -> assertEquals(IntegerValue.of(12), after.lookup("ImageSize")),
                () -> assertEquals(null, after.lookup("DiskUsage")));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = JobStatus.class, names = {"IDLE", "HELD", "COMPLETED", "REMOVED"})
    void onlyARunningOrSuspendedJobReportsUsage(JobStatus status) {
        ClassAd ad = job(status);
        assertThrows(ScheddFailure.WrongState.class, () -> Transition.usage(ID, ad, USAGE));
    }

    @Test
    void theExitRecordsTheFinalFigures() {
        ClassAd running = job(JobStatus.RUNNING);
        ExitReport r = new ExitReport(0, false, 0, 2, 1, 9).withUsage(USAGE);
        ClassAd after = applied(running, Transition.exited(ID, running, r, NOW));
        assertAll(() -> assertEquals(IntegerValue.of(293), after.lookup("MemoryUsage")),
                () -> assertEquals(IntegerValue.of(4), after.lookup("JobStatus")));
    }

    @Test
    void aJobOverItsMemoryLimitIsHeldWithItsUsageAndRunTime() {
        ClassAd running = job(JobStatus.RUNNING).with("RemoteWallClockTime", new org.harrier.classad.RealValue(10));
        String reason = "Job has gone over cgroup memory limit of 64 megabytes. Last measured usage: 65 megabytes."
                + "  Consider resubmitting with a higher request_memory.";
        ExitReport r = new ExitReport(0, true, 9, 0.5, 0.1, 3, reason, ExitReport.JOB_OUT_OF_RESOURCES, false)
                .withUsage(new RunUsage(0.5, 0.1, 70_000, 66_560, 65, 0));
        ClassAd after = applied(running, Transition.heldByStarter(ID, running, r, NOW));
        assertAll(() -> assertEquals(IntegerValue.of(5), after.lookup("JobStatus")),
                () -> assertEquals(IntegerValue.of(34), after.lookup("HoldReasonCode")),
                () -> assertEquals(Expr.parse("\"" + reason + "\""), after.lookup("HoldReason")),
                () -> assertEquals(IntegerValue.of(65), after.lookup("MemoryUsage")),
                () -> assertEquals(Expr.parse("13.0"), after.lookup("RemoteWallClockTime"), "10 before, the starter's 3"),
                () -> assertEquals(true, r.held()), () -> assertEquals(false, r.neverStarted()));
    }

    @Test
    void negativeFiguresAreRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RunUsage(0, 0, 0, -1, 0, 0));
        assertEquals(true, e.getMessage().contains("ResidentSetSize -1"), e.getMessage());
    }
}
