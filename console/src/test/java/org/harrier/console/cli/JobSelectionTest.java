package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.console.ConsoleFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** condor_q's choice of jobs: ids and owners on the command line, and -constraint. */
class JobSelectionTest {
    private static final List<ClassAd> QUEUE = List.of(
            job(1, 0, "alice", 1), job(1, 1, "alice", 2), job(2, 0, "bob", 1), job(12, 3, "carol", 5));

    private static ClassAd job(int cluster, int proc, String owner, int status) {
        return ClassAd.parse("[ ClusterId = " + cluster + "; ProcId = " + proc + "; Owner = \"" + owner
                + "\"; JobStatus = " + status + " ]");
    }

    @ParameterizedTest(name = "harrier q {0} -constraint ''{1}'' shows {2}")
    @CsvSource(delimiterString = " :: ", nullValues = "-", value = {
        "- :: - :: 1.0 1.1 2.0 12.3",
        "1 :: - :: 1.0 1.1",
        "1.1 :: - :: 1.1",
        "bob :: - :: 2.0",
        "2 carol :: - :: 2.0 12.3",
        "12.4 :: - :: ",
        "- :: JobStatus == 1 :: 1.0 2.0",
        "alice :: JobStatus == 1 :: 1.0",
        "- :: ClusterId :: 1.0 1.1 2.0 12.3",
        "- :: ProcId :: 1.1 12.3",
        "- :: NoSuchAttribute :: ",
        "- :: \"yes\" :: ",
        "- :: Owner == \"carol\" || ProcId == 1 :: 1.1 12.3",
    })
    void jobsShownAreThoseNamedAndSatisfyingTheConstraint(String args, String constraint, String shown) {
        List<String> arguments = args == null ? List.of() : Arrays.asList(args.split(" "));
        List<String> ids = JobSelection.of(arguments, constraint).filter(QUEUE).stream()
                .map(j -> j.evaluate("ClusterId") + "." + j.evaluate("ProcId")).toList();
        assertEquals(shown == null ? List.of() : Arrays.asList(shown.split(" ")), ids);
    }

    @Test
    void malformedConstraintIsAFailureNamingIt() {
        ConsoleFailure e = assertThrows(ConsoleFailure.class, () -> JobSelection.of(List.of(), "JobStatus =="));
        assertEquals(true, e.getMessage().startsWith("-constraint 'JobStatus ==' is not a ClassAd expression: "));
    }

    @ParameterizedTest(name = "{0} is a job id")
    @CsvSource({"12, 12, -1", "12.0, 12, 0", "0.7, 0, 7", " 3.4 , 3, 4"})
    void jobIdsAreClusterOrClusterDotProc(String text, long cluster, long proc) {
        assertEquals(new JobRef(cluster, proc), JobRef.parseOrNull(text));
        assertEquals(text.strip(), JobRef.parse(text).toString());
    }

    @ParameterizedTest(name = "''{0}'' is no job id")
    @ValueSource(strings = {"alice", "12.", ".3", "1.2.3", "-1", "12.x", "", "1234567890123456789"})
    void otherTextIsNoJobId(String text) {
        assertNull(JobRef.parseOrNull(text));
    }
}
