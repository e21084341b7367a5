package org.harrier.scheduler.bus;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.bus.QmfException;
import org.harrier.bus.Bus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The starter's usage reports on the real bus (docs/protocols.md, "Usage"): JobUsage while the
 * job runs on its claim is recorded on the job, one for another claim is ignored, a bad one is
 * BAD_PARAMETER and changes nothing; an exit report with HoldReasonCode 34 holds the job.
 */
@Timeout(60)
class JobUsageServiceTest extends SchedulerOnBroker {
    static final Duration WAIT = SchedulerServiceTest.WAIT;


    @SuppressWarnings("unchecked")
    Map<String, Object> ad() {
        return (Map<String, Object>) call("GetAd", Map.of("Id", "1.0")).get("Ad");
    }

    static Object value(Map<String, Object> ad, String name) {
        return ad.get(name) instanceof Map<?, ?> typed ? typed.get("VALUE") : ad.get(name);
    }

    static Map<String, Object> usage(String claimId, long rssKiB) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("Id", "1.0");
        args.put("ClaimId", claimId);
        args.put("RemoteUserCpu", 1.5);
        args.put("RemoteSysCpu", 0.25);
        args.put("RemoteWallClockTime", 4.0);
        args.put("ImageSize", rssKiB + 10_000);
        args.put("ResidentSetSize", rssKiB);
        args.put("MemoryUsage", (rssKiB + 1023) / 1024);
        args.put("DiskUsage", 1954L);
        return args;
    }

    /** A job running on claim c1 of the test startd. */
    void runningJob(TestStartd startd) throws Exception {
        startd.holdActivations = true;
        call("Submit", Map.of("Ad", SchedulerServiceTest.seedAd()));
        matchFirstRequestTo(startd);
        SchedulerServiceTest.await(() -> startd.calls.contains("Activate 1.0"), "the activation");
        call("JobStarted", Map.of("Id", "1.0", "ClaimId", "c1", "RemoteHost", "slot1_1@testhost"));
    }

    @Test
    void usageWhileRunningIsRecordedOnTheJob() throws Exception {
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus)) {
            runningJob(startd);
            call("JobUsage", usage("c1", 300_000));
            call("JobUsage", usage("someone-elses-claim", 900_000));
            Map<String, Object> ad = ad();
            assertAll(() -> assertEquals("2", String.valueOf(value(ad, "JobStatus"))),
                    () -> assertEquals("300000", String.valueOf(value(ad, "ResidentSetSize")), ad::toString),
                    () -> assertEquals("293", String.valueOf(value(ad, "MemoryUsage"))),
                    () -> assertEquals("310000", String.valueOf(value(ad, "ImageSize"))),
                    () -> assertEquals("1954", String.valueOf(value(ad, "DiskUsage"))),
                    () -> assertEquals("1.5", String.valueOf(value(ad, "RemoteUserCpu"))));

            Map<String, Object> bad = usage("c1", -5);
            QmfException e = assertThrows(QmfException.class, () -> call("JobUsage", bad));
            assertEquals(QmfException.BAD_PARAMETER, e.code());
            assertEquals("300000", String.valueOf(value(ad(), "ResidentSetSize")), "unchanged");
        }
    }

    @Test
    void aJobTheStarterStoppedOverItsMemoryLimitIsHeldWith34() throws Exception {
        try (Bus startdBus = Bus.connect(running.url()); TestStartd startd = new TestStartd(startdBus)) {
            runningJob(startd);
            Map<String, Object> exit = usage("c1", 66_560);
            exit.remove("RemoteWallClockTime");
            exit.putAll(Map.of("ExitCode", 0L, "ExitBySignal", true, "ExitSignal", 9L, "RemoteWallClockTime", 3.0,
                    "HoldReason", "Job has gone over cgroup memory limit of 64 megabytes. Last measured usage: 65 "
                            + "megabytes.  Consider resubmitting with a higher request_memory.",
                    "HoldReasonCode", 34L));
            call("JobExited", exit);
            Map<String, Object> ad = ad();
            assertAll(() -> assertEquals("5", String.valueOf(value(ad, "JobStatus")), ad::toString),
                    () -> assertEquals("34", String.valueOf(value(ad, "HoldReasonCode"))),
                    () -> assertEquals("65", String.valueOf(value(ad, "MemoryUsage"))));
        }
    }
}
