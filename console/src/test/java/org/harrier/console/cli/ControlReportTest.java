package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.console.cli.ControlReport.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** condor_rm's messages for what was done and what could not be. */
class ControlReportTest {
    private static final List<JobTargets.Target> TARGETS =
            JobTargets.of(List.of("12.0", "13", "alice"), null, false);
    private static final JobTargets.Target CONSTRAINT = JobTargets.of(List.of(), "JobStatus == 1", false).get(0);
    private static final JobTargets.Target ALL = JobTargets.of(List.of(), null, true).get(0);

    private static ControlReport allDone(JobAction action) {
        return new ControlReport(action, List.of(Outcome.done(TARGETS.get(0), List.of("12.0")),
                Outcome.done(TARGETS.get(1), List.of("13.0", "13.1")), Outcome.done(TARGETS.get(2), List.of("14.0")),
                Outcome.done(CONSTRAINT, List.of("15.0")), Outcome.done(ALL, List.of("12.0"))));
    }

    @ParameterizedTest(name = "{0}: ''{1}''")
    @CsvSource(delimiterString = " :: ", value = {
        "HOLD :: held", "RELEASE :: released", "REMOVE :: marked for removal", "SUSPEND :: suspended",
        "CONTINUE :: continued"})
    void whatWasDoneIsSaidOnStdoutInCondorRmsWords(JobAction action, String done) {
        ControlReport report = allDone(action);
        assertEquals("Job 12.0 " + done + "\n"
                + "All jobs in cluster 13 have been " + done + "\n"
                + "All jobs of user \"alice\" have been " + done + "\n"
                + "All jobs matching constraint (JobStatus == 1) have been " + done + "\n"
                + "All jobs have been " + done + "\n", report.out());
        assertEquals("", report.err());
        assertFalse(report.anyFailed());
    }

    @Test
    void eachFailureIsOneLineOnStderrWithTheSchedulersReason() {
        ControlReport report = new ControlReport(JobAction.RELEASE, List.of(
                Outcome.failed(TARGETS.get(0), "job 12.0 is idle; only held jobs can be released"),
                Outcome.done(TARGETS.get(1), List.of("13.0")),
                Outcome.failed(TARGETS.get(2), "no job matching Owner == \"alice\" is in the queue")));
        assertEquals("All jobs in cluster 13 have been released\n", report.out());
        assertEquals("harrier: job 12.0 is idle; only held jobs can be released\n"
                + "harrier: Couldn't find/release all jobs of user \"alice\": no job matching Owner == \"alice\" is in"
                + " the queue\n", report.err());
        assertTrue(report.anyFailed());
    }

    @Test
    void jsonSaysPerTargetWhatWasNamedAndTheIdsOrTheError() {
        ControlReport report = new ControlReport(JobAction.REMOVE, List.of(
                Outcome.done(TARGETS.get(1), List.of("13.0", "13.1")),
                Outcome.failed(TARGETS.get(2), "no job"),
                Outcome.done(CONSTRAINT, List.of()),
                Outcome.done(ALL, List.of("1.0"))));
        assertEquals("""
                [
                  {
                    "Id": "13",
                    "Ids": [
                      "13.0",
                      "13.1"
                    ]
                  },
                  {
                    "Owner": "alice",
                    "Error": "no job"
                  },
                  {
                    "Constraint": "JobStatus == 1",
                    "Ids": [ ]
                  },
                  {
                    "All": true,
                    "Ids": [
                      "1.0"
                    ]
                  }
                ]
                """, report.json());
    }
}
