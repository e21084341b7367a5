package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** condor_q's choice of jobs: ids and owners on the command line, and -constraint. */
class JobFilterTest {
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
        JobFilter selection = JobFilter.of(arguments, constraint);
        List<String> expected = shown == null ? List.of() : Arrays.asList(shown.split(" "));
        assertEquals(expected, ids(selection.filter(QUEUE)));

        // The same selection as one constraint, for the scheduler's GetHistory and control calls.
        String asConstraint = selection.asConstraint();
        List<ClassAd> selected = asConstraint == null ? QUEUE
                : QUEUE.stream().filter(j -> JobFilter.isTrue(Expr.parse(asConstraint).evaluate(j))).toList();
        assertEquals(expected, ids(selected), asConstraint);
    }

    private static List<String> ids(List<ClassAd> jobs) {
        return jobs.stream().map(j -> j.evaluate("ClusterId") + "." + j.evaluate("ProcId")).toList();
    }

    @ParameterizedTest(name = "harrier history {0} -constraint ''{1}'' asks for {2}")
    @CsvSource(delimiterString = " :: ", nullValues = "-", value = {
        "- :: - :: -",
        "12 :: - :: ClusterId == 12",
        "12.3 :: - :: ClusterId == 12 && ProcId == 3",
        "12 1.1 bob :: - :: (ClusterId == 12 || (ClusterId == 1 && ProcId == 1) || Owner == \"bob\")",
        "- :: JobStatus == 1 :: JobStatus == 1",
        "bob :: ExitCode != 0 :: Owner == \"bob\" && (ExitCode != 0)",
        "o\"brien :: - :: Owner == \"o\\\"brien\"",
    })
    void selectionAsOneConstraint(String args, String constraint, String expected) {
        List<String> arguments = args == null ? List.of() : Arrays.asList(args.split(" "));
        assertEquals(expected, JobFilter.of(arguments, constraint).asConstraint());
    }

    @Test
    void ownersCompareIgnoringCaseAsClassAdStringsDo() {
        assertEquals(List.of("2.0"), ids(JobFilter.of(List.of("BOB"), null).filter(QUEUE)));
    }

    @ParameterizedTest(name = "-constraint ''{0}'' is a bad command line")
    @ValueSource(strings = {"JobStatus ==", "", "   ", "(Owner"})
    void malformedConstraintIsACommandLineErrorNamingIt(String constraint) {
        CommandLineError e = assertThrows(CommandLineError.class, () -> JobFilter.of(List.of(), constraint));
        assertTrue(e.getMessage().startsWith("-constraint "), e.getMessage());
    }

    @ParameterizedTest(name = "''{0}'' starts with a digit, so it must be a job id")
    @ValueSource(strings = {"12.x", "1.2.3", "12.", "3a"})
    void argumentsStartingWithADigitMustBeJobIds(String argument) {
        CommandLineError e = assertThrows(CommandLineError.class, () -> JobFilter.of(List.of(argument), null));
        assertEquals("'" + argument + "' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)", e.getMessage());
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
