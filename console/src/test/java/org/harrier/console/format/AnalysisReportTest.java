package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.collector.negotiation.JobAnalysis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** condor_q -better-analyze's layout, from a JobAnalysis of fixed ads. */
class AnalysisReportTest {
    private static final ClassAd JOB = Fixtures.ad("""
            ClusterId = 12
            ProcId = 0
            Owner = "alice"
            JobStatus = 1
            RequestCpus = 4
            RequestMemory = 512
            RequestDisk = 1000
            Requirements = (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory)
            """);

    private static ClassAd slot(String name, String more) {
        return Fixtures.ad("Name = \"" + name + "\"\nArch = \"X86_64\"\nOpSys = \"LINUX\"\nCpus = 1\nMemory = 1024\n"
                + "Disk = 100000\nRequirements = true\nState = \"Unclaimed\"\n" + more);
    }

    private static String report(ClassAd job, ClassAd... slots) {
        return AnalysisReport.render(job, JobAnalysis.of(job, List.of(slots), Instant.EPOCH));
    }

    @Test
    void theLayoutIsCondorQs() {
        assertEquals("""

                The Requirements expression for job 12.000 is

                    (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= RequestMemory)

                Job 12.000 defines the following attributes:

                    RequestMemory = 512

                The Requirements expression for job 12.000 reduces to these conditions:

                         Slots
                Step    Matched  Condition
                -----  --------  ---------
                [0]           4  TARGET.Arch == "X86_64"
                [1]           3  TARGET.OpSys == "LINUX"
                [2]           3  TARGET.Memory >= RequestMemory

                012.000:  Run analysis summary ignoring user priority.  Of 4 slots,
                      2 are rejected by your job's requirements
                      0 reject your job because of their own requirements
                      1 are partitionable slots with too little left for your job
                      0 match and are already running your jobs
                      1 match but are serving other users
                      0 are able to run your job

                Partitionable slots with too little left for job 12.000:

                    slot1@c: needs 4 Cpus, 2 left
                """, report(JOB,
                        slot("slot1@a", "OpSys = \"WINDOWS\""),
                        slot("slot1@b", "Memory = 256"),
                        slot("slot1@c", "SlotType = \"Partitionable\"\nCpus = 2"),
                        slot("slot1_1@c", "SlotType = \"Dynamic\"\nState = \"Claimed\"\nRemoteUser = \"bob\"")));
    }

    @ParameterizedTest(name = "[{index}] JobStatus {0}")
    @CsvSource(delimiter = '|', value = {
            "2 | 012.000:  Job is running.",
            "5 | 012.000:  Job is held.\\n\\nHold reason: via Hold",
            "7 | 012.000:  Job is suspended.",
    })
    void aJobThatIsNotIdleSaysSoBeforeTheSummary(long status, String line) {
        ClassAd job = JOB.toBuilder().set("JobStatus", status).set("HoldReason", "via Hold").build();

        String text = report(job, slot("slot1@a", ""));

        assertTrue(text.contains(line.replace("\\n", "\n") + "\n\n012.000:  Run analysis summary"), text);
    }

    @Test
    void noSlotAcceptingTheJobIsAWarning() {
        String text = report(JOB, slot("slot1@a", "Arch = \"ARM\""));

        assertTrue(text.endsWith("""
                      0 are able to run your job

                WARNING:  Be advised:
                   No resources matched request's constraints
                """), text);
    }

    @Test
    void aJobWithoutRequirementsSaysItMatchesNothing() {
        String text = report(JOB.toBuilder().remove("Requirements").build(), slot("slot1@a", ""));

        assertTrue(text.contains("is\n\n    undefined (the job matches no slot)\n\n012.000:  Run analysis summary"
                + " ignoring user priority.  Of 1 slot,\n      1 are rejected by your job's requirements\n"), text);
    }

    @Test
    void theJsonFormHasTheSameCounts() {
        ClassAd job = JOB;
        String json = AdJson.write(AnalysisReport.json(job, JobAnalysis.of(job, List.of(slot("slot1@a", "Memory = 256"),
                slot("slot1@c", "SlotType = \"Partitionable\"\nCpus = 2")), Instant.EPOCH)));

        assertEquals("""
                {
                  "JobId": "12.0",
                  "Slots": 2,
                  "Clauses": [
                    {
                      "Condition": "TARGET.Arch == \\"X86_64\\"",
                      "Matched": 2
                    },
                    {
                      "Condition": "TARGET.OpSys == \\"LINUX\\"",
                      "Matched": 2
                    },
                    {
                      "Condition": "TARGET.Memory >= RequestMemory",
                      "Matched": 1
                    }
                  ],
                  "Rejected": {
                    "INSUFFICIENT_RESOURCES": 1,
                    "REJECTED_BY_JOB": 1
                  },
                  "RunningYourJobs": 0,
                  "ServingOtherUsers": 0,
                  "Able": 0,
                  "Shortfalls": [
                    {
                      "Slot": "slot1@c",
                      "Why": "needs 4 Cpus, 2 left"
                    }
                  ]
                }
                """, json);
    }
}
