package org.harrier.collector.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.rules.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "Why is my job idle?": each slot's verdict is the planner's own check as a dry run, split as
 * condor_q -better-analyze splits it, and the job's Requirements clause by clause.
 */
class JobAnalysisTest {
    private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");
    private static final String JOB = "Owner = \"alice\"; RequestCpus = 1; RequestMemory = 512; RequestDisk = 1000;"
            + " Requirements = (TARGET.Arch == \"X86_64\") && (TARGET.OpSys == \"LINUX\")"
            + " && (TARGET.Memory >= RequestMemory)";
    private static final String FREE = "SlotType = \"Static\"; State = \"Unclaimed\"; Activity = \"Idle\"; Cpus = 1;"
            + " Memory = 1024; Disk = 100000; Requirements = true";

    private static ClassAd ad(String attributes) {
        return ClassAd.parse("[" + attributes + "]");
    }

    private static ClassAd slot(String name, String attributes) {
        return ad("Name = \"" + name + "\"; Arch = \"X86_64\"; OpSys = \"LINUX\"; " + FREE + "; " + attributes);
    }

    private static JobAnalysis analyse(String job, ClassAd... slots) {
        return JobAnalysis.of(ad(job), Arrays.asList(slots), NOW);
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "Memory = 256                                   | REJECTED_BY_JOB",
            "Arch = \"ARM\"                                 | REJECTED_BY_JOB",
            "Requirements = TARGET.Owner == \"bob\"          | REJECTED_BY_SLOT",
            "State = \"Owner\"; Requirements = false         | REJECTED_BY_SLOT",
            "SlotType = \"Partitionable\"; Memory = 256      | INSUFFICIENT_RESOURCES",
            "State = \"Claimed\"; RemoteUser = \"alice\"     | RUNNING_YOURS",
            "State = \"Claimed\"; RemoteOwner = \"alice\"    | RUNNING_YOURS",
            "State = \"Claimed\"; RemoteUser = \"bob\"       | SERVING_OTHERS",
            "                                               | ABLE",
            "SlotType = \"Partitionable\"; State = \"Claimed\"; Cpus = 3; RemoteUser = \"bob\" | ABLE",
    })
    void eachSlotGetsThePlannersVerdict(String slotAttributes, String verdict) {
        JobAnalysis a = analyse(JOB, slot("slot1@a", slotAttributes == null ? "" : slotAttributes));

        assertEquals(1, a.slots());
        int[] counts = {a.runningYourJobs(), a.servingOthers(), a.able()};
        switch (verdict) {
            case "RUNNING_YOURS" -> assertEquals("[1, 0, 0]", Arrays.toString(counts));
            case "SERVING_OTHERS" -> assertEquals("[0, 1, 0]", Arrays.toString(counts));
            case "ABLE" -> assertEquals("[0, 0, 1]", Arrays.toString(counts));
            default -> assertEquals(Map.of(Reason.valueOf(verdict), 1), a.rejected());
        }
    }

    @Test
    void eachClauseCountsTheSlotsThatSatisfyItAlone() {
        JobAnalysis a = analyse(JOB,
                slot("slot1@a", ""),
                slot("slot1@b", "Memory = 256"),
                slot("slot1@c", "OpSys = \"WINDOWS\"; Memory = 256"));

        assertEquals(List.of("TARGET.Arch == \"X86_64\" 3", "TARGET.OpSys == \"LINUX\" 2",
                "TARGET.Memory >= RequestMemory 1"), a.clauses().stream()
                .map(c -> c.condition().unparse() + " " + c.matched()).toList());
        assertEquals(2, a.rejectedFor(Reason.REJECTED_BY_JOB));
        assertEquals(1, a.able());
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiterString = "=>", value = {
            "a && b && c                => a;b;c",
            "(a && b) && (c)            => a;b;c",
            "((a || b))                 => a || b",
            "a || b && c                => a || b && c",
            "(x > 1) && ((y < 2) && z)  => x > 1;y < 2;z",
    })
    void requirementsSplitAtTopLevelAnds(String requirements, String expected) {
        assertEquals(List.of(expected.split(";")), JobAnalysis.conjuncts(Expr.parse(requirements)).stream()
                .map(Expr::unparse).toList());
    }

    @Test
    void aJobWithoutRequirementsHasNoClausesAndNoSlot() {
        JobAnalysis a = analyse("Owner = \"alice\"", slot("slot1@a", ""));

        assertEquals(List.of(), a.clauses());
        assertEquals(1, a.rejectedFor(Reason.REJECTED_BY_JOB));
    }

    @Test
    void aPartitionableSlotWithTooLittleLeftSaysWhatIsShort() {
        JobAnalysis a = analyse(JOB.replace("RequestCpus = 1", "RequestCpus = 4"),
                slot("slot1@a", "SlotType = \"Partitionable\"; Cpus = 2; Memory = 4096"));

        assertEquals(List.of(new JobAnalysis.Shortfall("slot1@a", new Resources(4, 512, 1000),
                new Resources(2, 4096, 100000))), a.shortfalls());
        assertEquals("needs 4 Cpus, 2 left", a.shortfalls().get(0).why());
    }

    @Test
    void aJobAskingForWhatIsNoAmountIsABadRequest() {
        JobAnalysis a = analyse(JOB.replace("RequestCpus = 1", "RequestCpus = \"many\""),
                slot("slot1@a", "SlotType = \"Partitionable\"; Cpus = 2"));

        assertEquals(Map.of(Reason.BAD_RESOURCE_REQUEST, 1), a.rejected());
    }

    @Test
    void theSubmitterIsTheAccountingGroupWhenTheJobHasOne() {
        String grouped = JOB + "; AccountingGroup = \"physics.alice\"";

        JobAnalysis a = analyse(grouped,
                slot("slot1@a", "State = \"Claimed\"; RemoteUser = \"physics.alice\""),
                slot("slot2@a", "State = \"Claimed\"; RemoteUser = \"alice\""));

        assertEquals(1, a.runningYourJobs());
        assertEquals(1, a.servingOthers());
    }

    @Test
    void noSlotsIsAnEmptyAnalysis() {
        JobAnalysis a = analyse(JOB);

        assertEquals(0, a.slots());
        assertEquals(List.of(0, 0, 0), a.clauses().stream().map(JobAnalysis.Clause::matched).toList());
    }

    @Test
    void countsMustAddUpToTheSlots() {
        assertThrows(IllegalArgumentException.class, () -> new JobAnalysis(2, List.of(), Map.of(), 0, 0, 1, List.of()));
    }
}
