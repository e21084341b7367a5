package org.harrier.scheduler.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SubmissionTest {
    static final long NOW = 1_763_721_600L;
    /** Submissions to scheduler "s" with the default limits. */
    static final Submission SUBMISSION = new Submission("s", AdLimits.DEFAULT);

    static ClassAd.Builder valid() {
        return ClassAd.builder().set("Cmd", "/bin/sleep").set("Args", "60").setExpr("Requirements", "TRUE")
                .set("Owner", "alice").set("Iwd", "/tmp");
    }

    /** Proc 7.0 of {@code ad} as users read it (CustomId and GlobalJobId written out). */
    static ClassAd queued(ClassAd ad) {
        JobQueue q = new JobQueue();
        q.apply(new Submission("schedd1", AdLimits.DEFAULT).decide(ad, 1, null, 7, NOW));
        return JobIdentity.literal(q.ad(new JobId(7, 0)));
    }

    static ScheddFailure.Invalid refused(ClassAd ad) {
        return assertThrows(ScheddFailure.Invalid.class, () -> SUBMISSION.decide(ad, 1, null, 1, NOW));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Cmd", "Requirements", "Owner", "Iwd"})
    void anAdWithoutARequiredAttributeIsRefusedNamingIt(String missing) {
        ScheddFailure.Invalid e = refused(valid().remove(missing).build());
        assertTrue(e.getMessage().contains("has no " + missing + " attribute"), e.getMessage());
    }

    @Test
    void everyMissingAttributeIsNamedAtOnce() {
        ScheddFailure.Invalid e = refused(ClassAd.builder().set("Args", "1").build());
        assertTrue(e.getMessage().contains("has no Cmd, Requirements, Owner, Iwd attributes"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "FALSE", "Undefined", "error", "is", "isnt", "parent"})
    void classAdKeywordsAreNotAttributeNames(String keyword) {
        ScheddFailure.Invalid e = refused(valid().set(keyword, 1).build());
        assertTrue(e.getMessage().contains("keyword '" + keyword + "'"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"has space", "9lives", "dash-ed", "dotted.name"})
    void attributeNamesAreIdentifiers(String name) {
        ScheddFailure.Invalid e = refused(valid().set(name, 1).build());
        assertTrue(e.getMessage().contains("'" + name + "'"), e.getMessage());
    }

    static Stream<Arguments> defaults() {
        return Stream.of(
                Arguments.of("JobStatus", "1"),
                Arguments.of("JobPrio", "0"),
                Arguments.of("ImageSize", "0"),
                Arguments.of("RemoteUserCpu", "0.0"),
                Arguments.of("JobUniverse", "5"),
                Arguments.of("MaxHosts", "1"),
                Arguments.of("MinHosts", "1"),
                Arguments.of("CurrentHosts", "0"),
                Arguments.of("ShouldTransferFiles", "\"NO\""),
                Arguments.of("ClusterId", "7"),
                Arguments.of("ProcId", "0"),
                Arguments.of("QDate", Long.toString(NOW)),
                Arguments.of("EnteredCurrentStatus", Long.toString(NOW)),
                Arguments.of("CustomId", "\"7.0\""),
                Arguments.of("GlobalJobId", "\"schedd1#7.0#" + NOW + "\""),
                Arguments.of("Cmd", "\"/bin/sleep\""),
                Arguments.of("Requirements", "true"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("defaults")
    void submitFillsDefaultsAndIds(String attribute, String expected) {
        assertEquals(Expr.parse(expected), queued(valid().build()).lookup(attribute));
    }

    @ParameterizedTest(name = "{0} given as {1} stays {1}")
    @CsvSource({"JobUniverse, 9", "JobPrio, 10", "ImageSize, 2048", "MaxHosts, 4", "ShouldTransferFiles, \"YES\"",
            "JobStatus, 5"})
    void earlyDefaultsYieldToTheAd(String attribute, String given) {
        ClassAd ad = valid().set(attribute, Expr.parse(given)).build();
        assertEquals(Expr.parse(given), queued(ad).lookup(attribute));
    }

    @ParameterizedTest(name = "{0} given as {1} becomes {2}")
    @CsvSource({"ClusterId, 99, 7", "ProcId, 5, 0", "QDate, 1, " + NOW, "CustomId, \"x\", \"7.0\""})
    void idsAndQDateCannotBeChosenByTheAd(String attribute, String given, String expected) {
        ClassAd ad = valid().set(attribute, Expr.parse(given)).build();
        assertEquals(Expr.parse(expected), queued(ad).lookup(attribute));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Owner | 42 | Owner = 42; it must be a non-empty string",
            "Cmd | \"\" | Cmd = \"\"; it must be a non-empty string",
            "Iwd | undefined | Iwd = undefined",
            "Requirements | \"TRUE\" | Requirements as the string \"TRUE\"; send it as an expression",
            "Rank | \"Memory\" | Rank as the string",
            "JobStatus | 2 | sets JobStatus to 2; a new job is Idle (1) or Held (5)",
            "JobPrio | \"high\" | JobPrio = \"high\"; it must be an integer"})
    void badlyTypedAttributesAreRefused(String attribute, String given, String message) {
        ScheddFailure.Invalid e = refused(valid().set(attribute, Expr.parse(given)).build());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    /** What the schedd, shadow and starter act on: one clear refusal each. */
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "Iwd | \"tmp/work\" | Iwd = \"tmp/work\"; it must be an absolute path",
            "Cmd | \"/bin/sl\\neep\" | Cmd = \"/bin/sl\\neep\"; it must not contain control characters (U+000A at 7)",
            "Owner | \"al\\tice\" | Owner = \"al\\tice\"; it must not contain control characters (U+0009 at 2)",
            "Iwd | \"/tmp/\\r\" | Iwd = \"/tmp/\\r\"; it must not contain control characters (U+000D at 5)",
            "Requirements | 1 | Requirements = 1; it must be an expression that can be true or false",
            "Requirements | 0.5 | Requirements = 0.5; it must be an expression",
            "Requirements | undefined | Requirements = undefined; it must be an expression",
            "Requirements | {true} | Requirements = { true }; it must be an expression",
            "JobUniverse | 0 | JobUniverse = 0; HTCondor's universes are 1 to 13 (5 vanilla, 12 local)",
            "JobUniverse | 14 | JobUniverse = 14; HTCondor's universes are 1 to 13"})
    void whatTheStarterActsOnIsRefusedWhenItCannotBeActedOn(String attribute, String given, String message) {
        ScheddFailure.Invalid e = refused(valid().set(attribute, Expr.parse(given)).build());
        assertTrue(e.getMessage().contains("the ad has " + message), e.getMessage());
    }

    @ParameterizedTest(name = "Requirements = {0}")
    @ValueSource(strings = {"true", "false", "TARGET.Memory >= 1024", "MY.X =?= undefined"})
    void requirementsThatCanBeTrueOrFalseAreKept(String requirements) {
        assertEquals(Expr.parse(requirements), queued(valid().setExpr("Requirements", requirements).build()).lookup("Requirements"));
    }

    @Test
    void aTenMebibyteAttributeIsRefusedNamingItAndTheLimit() {
        ScheddFailure.Invalid e = refused(valid().set("Big", "x".repeat(10 << 20)).build());
        assertEquals("the ad has attribute Big of 10485763 bytes (name and value); an attribute may have at most"
                + " 1048576 (MAX_JOB_ATTRIBUTE_SIZE)", e.getMessage());
    }

    @Test
    void aHundredThousandAttributeAdIsRefusedNamingTheLimit() {
        ClassAd.Builder ad = valid();
        for (int i = 0; i < 100_000; i++) {
            ad.set("A" + i, i);
        }
        ScheddFailure.Invalid e = refused(ad.build());
        assertEquals("the ad has 100005 attributes; a job may have at most 1000 (MAX_JOB_ATTRIBUTES)", e.getMessage());
    }

    /** The limit is on the job as queued, so the scheduler's own 15 attributes count too. */
    @Test
    void theAttributeLimitCountsTheJobAsQueued() {
        ScheddFailure.Invalid e = refused(withAttributes(1000));
        assertEquals("the ad as queued (the scheduler's own attributes included) has 1015 attributes; a job may have"
                + " at most 1000 (MAX_JOB_ATTRIBUTES)", e.getMessage());
        assertEquals(Expr.parse("1"), queued(withAttributes(985)).lookup("A1"));
    }

    /** {@link #valid()} with attributes A0, A1, ... until it has {@code size}. */
    static ClassAd withAttributes(int size) {
        ClassAd.Builder ad = valid();
        for (int i = 0; ad.size() < size; i++) {
            ad.set("A" + i, i);
        }
        return ad.build();
    }

    @Test
    void itemDataIsHeldToTheSameLimits() {
        List<ClassAd> items = List.of(ClassAd.builder().set("Args", "a").build(),
                ClassAd.builder().set("Args", "b".repeat(2 << 20)).build());
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> SUBMISSION.decide(valid().build(), 2, items, 1, NOW));
        assertTrue(e.getMessage().startsWith("ItemData[1] has attribute Args of 2097156 bytes"), e.getMessage());
    }

    @Test
    void aRefusalQuotesAHugeNameOrValueCutShort() {
        String name = "a".repeat(5000) + "-b";
        ScheddFailure.Invalid badName = refused(valid().set(name, 1).build());
        assertTrue(badName.getMessage().contains("'" + "a".repeat(60) + "... (5002 characters)'"), badName.getMessage());
        ScheddFailure.Invalid badIwd = refused(valid().set("Iwd", "w".repeat(100_000)).build());
        assertTrue(badIwd.getMessage().length() < 300, badIwd.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Submission.MAX_PROCS + 1})
    void countOutsideItsRangeIsRefused(int count) {
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> SUBMISSION.decide(valid().build(), count, null, 1, NOW));
        assertTrue(e.getMessage().contains("Count must be between 1 and"), e.getMessage());
    }

    @Test
    void itemDataMustGiveOneMapPerProc() {
        List<ClassAd> items = List.of(ClassAd.builder().set("Item", 1).build());
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> SUBMISSION.decide(valid().build(), 3, items, 1, NOW));
        assertTrue(e.getMessage().contains("ItemData has 1 items but Count is 3"), e.getMessage());
    }

    @Test
    void itemDataIsMergedIntoEachProcButCannotChooseIds() {
        List<ClassAd> items = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            items.add(ClassAd.builder().set("Args", "item" + i).set("ProcId", 50).build());
        }
        JobQueue q = new JobQueue();
        q.apply(SUBMISSION.decide(valid().build(), 3, items, 4, NOW));
        for (int i = 0; i < 3; i++) {
            ClassAd ad = q.ad(new JobId(4, i));
            assertEquals(Expr.parse("\"item" + i + "\""), ad.lookup("Args"));
            assertEquals(Expr.parse(Integer.toString(i)), ad.lookup("ProcId"));
        }
    }

    @Test
    void itemDataMayProvideARequiredAttributeForEveryProc() {
        List<ClassAd> items = List.of(ClassAd.builder().set("Cmd", "/bin/a").build(),
                ClassAd.builder().set("Cmd", "/bin/b").build());
        JobQueue q = new JobQueue();
        q.apply(SUBMISSION.decide(valid().remove("Cmd").build(), 2, items, 1, NOW));
        assertEquals(Expr.parse("\"/bin/b\""), q.ad(new JobId(1, 1)).lookup("Cmd"));

        List<ClassAd> oneLacks = List.of(ClassAd.builder().set("Cmd", "/bin/a").build(), ClassAd.builder().set("X", 1).build());
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class,
                () -> SUBMISSION.decide(valid().remove("Cmd").build(), 2, oneLacks, 1, NOW));
        assertTrue(e.getMessage().contains("ItemData[1] has no Cmd"), e.getMessage());
    }

    @Test
    void aKeywordInItemDataIsRefusedNamingTheItem() {
        List<ClassAd> items = List.of(ClassAd.builder().set("X", 1).build(), ClassAd.builder().set("parent", 1).build());
        ScheddFailure.Invalid e = assertThrows(ScheddFailure.Invalid.class, () -> SUBMISSION.decide(valid().build(), 2, items, 1, NOW));
        assertTrue(e.getMessage().contains("ItemData[1] uses the ClassAd keyword 'parent'"), e.getMessage());
    }

    @Test
    void aThousandProcsShareOneClusterAd() {
        JobQueue q = new JobQueue();
        q.apply(SUBMISSION.decide(valid().set("Environment", "A=1 B=2").build(), 1000, null, 3, NOW));
        ClassAd clusterAd = q.clusterAd(3);
        assertEquals(1000, q.size());
        for (int p = 0; p < 1000; p++) {
            ClassAd ad = q.ad(new JobId(3, p));
            assertSame(clusterAd, ad.chainedParent());
            assertEquals(Expr.parse("\"3." + p + "\""), JobIdentity.literal(ad).lookup("CustomId"));
            assertEquals(Expr.parse("\"s#3." + p + "#" + NOW + "\""), JobIdentity.literal(ad).lookup("GlobalJobId"));
            assertEquals(Expr.parse("\"A=1 B=2\""), ad.lookup("Environment"));
        }
        int[] own = {0};
        q.ad(new JobId(3, 999)).forEachOwn((n, e) -> own[0]++);
        assertEquals(1, own[0], "a proc stores only its ProcId itself; its CustomId and GlobalJobId are the cluster's expressions");
        assertEquals(1000, q.counts().total(JobStatus.IDLE));
    }

    /** Item data cannot give a proc an id of its own choosing either. */
    @Test
    void itemDataCannotChooseTheIds() {
        JobQueue q = new JobQueue();
        List<ClassAd> items = List.of(ClassAd.builder().set("CustomId", "x").set("GlobalJobId", "y").set("Item", "a").build());
        q.apply(SUBMISSION.decide(valid().build(), 1, items, 4, NOW));
        ClassAd job = JobIdentity.literal(q.ad(new JobId(4, 0)));
        assertEquals(Expr.parse("\"4.0\""), job.lookup("CustomId"));
        assertEquals(Expr.parse("\"s#4.0#" + NOW + "\""), job.lookup("GlobalJobId"));
        assertEquals(Expr.parse("\"a\""), job.lookup("Item"));
    }

    /** A scheduler name with quotes or backslashes still makes a GlobalJobId, not a broken expression. */
    @Test
    void anyScheddNameMakesAGlobalJobId() {
        JobQueue q = new JobQueue();
        q.apply(new Submission("we\"ird\\name", AdLimits.DEFAULT).decide(valid().build(), 1, null, 4, NOW));
        assertEquals("we\"ird\\name#4.0#" + NOW,
                ((org.harrier.classad.StringValue) JobIdentity.literal(q.ad(new JobId(4, 0))).lookup("GlobalJobId")).value());
    }

    @Test
    void aJobSubmittedOnHoldGetsCondorSubmitsHoldReasonOnceInItsClusterAd() {
        JobQueue q = new JobQueue();
        q.apply(SUBMISSION.decide(valid().set("JobStatus", 5).build(), 3, null, 2, NOW));
        ClassAd job = q.ad(new JobId(2, 2));
        assertEquals(Expr.parse("5"), job.lookup("JobStatus"));
        assertEquals(Expr.parse("15"), job.lookup("HoldReasonCode"));
        assertEquals(Expr.parse("\"submitted on hold at user's request\""), job.lookup("HoldReason"));
        assertEquals(Expr.parse("15"), q.clusterAd(2).lookup("HoldReasonCode"), "stored once for the cluster");
        assertEquals(3, q.counts().total(JobStatus.HELD));
    }

    @Test
    void aHoldReasonTheClientGivesIsKept() {
        ClassAd job = queued(valid().set("JobStatus", 5).set("HoldReasonCode", 15).set("HoldReason", "wait for data").build());
        assertEquals(Expr.parse("\"wait for data\""), job.lookup("HoldReason"));
        assertEquals(Expr.parse("15"), job.lookup("HoldReasonCode"));
    }

    @Test
    void itemDataMayHoldOneProcOfACluster() {
        List<ClassAd> items = List.of(ClassAd.builder().build(), ClassAd.builder().set("JobStatus", 5).build());
        JobQueue q = new JobQueue();
        q.apply(SUBMISSION.decide(valid().build(), 2, items, 1, NOW));
        assertEquals(JobStatus.IDLE, q.status(new JobId(1, 0)));
        assertEquals(null, q.ad(new JobId(1, 0)).lookup("HoldReasonCode"));
        assertEquals(JobStatus.HELD, q.status(new JobId(1, 1)));
        assertEquals(Expr.parse("15"), q.ad(new JobId(1, 1)).lookup("HoldReasonCode"));
    }

    @Test
    void aHeldSubmissionWithANonIntegerHoldReasonCodeIsRefused() {
        ScheddFailure.Invalid e = refused(valid().set("JobStatus", 5).set("HoldReasonCode", "user").build());
        assertTrue(e.getMessage().contains("HoldReasonCode = \"user\"; it must be an integer"), e.getMessage());
    }

    @ParameterizedTest(name = "JobStatus {0} is refused")
    @ValueSource(ints = {0, 2, 3, 4, 6, 7, 8})
    void aNewJobIsOnlyIdleOrHeld(int status) {
        ScheddFailure.Invalid e = refused(valid().set("JobStatus", status).build());
        assertTrue(e.getMessage().contains("sets JobStatus to " + status + "; a new job is Idle (1) or Held (5)"), e.getMessage());
    }
}
