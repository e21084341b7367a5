package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What condor_hold-like command lines ask the scheduler for, one call per target. */
class JobTargetsTest {
    /** A target as "KIND named -> Id=x" or "-> Constraint=x". */
    private static String show(JobTargets.Target t) {
        return t.kind() + " " + t.named() + " -> "
                + (t.jobs().id() != null ? "Id=" + t.jobs().id() : "Constraint=" + t.jobs().constraint());
    }

    @ParameterizedTest(name = "{0} -constraint ''{1}'' -all={2}")
    @CsvSource(delimiterString = " :: ", nullValues = "-", value = {
        "12.0 :: - :: false :: JOB 12.0 -> Id=12.0",
        "12 :: - :: false :: CLUSTER 12 -> Id=12",
        "12.0 12 alice :: - :: false :: JOB 12.0 -> Id=12.0 | CLUSTER 12 -> Id=12 | OWNER alice -> Constraint=Owner == \"alice\"",
        "- :: JobStatus == 1 :: false :: CONSTRAINT JobStatus == 1 -> Constraint=JobStatus == 1",
        "12 alice :: JobStatus == 1 :: false :: CONSTRAINT (ClusterId == 12 || Owner == \"alice\") && (JobStatus == 1)"
            + " -> Constraint=(ClusterId == 12 || Owner == \"alice\") && (JobStatus == 1)",
        "3.1 :: JobStatus == 1 :: false :: JOB 3.1 -> Id=3.1 | CONSTRAINT JobStatus == 1 -> Constraint=JobStatus == 1",
        "- :: - :: true :: ALL  -> Constraint=true",
    })
    void eachTargetIsOneCall(String args, String constraint, boolean all, String expected) {
        List<String> arguments = args == null ? List.of() : Arrays.asList(args.split(" "));
        List<String> shown = JobTargets.of(arguments, constraint, all).stream().map(JobTargetsTest::show).toList();
        assertEquals(Arrays.asList(expected.split(" \\| ")), shown);
    }

    @ParameterizedTest(name = "{0} -constraint ''{1}'' -all={2} is refused: {3}")
    @CsvSource(delimiterString = " :: ", nullValues = "-", quoteCharacter = '`', value = {
        "- :: - :: false :: name the jobs: job ids (12.0), clusters (12), owners, -constraint EXPR or -all",
        "12 :: - :: true :: -all cannot be combined with job ids, owners or -constraint",
        "- :: true :: true :: -all cannot be combined with job ids, owners or -constraint",
        "12.x :: - :: false :: '12.x' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)",
        "- :: Owner == :: false :: -constraint 'Owner ==' is not a ClassAd expression: line 1, column 9: expected an"
            + " expression after '==' but found end of input",
    })
    void nonsenseIsACommandLineError(String args, String constraint, boolean all, String message) {
        List<String> arguments = args == null ? List.of() : Arrays.asList(args.split(" "));
        CommandLineError e = assertThrows(CommandLineError.class, () -> JobTargets.of(arguments, constraint, all));
        assertEquals(message, e.getMessage());
    }
}
