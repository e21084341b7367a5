package org.harrier.exec.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.harrier.classad.ClassAd;
import org.harrier.classad.EvalContext;
import org.harrier.classad.Expr;
import org.harrier.exec.ExecSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The owner's Rank and MaxJobRetirementTime, and the retirement a preempted job gets; pure. */
class SlotPolicyTest {
    static final ClassAd SLOT = ClassAd.builder().set("Cpus", 4).set("Memory", 2048).build();
    static final EvalContext CONTEXT = EvalContext.create();

    static ClassAd job(String attributes) {
        return ClassAd.parse("[ Owner = \"alice\"; " + attributes + " ]");
    }

    @ParameterizedTest(name = "MAXJOBRETIREMENTTIME = {0} for [{1}] is {2} s")
    @CsvSource(delimiter = '|', value = {
            "0                         | RequestCpus = 1     | 0",
            "3600                      | RequestCpus = 1     | 3600",
            "TARGET.RequestCpus * 60   | RequestCpus = 2     | 120",
            "90.9                      | RequestCpus = 1     | 90",
            "-5                        | RequestCpus = 1     | 0",
            "TARGET.NoSuchAttribute    | RequestCpus = 1     | 0",
            "\"an hour\"               | RequestCpus = 1     | 0",
            "MY.Cpus * 10              | RequestCpus = 1     | 40"})
    void theMachinesRetirementIsAWholeNumberOfSecondsAndZeroWhenItIsNotANumber(String expr, String job, long seconds) {
        SlotPolicy p = new SlotPolicy(Expr.parse("0"), Expr.parse(expr));
        assertEquals(seconds, p.retirementOf(SLOT, job(job), CONTEXT));
    }

    @ParameterizedTest(name = "job MaxJobRetirementTime [{0}] is {1}")
    @CsvSource(delimiter = '|', value = {
            "RequestCpus = 1                         | ",
            "MaxJobRetirementTime = 30               | 30",
            "MaxJobRetirementTime = TARGET.Cpus * 5  | 20",
            "MaxJobRetirementTime = \"soon\"         | "})
    void theJobsOwnRetirementIsNullWhenItDoesNotSayANumber(String job, Long seconds) {
        assertEquals(seconds, SlotPolicy.jobRetirementOf(job(job), SLOT, CONTEXT));
    }

    @ParameterizedTest(name = "machine {0} s, job {1} s: retires {2} s after its start")
    @CsvSource({"0, , 0", "600, , 600", "600, 60, 60", "60, 600, 60", "600, 0, 0"})
    void aJobCanOnlyShortenItsRetirement(long machine, Long job, long retirement) {
        ClaimAttributes.Job j = new ClaimAttributes.Job(1000, 0.0, null, machine, job);
        assertEquals(retirement, j.retirement());
        assertEquals(1000 + retirement, j.retiresAt());
    }

    @Test
    void rankIsARealAndZeroWhenItIsNotANumber() {
        assertEquals(4.5, new SlotPolicy(Expr.parse("TARGET.Boost * 1.5"), Expr.parse("0"))
                .rankOf(SLOT, job("Boost = 3"), CONTEXT));
        assertEquals(0.0, new SlotPolicy(Expr.parse("TARGET.Boost"), Expr.parse("0")).rankOf(SLOT, job("X = 1"), CONTEXT));
        assertEquals(1.0, new SlotPolicy(Expr.parse("TARGET.Owner == \"alice\""), Expr.parse("0"))
                .rankOf(SLOT, job("X = 1"), CONTEXT));
    }

    @Test
    void theSubmitterIsTheAccountingGroupElseTheOwner() {
        assertEquals("group_physics.bob", ClaimAttributes.claimedFor(job("AccountingGroup = \"group_physics.bob\""), "bob")
                .remoteUser());
        assertEquals("alice", ClaimAttributes.claimedFor(job("X = 1"), "alice").remoteUser());
    }

    @Test
    void aBadPolicyExpressionFailsTheSettingsNamingTheKnob() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExecSettings.builder().maxJobRetirementTime("3600 +"));
        assertEquals(true, e.getMessage().startsWith("MAXJOBRETIREMENTTIME is not a ClassAd expression"), e.getMessage());
    }

    @ParameterizedTest(name = "RANK = {0}, MAXJOBRETIREMENTTIME = {1}, job [{2}]: reads the slot ad {3}")
    @CsvSource(delimiter = '|', value = {
            "0              | 0              | RequestCpus = 1                         | false",
            "1.5            | 3600           | MaxJobRetirementTime = 60               | false",
            "TARGET.Boost   | 0              | Boost = 3                               | true",
            "0              | MY.Cpus * 10   | RequestCpus = 1                         | true",
            "0              | 0              | MaxJobRetirementTime = TARGET.Cpus * 5  | true",
            "0              | 0              | MaxJobRetirementTime = \"soon\"         | true"})
    void aJobsStartNeedsNoSlotAdWhenEveryExpressionItEvaluatesIsANumber(String rank, String retirement, String job,
            boolean reads) {
        SlotPolicy p = new SlotPolicy(Expr.parse(rank), Expr.parse(retirement));
        assertEquals(reads, p.readsSlotAd(job(job)));
        if (!reads) {
            assertEquals(p.rankOf(SLOT, job(job), CONTEXT), p.rankOf(ClassAd.EMPTY, job(job), CONTEXT));
            assertEquals(p.retirementOf(SLOT, job(job), CONTEXT), p.retirementOf(ClassAd.EMPTY, job(job), CONTEXT));
            assertEquals(SlotPolicy.jobRetirementOf(job(job), SLOT, CONTEXT),
                    SlotPolicy.jobRetirementOf(job(job), ClassAd.EMPTY, CONTEXT));
        }
    }

    @Test
    void htcondorsDefaultsReadNoSlotAd() {
        assertEquals(false, SlotPolicy.DEFAULT.readsSlotAd(job("RequestCpus = 1")));
    }
}
