package org.harrier.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.stream.Stream;
import org.harrier.scheduler.match.ClaimGrant;
import org.harrier.scheduler.queue.ExitReport;
import org.harrier.scheduler.queue.JobId;
import org.harrier.scheduler.queue.JobStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Exit and start reports are applied once: every other report is acknowledged and ignored. */
class ExitReportHandlingTest extends ScheddFixture {
    static final JobId J0 = new JobId(1, 0);

    interface Report {
        boolean send(ScheddFixture f, ClaimGrant claim);
    }

    static Stream<Arguments> staleReports() {
        return Stream.of(
                Arguments.of("exit on another claim", (Report) (f, c) -> f.await(f.schedd.reports().jobExited(J0, "claim-99", ExitReport.code(1)))),
                Arguments.of("exit of a job the claim is not running",
                        (Report) (f, c) -> f.await(f.schedd.reports().jobExited(new JobId(1, 1), c.claimId(), ExitReport.code(1)))),
                Arguments.of("exit of a job never queued",
                        (Report) (f, c) -> f.await(f.schedd.reports().jobExited(new JobId(42, 0), c.claimId(), ExitReport.code(1)))),
                Arguments.of("start on another claim", (Report) (f, c) -> f.await(f.schedd.reports().jobStarted(J0, "claim-99", "h"))),
                Arguments.of("repeated start", (Report) (f, c) -> f.await(f.schedd.reports().jobStarted(J0, c.claimId(), "h"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("staleReports")
    void aReportForAJobNotRunningOnThatClaimChangesNothing(String what, Report report) {
        await(schedd.submitCluster(JobAds.valid().build(), 2, null));
        submit(JobAds.valid().set("RequestMemory", 1).build());
        ClaimGrant claim = running(J0);
        int published = events.jobs.size();
        assertFalse(report.send(this, claim));
        assertEquals(published, events.jobs.size(), "no indication");
        assertEquals(JobStatus.RUNNING, await(schedd.status(J0)));
        assertEquals(1, startds.all("Activate").size());
    }

    @org.junit.jupiter.api.Test
    void aRepeatedExitReportIsAppliedOnce() {
        submit(JobAds.valid().build());
        ClaimGrant claim = running(J0);
        ExitReport r = ExitReport.code(3);
        assertEquals(List.of(true, false, false), List.of(
                await(schedd.reports().jobExited(J0, claim.claimId(), r)),
                await(schedd.reports().jobExited(J0, claim.claimId(), r)),
                await(schedd.reports().jobExited(J0, claim.claimId(), ExitReport.code(4)))));
        assertEquals(1, await(schedd.statistics()).jobsCompleted());
        assertEquals(org.harrier.classad.Expr.parse("3"), await(schedd.ad(J0)).lookup("ExitCode"));
        assertEquals(1, startds.all("Release").size());
    }
}
