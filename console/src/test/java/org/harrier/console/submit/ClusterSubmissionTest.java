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
        assertEquals(Value.of("hi"), s.common().evaluate("Arguments"));
    }

    @Test
    void whatDiffersBetweenProcsGoesToTheItems() {
        ClusterSubmission s = of("executable = /bin/echo\narguments = n$(Process)\noutput = o.txt\nqueue 3\n");
        assertEquals(3, s.count());
        assertFalse(s.common().contains("Arguments"));
        assertEquals(Value.of("o.txt"), s.common().evaluate("Out"));
        assertEquals(List.of(ClassAd.parse("[ Arguments = \"n0\" ]"), ClassAd.parse("[ Arguments = \"n1\" ]"),
                ClassAd.parse("[ Arguments = \"n2\" ]")), s.items());
    }

    @Test
    void attributesSetOnlyForLaterProcsAreTheirsAlone() {
        ClusterSubmission s = of("executable = /bin/echo\nqueue\n+Extra = 1\nqueue\n");
        assertEquals(List.of(ClassAd.EMPTY, ClassAd.parse("[ Extra = 1 ]")), s.items());
    }

    @ParameterizedTest(name = "{0} evaluates to {1} in cluster 12")
    @CsvSource(delimiter = '|', value = {
        "output = job.$(Cluster).$(Process).out | Out       | \"job.12.1.out\"",
        "arguments = $(Cluster)                | Arguments | \"12\"",
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
}
