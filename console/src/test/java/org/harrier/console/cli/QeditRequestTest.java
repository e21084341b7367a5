package org.harrier.console.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.harrier.console.ConsoleFailure;
import org.harrier.console.GridClient;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** condor_qedit's command line: which jobs, then ATTR VALUE pairs, all checked before anything is sent. */
class QeditRequestTest {
    private static List<String> args(String text) {
        return text == null ? List.of() : Arrays.asList(text.split(" "));
    }

    @ParameterizedTest(name = "qedit {0} -constraint ''{1}'' edits {2} of {3}")
    @CsvSource(delimiterString = " :: ", nullValues = "-", quoteCharacter = '`', value = {
        "12.0 RequestMemory 2048 :: - :: RequestMemory=2048 :: Id=12.0",
        "12 JobPrio 5 Comment \"hi\" :: - :: JobPrio=5 Comment=\"hi\" :: Id=12",
        "alice Rank Memory :: - :: Rank=Memory :: Constraint=Owner == \"alice\"",
        "RequestCpus 2 :: JobStatus == 1 :: RequestCpus=2 :: Constraint=JobStatus == 1",
        "alice RequestCpus 2 :: JobStatus == 1 :: RequestCpus=2 :: Constraint=Owner == \"alice\" && (JobStatus == 1)",
        "12.3 Foo 1 :: JobStatus == 1 :: Foo=1 :: Constraint=ClusterId == 12 && ProcId == 3 && (JobStatus == 1)",
    })
    void jobsThenPairs(String arguments, String constraint, String edits, String jobs) {
        QeditRequest r = QeditRequest.parse(args(arguments), constraint);
        assertEquals(edits, String.join(" ", r.edits().stream().map(e -> e.name() + "=" + e.value()).toList()));
        GridClient.Jobs j = r.jobs();
        assertEquals(jobs, j.id() != null ? "Id=" + j.id() : "Constraint=" + j.constraint());
    }

    @ParameterizedTest(name = "qedit {0} -constraint ''{1}'' is a bad command line: {2}")
    @CsvSource(delimiterString = " :: ", nullValues = "-", quoteCharacter = '`', value = {
        "- :: - :: name the jobs (12.0, 12, an owner or -constraint EXPR), then ATTR VALUE pairs",
        "12.0 :: - :: give ATTR VALUE pairs after the jobs, e.g. RequestMemory 2048 or Comment '\"a string\"'; got none",
        "12.0 Foo :: - :: give ATTR VALUE pairs after the jobs, e.g. RequestMemory 2048 or Comment '\"a string\"'; got Foo",
        "Foo :: true :: give ATTR VALUE pairs after the jobs, e.g. RequestMemory 2048 or Comment '\"a string\"'; got none",
        "12.x Foo 1 :: - :: '12.x' is not a job id (write cluster or cluster.proc, e.g. 12 or 12.0)",
        "12.0 Foo 1+ :: - :: SetAttribute of Foo: Value is not a valid ClassAd expression: line 1, column 3: expected an"
            + " expression after '+' but found end of input",
        "12.0 2Foo 1 :: - :: SetAttribute has attribute name '2Foo'; names are letters, digits and '_', not starting"
            + " with a digit",
        "Foo 1 :: Owner == :: -constraint 'Owner ==' is not a ClassAd expression: line 1, column 9: expected an"
            + " expression after '==' but found end of input",
    })
    void nonsenseIsACommandLineError(String arguments, String constraint, String message) {
        CommandLineError e = assertThrows(CommandLineError.class, () -> QeditRequest.parse(args(arguments), constraint));
        assertEquals(message, e.getMessage());
    }

    @ParameterizedTest(name = "qedit 12.0 {0} 1 is the scheduler''s refusal")
    @CsvSource({"JobStatus", "owner", "ClusterId", "ProcId", "MyType", "TargetType", "QDate", "GlobalJobId", "CustomId"})
    void protectedAttributesAreRefusedInTheSchedulersWordsBeforeAnythingIsSent(String name) {
        ConsoleFailure e = assertThrows(ConsoleFailure.class,
                () -> QeditRequest.parse(List.of("12.0", "JobPrio", "1", name, "1"), null));
        assertTrue(e.getMessage().startsWith("SetAttribute cannot change " + name + ";"), e.getMessage());
    }
}
