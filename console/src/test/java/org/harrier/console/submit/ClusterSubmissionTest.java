package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Submit files shaped for SubmitCluster: shared attributes once, per-proc differences, $(Cluster) deferred. */
class ClusterSubmissionTest {
    @TempDir
    Path dir;

    private ClusterSubmission of(String file) {
        return ClusterSubmission.of(SubmitFile.parse("t.sub", file), TestContexts.alice(dir));
    }

    /** Proc {@code proc} as the scheduler would hold it in cluster {@code cluster}, evaluated. */
    private static Value evaluate(ClusterSubmission s, int cluster, int proc, String attribute) {
        ClassAd held = s.proc(proc).toBuilder().set("ClusterId", cluster).set("ProcId", proc).build();
        return held.evaluate(attribute);
    }

    @Test
    void oneJobIsAllCommonWithoutIdsOrItems() {
        ClusterSubmission s = of("executable = /bin/echo\narguments = hi\nqueue\n");
        assertEquals(1, s.count());
        assertEquals(List.of(), s.items());
        assertFalse(s.common().contains("ClusterId"));
        assertFalse(s.common().contains("ProcId"));
        assertEquals(Value.of("hi"), s.common().evaluate("Args"));
    }

    @Test
    void whatDiffersBetweenProcsGoesToTheItems() {
        ClusterSubmission s = of("executable = /bin/echo\narguments = n$(Process)\noutput = o.txt\nqueue 3\n");
        assertEquals(3, s.count());
        assertFalse(s.common().contains("Args"));
        assertEquals(Value.of("o.txt"), s.common().evaluate("Out"));
        assertEquals(List.of(ClassAd.parse("[ Args = \"n0\" ]"), ClassAd.parse("[ Args = \"n1\" ]"),
                ClassAd.parse("[ Args = \"n2\" ]")), s.items());
    }

    @Test
    void attributesSetOnlyForLaterProcsAreTheirsAlone() {
        ClusterSubmission s = of("executable = /bin/echo\nqueue\n+Extra = 1\nqueue\n");
        assertEquals(List.of(ClassAd.EMPTY, ClassAd.parse("[ Extra = 1 ]")), s.items());
    }

    @ParameterizedTest(name = "{0} evaluates to {1} in cluster 12")
    @CsvSource(delimiter = '|', value = {
        "output = job.$(Cluster).$(Process).out | Out       | \"job.12.1.out\"",
        "arguments = $(Cluster)                | Args      | \"12\"",
        "log = $(ClusterId).log                | UserLog   | \"DIR/12.log\"",
        "+Tag = $(Cluster) * 10                | Tag       | 120",
        "+Name = \"c$(Cluster)\"               | Name      | \"c12\"",
    })
    void clusterMacrosBecomeExpressionsOfTheJobsClusterId(String line, String attribute, String value) {
        ClusterSubmission s = of("executable = /bin/echo\n" + line + "\nqueue 2\n");
        assertEquals(value.replace("DIR", dir.toString()), evaluate(s, 12, 1, attribute).unparse());
    }

    @Test
    void clusterInsideANumberIsRefused() {
        SubmitException e = assertThrows(SubmitException.class, () -> of("executable = /bin/echo\n+N = $(Cluster)0\nqueue\n"));
        assertEquals("t.sub: N uses $(Cluster) inside a word or number, which harrier submit cannot expand before the"
                + " scheduler assigns the cluster id", e.getMessage());
    }

    @Test
    void clusterInInitialdirIsRefusedWithoutShowingTheStandIn() throws IOException {
        Files.createDirectories(dir.resolve("run1"));
        SubmitException e = assertThrows(SubmitException.class,
                () -> of("executable = /bin/echo\ninitialdir = run$(Cluster)\nqueue\n"));
        assertEquals("t.sub:2: initialdir " + dir + "/run$(Cluster) is not a directory (executable and initialdir cannot"
                + " use $(Cluster): they must exist before the scheduler assigns the cluster id)", e.getMessage());
        assertTrue(SubmitFile.parse("t.sub", "executable = /bin/echo\ninitialdir = run$(Cluster)\nqueue\n")
                .jobs(TestContexts.alice(dir), 1).size() == 1, "-dump still works with cluster 1");
    }

    @Test
    void halfAMillionProcsWithoutPerProcMacrosAreOneAdAndACount() {
        ClusterSubmission s = of("executable = /bin/echo\narguments = same for all\noutput = out.$(Cluster)\n"
                + "queue 500000\n");
        assertEquals(500_000, s.count());
        assertEquals(List.of(), s.items(), "no ItemData when no proc differs");
        assertEquals(Value.of("same for all"), s.common().evaluate("Args"));
    }

    @Test
    void perProcMacrosSendOnlyTheAttributesThatDiffer() {
        ClusterSubmission s = of("executable = /bin/echo\narguments = $(Process)\nrequest_memory = $(Item)\n"
                + "queue 2 in (100, 200)\n");
        assertEquals(4, s.count());
        assertEquals(List.of(ClassAd.parse("[ Args = \"0\"; RequestMemory = 100 ]"),
                ClassAd.parse("[ Args = \"1\"; RequestMemory = 100 ]"), ClassAd.parse("[ Args = \"2\"; RequestMemory = 200 ]"),
                ClassAd.parse("[ Args = \"3\"; RequestMemory = 200 ]")), s.items(),
                "Requirements reads request_memory but is alike for every proc, so it is sent once");
        assertTrue(s.common().contains("Requirements"));
    }

    @Test
    void procsOfDifferentQueueStatementsCarryWhatTheirStatementChanged() {
        ClusterSubmission s = of("executable = /bin/echo\narguments = a\nqueue 2\narguments = b\nhold = true\nqueue\n");
        assertEquals(3, s.count());
        assertEquals(ClassAd.parse("[ Args = \"a\"; JobStatus = 1 ]"), s.items().get(1));
        assertEquals(ClassAd.parse("[ Args = \"b\"; JobStatus = 5; HoldReasonCode = 15;"
                + " HoldReason = \"submitted on hold at user's request\" ]"), s.items().get(2));
    }

    @Test
    void everyProcOfTheSubmissionIsTheAdDumpShows() {
        String file = "executable = /bin/echo\narguments = $(Item) $(Process)\nqueue 2 in (x, y)\n+Late = 1\nqueue\n";
        SubmitContext context = TestContexts.alice(dir);
        ClusterSubmission s = ClusterSubmission.of(SubmitFile.parse("t.sub", file), context);
        List<ClassAd> dumped = SubmitFile.parse("t.sub", file).jobs(context, 12);
        assertEquals(dumped.size(), s.count());
        for (int proc = 0; proc < s.count(); proc++) {
            ClassAd held = s.proc(proc).toBuilder().set("ClusterId", 12).set("ProcId", proc).build();
            assertEquals(dumped.get(proc), held, "proc " + proc);
        }
    }

    @Test
    void aFileThatQueuesNothingIsAnEmptyCluster() {
        ClusterSubmission s = of("executable = /bin/echo\nqueue 0\n");
        assertEquals(0, s.count());
        assertEquals(List.of(), s.items());
    }
}
