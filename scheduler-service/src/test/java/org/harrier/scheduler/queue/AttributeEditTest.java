package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.harrier.classad.Expr;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AttributeEditTest {
    static final JobId J0 = new JobId(1, 0);
    static final JobId J1 = new JobId(1, 1);

    static JobQueue queue() {
        JobQueue q = new JobQueue();
        q.apply(SubmissionTest.SUBMISSION.decide(SubmissionTest.valid().build(), 2, null, 1, 100));
        return q;
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "RequestMemory | 2048 | 2048",
            "Requirements | TARGET.Memory >= 4096 && TARGET.Arch == \"X86_64\" | TARGET.Memory >= 4096 && TARGET.Arch == \"X86_64\"",
            "Note | \"two words\" | \"two words\"",
            "Nice | Owner =?= \"alice\" | Owner =?= \"alice\"",
            "jobprio | 10 | 10"})
    void anEditBindsTheExpressionOnEveryJobNamedInOneTransaction(String name, String value, String expected) {
        JobQueue q = queue();
        Transaction tx = AttributeEdit.parse(name, value, AdLimits.DEFAULT).apply(List.of(J0, J1), q, AdLimits.DEFAULT);
        assertEquals(2, tx.ops().size());
        q.apply(tx);
        assertEquals(Expr.parse(expected), q.ad(J0).lookup(name));
        assertEquals(Expr.parse(expected), q.ad(J1).lookup(name));
        assertEquals(null, q.clusterAd(1).lookup(name) == null ? null : q.clusterAd(1).lookup(name).equals(Expr.parse(expected))
                ? "the cluster ad" : null, "each job's own attribute, not the cluster's");
    }

    @ParameterizedTest
    @ValueSource(strings = {"JobStatus", "jobstatus", "Owner", "ClusterId", "ProcId", "MyType", "TargetType", "QDate",
            "GlobalJobId", "CustomId"})
    void protectedAttributesAreForbidden(String name) {
        ScheddFailure.Refused e = assertThrows(ScheddFailure.Refused.class, () -> AttributeEdit.parse(name, "1", AdLimits.DEFAULT));
        assertTrue(e.getMessage().startsWith("SetAttribute cannot change " + name), e.getMessage());
    }

    @ParameterizedTest(name = "{0} = {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "RequestMemory | 2048 + | SetAttribute of RequestMemory: Value is not a valid ClassAd expression",
            "Note | two words | SetAttribute of Note: Value is not a valid ClassAd expression",
            "Note | '   ' | SetAttribute of Note: Value is empty",
            "9lives | 1 | SetAttribute has attribute name '9lives'",
            "has space | 1 | SetAttribute has attribute name 'has space'",
            "true | 1 | SetAttribute uses the ClassAd keyword 'true'"})
    void badNamesAndValuesAreBadParameters(String name, String value, String message) {
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> AttributeEdit.parse(name, value, AdLimits.DEFAULT));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @ParameterizedTest(name = "{0} = {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "Cmd | 42 | job 1.0 then has Cmd = 42; it must be a non-empty string",
            "Iwd | \"\" | job 1.0 then has Iwd = \"\"; it must be a non-empty string",
            "Requirements | \"TRUE\" | job 1.0 then has Requirements as the string",
            "JobPrio | 1.5 | job 1.0 then has JobPrio = 1.5; it must be an integer",
            "Iwd | \"relative/dir\" | job 1.0 then has Iwd = \"relative/dir\"; it must be an absolute path",
            "Cmd | \"/bin/a\\nb\" | job 1.0 then has Cmd = \"/bin/a\\nb\"; it must not contain control characters",
            "Requirements | 1 | job 1.0 then has Requirements = 1; it must be an expression that can be true or false",
            "JobUniverse | 99 | job 1.0 then has JobUniverse = 99; HTCondor's universes are 1 to 13"})
    void anEditThatWouldLeaveAJobUnrunnableIsRefusedBeforeAnythingIsWritten(String name, String value, String message) {
        JobQueue q = queue();
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class,
                () -> AttributeEdit.parse(name, value, AdLimits.DEFAULT).apply(List.of(J0, J1), q, AdLimits.DEFAULT));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void aValueOverTheAttributeSizeIsRefusedBeforeItIsParsed() {
        String huge = "\"" + "x".repeat(1 << 20) + "\"";
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> AttributeEdit.parse("Note", huge, AdLimits.DEFAULT));
        assertEquals("SetAttribute has attribute Note of 1048582 bytes (name and value); an attribute may have at most"
                + " 1048576 (MAX_JOB_ATTRIBUTE_SIZE)", e.getMessage());
    }

    /** A job at MAX_JOB_ATTRIBUTES may change an attribute it has, but gets no new one. */
    @Test
    void aJobAtTheAttributeLimitGetsNoNewAttribute() {
        JobQueue q = new JobQueue();
        AdLimits limits = new AdLimits(100, 1 << 20);
        q.apply(new Submission("s", limits).decide(SubmissionTest.withAttributes(85), 2, null, 1, 100));
        assertEquals(100, q.ad(J0).size());

        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class,
                () -> AttributeEdit.parse("Extra", "1", limits).apply(List.of(J0, J1), q, limits));
        assertEquals("SetAttribute of Extra: job 1.0 then has 101 attributes; a job may have at most 100 (MAX_JOB_ATTRIBUTES)",
                e.getMessage());
        q.apply(AttributeEdit.parse("A1", "2", limits).apply(List.of(J0, J1), q, limits));
        assertEquals(Expr.parse("2"), q.ad(J1).lookup("A1"));
    }
}
