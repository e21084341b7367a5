package org.harrier.exec.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.harrier.exec.RunCheckpointed;
import org.harrier.exec.RunExited;
import org.harrier.exec.RunProgress;
import org.harrier.exec.run.starter.CpuTime;
import org.harrier.exec.run.starter.ResourceUsage;
import org.harrier.protocol.method.Request;
import org.junit.jupiter.api.Test;

/**
 * The startd's reports travel with the arguments docs/protocols.md gives them ("Claiming and
 * running"): the exit always, why it is held only when it is, the peaks unless it never started,
 * Evicted only when it was.
 */
class SchedulerReportsTest {
    static final String SCHEDULER = "harrier:scheduler:sched1";
    static final ResourceUsage PEAKS = new ResourceUsage(2048, 1500, 64);

    static <R> Map<String, Object> wire(Request<R> report) {
        return report.method().writeRequest(report);
    }

    @Test
    void aJobThatEndedByItselfReportsItsExitAndPeaks() {
        RunExited e = new RunExited("1.0", "c1", SCHEDULER, 3, false, 0, 1.5, 0.25, 10.0, "", 0, false, PEAKS);

        assertEquals(Map.ofEntries(Map.entry("Id", "1.0"), Map.entry("ClaimId", "c1"), Map.entry("ExitCode", 3L),
                Map.entry("ExitBySignal", false), Map.entry("ExitSignal", 0L), Map.entry("RemoteUserCpu", 1.5),
                Map.entry("RemoteSysCpu", 0.25), Map.entry("RemoteWallClockTime", 10.0), Map.entry("ImageSize", 2048L),
                Map.entry("ResidentSetSize", 1500L), Map.entry("MemoryUsage", 2L), Map.entry("DiskUsage", 64L)),
                wire(SchedulerReports.exited(e)));
    }

    @Test
    void aJobThatNeverStartedReportsWhyAndNoPeaks() {
        RunExited e = RunExited.neverStarted("2.0", "c1", SCHEDULER, "no such program /no/such", 6);

        assertEquals(Map.of("Id", "2.0", "ClaimId", "c1", "ExitCode", -1L, "ExitBySignal", false, "ExitSignal", 0L,
                "RemoteUserCpu", 0.0, "RemoteSysCpu", 0.0, "RemoteWallClockTime", 0.0,
                "HoldReason", "no such program /no/such", "HoldReasonCode", 6L), wire(SchedulerReports.exited(e)));
    }

    @Test
    void aJobOverItsMemoryLimitReportsItsExitItsPeaksAndWhyItIsHeld() {
        RunExited e = new RunExited("3.0", "c1", SCHEDULER, 137, true, 9, 2.0, 0.5, 4.0, "over memory", 34, false, PEAKS);

        Map<String, Object> wire = wire(SchedulerReports.exited(e));
        assertEquals(34L, wire.get("HoldReasonCode"));
        assertEquals("over memory", wire.get("HoldReason"));
        assertEquals(2048L, wire.get("ImageSize"));
        assertEquals(9L, wire.get("ExitSignal"));
        assertEquals(false, wire.containsKey("Evicted"));
    }

    @Test
    void anEvictedJobSaysSo() {
        RunExited e = new RunExited("7.0", "c1", SCHEDULER, 143, true, 15, 0.1, 0.0, 3.0, "", 0, true, PEAKS);

        Map<String, Object> wire = wire(SchedulerReports.exited(e));
        assertEquals(true, wire.get("Evicted"));
        assertEquals(false, wire.containsKey("HoldReason"));
        assertEquals(false, wire.containsKey("HoldReasonCode"));
    }

    @Test
    void aCheckpointReportsItsNumberSizeAndDuration() {
        RunCheckpointed c = new RunCheckpointed("4.0", "c1", SCHEDULER, 2, 4096, 0.5);

        assertEquals(Map.of("Id", "4.0", "ClaimId", "c1", "CheckpointNumber", 2L, "Size", 4096L, "Duration", 0.5),
                wire(SchedulerReports.checkpointed(c)));
    }

    @Test
    void usageSoFarReportsCpuWallClockAndPeaks() {
        RunProgress u = new RunProgress("5.0", "c1", SCHEDULER, new CpuTime(1.0, 0.5), PEAKS, 30.0);

        assertEquals(Map.of("Id", "5.0", "ClaimId", "c1", "RemoteUserCpu", 1.0, "RemoteSysCpu", 0.5,
                "RemoteWallClockTime", 30.0, "ImageSize", 2048L, "ResidentSetSize", 1500L, "MemoryUsage", 2L,
                "DiskUsage", 64L), wire(SchedulerReports.usage(u)));
    }
}
