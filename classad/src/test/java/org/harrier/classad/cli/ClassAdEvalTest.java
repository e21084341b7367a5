package org.harrier.classad.cli;

import static org.harrier.classad.cli.CommandRun.classadEval;
import static org.harrier.classad.cli.CommandRun.withInput;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * classad-eval evaluating expressions and matching ads, run in-process. In the tables a command
 * line is written with its arguments separated by {@code §}.
 */
class ClassAdEvalTest {

    private static String[] args(String line) {
        return Arrays.stream(line.split("§")).map(String::strip).toArray(String[]::new);
    }

    @ParameterizedTest(name = "{0} prints {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 + 2                  | 3
            7 / 2.0                | 3.5
            "abc"                  | "abc"
            "ABC" == "abc"         | true
            x                      | undefined
            1 / 0                  | error
            { 1, 2 }               | { 1,2 }
            [ a = 1; b = a + 1 ]   | [ a = 1; b = a + 1 ]
            [ a = 1; b = a + 1 ].b | 2
            2048.0                 | 2048.0
            "tab\\there"           | "tab\\there"
            """)
    void printsEachValueInNewSyntax(String expr, String expected) {
        CommandRun run = classadEval(expr);
        assertAll(() -> assertEquals(0, run.status()),
                () -> assertEquals(expected, run.output()),
                () -> assertEquals("", run.err()));
    }

    @Test
    void printsOneLinePerExpressionInOrder() {
        assertEquals("3\n\"abc\"\nundefined", classadEval("1 + 2", "\"abc\"", "x").output());
    }

    @ParameterizedTest(name = "{0} prints {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            -my-ad § [ Memory = 2048 ] § Memory                                          | 2048
            --my-ad § [ Memory = 2048 ] § Memory * 2                                     | 4096
            --my-ad=[ Memory = 2048 ] § Memory                                           | 2048
            -my-ad § Memory = 2048 § Memory                                              | 2048
            -target-ad § [ Memory = 2048 ] § TARGET.Memory                               | 2048
            -target-ad § [ Memory = 2048 ] § Memory                                      | 2048
            --target-ad=[ Memory = 2048 ] § MY.Memory                                    | undefined
            -my-ad § [ Memory = 1 ] § -target-ad § [ Memory = 2 ] § Memory               | 1
            -my-ad § [ Memory = 1 ] § -target-ad § [ Memory = 2 ] § TARGET.Memory        | 2
            -my-ad § [ A = 1 ] § -target-ad § [ B = 2 ] § A + B                          | 3
            -my-ad § [ Req = TARGET.RequestMemory ] § -target-ad § [ RequestMemory = 5 ] § Req | 5
            -- § -1 + 3                                                                  | 2
            -1 + 3                                                                       | 2
            -syntax § old § "back\\slash"                                                | "back\\\\slash"
            --syntax=new § "back\\\\slash"                                               | "back\\\\slash"
            -syntax § old § -my-ad § A = "x\\y" § A                                      | "x\\\\y"
            """)
    void evaluatesAgainstTheGivenAds(String commandLine, String expected) {
        CommandRun run = classadEval(args(commandLine));
        assertAll(() -> assertEquals(0, run.status(), run.err()),
                () -> assertEquals(expected, run.output()));
    }

    @Test
    void readsAnOldSyntaxAdWithOneAttributePerLine() {
        CommandRun run = classadEval("-my-ad", "Memory = 2048\nCpus = 4\n", "Memory / Cpus");
        assertEquals("512", run.output());
    }

    @Test
    void readsAdsFromFilesNamedWithAnAtSign(@TempDir Path dir) throws IOException {
        Path slot = dir.resolve("slot.ad");
        Files.writeString(slot, "Memory = 2048\nCpus = 4\nName = \"slot1@h\u00e9te\"\n", StandardCharsets.UTF_8);
        Path job = dir.resolve("job.ad");
        Files.writeString(job, "[ RequestMemory = 1024 ]");
        CommandRun run = classadEval("-my-ad", "@" + slot, "-target-ad", "@" + job,
                "Memory / Cpus", "TARGET.RequestMemory <= Memory", "Name");
        assertEquals("512\ntrue\n\"slot1@h\u00e9te\"", run.output());
    }

    @Test
    void readsAnAdFromStandardInputForAtDash() {
        CommandRun run = withInput("Memory = 2048\n", "-my-ad", "@-", "Memory");
        assertEquals("2048", run.output());
    }

    @Test
    void standardInputCanBeReadOnlyOnce() {
        CommandRun run = withInput("Memory = 2048\n", "-my-ad", "@-", "-target-ad", "@-", "Memory");
        assertAll(() -> assertEquals(1, run.status()),
                () -> assertEquals("classad-eval: -target-ad: standard input (@-) can be read only once\n", run.err()));
    }

    @Test
    void anAdFileThatDoesNotExistIsAnInputError(@TempDir Path dir) {
        CommandRun run = classadEval("-my-ad", "@" + dir.resolve("missing.ad"), "1");
        assertAll(() -> assertEquals(1, run.status()),
                () -> assertEquals("", run.out()),
                () -> assertEquals("classad-eval: -my-ad: no such file: " + dir.resolve("missing.ad") + "\n", run.err()));
    }

    @ParameterizedTest(name = "{0} fails with: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            1 +                                | expression '1 +': line 1, column 4: expected an expression after '+' but found end of input
            1 § 2 § (3                         | expression 3 '(3': line 1, column 3:
            -my-ad § [ a = ] § a               | -my-ad: line 1, column 7:
            -target-ad § [ a = 1 § a           | -target-ad: line 1, column 8:
            -my-ad § A = 1\\nB = (2 § A        | -my-ad: line 2,
            -syntax § old § -my-ad § Memory 2048 § 1 | -my-ad: line 1, column 1: expected 'Name = expression' but the line has no '='
            """)
    void aParseErrorNamesItsInputLineAndColumnAndPrintsNoValues(String commandLine, String message) {
        CommandRun run = classadEval(args(commandLine.replace("\\n", "\n")));
        assertAll(() -> assertEquals(1, run.status()),
                () -> assertEquals("", run.out()),
                () -> assertTrue(run.err().startsWith("classad-eval: "), run.err()),
                () -> assertTrue(run.err().contains(message), run.err()));
    }

    @Test
    void anAdFileParseErrorNamesTheFile(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.ad");
        Files.writeString(bad, "A = 1\nB = \n");
        CommandRun run = classadEval("-my-ad", "@" + bad, "A");
        assertAll(() -> assertEquals(1, run.status()),
                () -> assertTrue(run.err().startsWith("classad-eval: -my-ad " + bad + ": line 2, column "), run.err()));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            ``                                       | nothing to evaluate
            -x                                       | unknown option '-x' (to evaluate an expression that starts with '-', put '--' before it)
            --verbose § 1                            | unknown option '--verbose'
            -my-ad                                   | option -my-ad needs the ad text or @file
            -my-ad § -target-ad § [] § 1             | option -my-ad needs the ad text or @file
            --target-ad                              | option --target-ad needs the ad text or @file
            -my-ad § [] § -my-ad § [] § 1            | option -my-ad is given more than once
            -syntax § medium § 1                     | -syntax must be old or new, not 'medium'
            --match                                  | option --match needs two ads: JOBAD MACHINEAD
            --match § [ a = 1 ]                      | option --match needs two ads: JOBAD MACHINEAD
            --match § [] § [] § 1 + 1                | --match takes no expressions
            --match § [] § [] § -my-ad § []          | --match cannot be combined with -my-ad
            --match=x § [] § []                      | option --match takes no '=value'
            --jsonl § 1                              | --jsonl takes no expressions
            --jsonl § -syntax § old                  | --jsonl cannot be combined with
            --jsonl § --match § [] § []              | --match and --jsonl cannot be used together
            -my-ad § [ a = 1 ]                       | nothing to evaluate
            """)
    void misuseOfTheCommandLineExitsWithTwo(String commandLine, String message) {
        CommandRun run = classadEval(commandLine.isEmpty() ? new String[0] : args(commandLine));
        assertAll(() -> assertEquals(2, run.status()),
                () -> assertEquals("", run.out()),
                () -> assertTrue(run.err().startsWith("classad-eval: " + message), run.err()),
                () -> assertTrue(run.err().endsWith("Run 'classad-eval --help' for usage.\n"), run.err()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --help
            -help
            -h
            1 § --help
            --bogus § --help
            """)
    void helpExplainsEveryOptionAndExitsWithZero(String commandLine) {
        CommandRun run = classadEval(args(commandLine));
        assertAll(() -> assertEquals(0, run.status()),
                () -> assertEquals("", run.err()));
        for (String explained : new String[] {"-my-ad AD", "-target-ad AD", "-syntax old|new", "--match JOBAD MACHINEAD",
                "--jsonl", "--help", "@FILE", "@-", "Exit status", "Examples", "job_rank=", "{\"value\": \"2\"}"}) {
            assertTrue(run.out().contains(explained), "help mentions " + explained);
        }
    }

    /** The examples in the help text, run: what it promises is what happens. */
    @Test
    void theHelpExamplesPrintWhatTheHelpSays(@TempDir Path dir) throws IOException {
        String help = classadEval("--help").out();
        assertTrue(help.contains("  3\n  3.5\n  \"abc\"\n  undefined\n  error\n  { 1,2 }\n"));
        assertEquals("3\n3.5\n\"abc\"\nundefined\nerror\n{ 1,2 }",
                classadEval("1 + 2", "7 / 2.0", "\"abc\"", "x", "1 / 0", "{ 1, 2 }").output());
        assertEquals("true\n1024", classadEval("-my-ad", "[ Memory = 2048 ]", "-target-ad", "[ RequestMemory = 1024 ]",
                "Memory >= TARGET.RequestMemory", "RequestMemory").output());
        Path slot = Files.writeString(dir.resolve("slot.ad"), "Memory = 2048\nCpus = 4\n");
        assertEquals("512", classadEval("-my-ad", "@" + slot, "Memory / Cpus").output());
        assertEquals("match=true job_rank=2048.0 machine_rank=1.0", classadEval("--match",
                "[ Owner = \"alice\"; Requirements = TARGET.Memory >= 1024; Rank = TARGET.Memory ]",
                "[ Memory = 2048; Requirements = TARGET.Owner == \"alice\"; Rank = 1 ]").output());
        assertEquals("{\"value\": \"2\"}", withInput("{\"ad\": \"[ a = 1 ]\", \"expr\": \"a + 1\"}\n", "--jsonl").output());
        for (String shown : new String[] {"  512\n", "  true\n  1024\n", "  match=true job_rank=2048.0 machine_rank=1.0\n",
                "  {\"value\": \"2\"}\n"}) {
            assertTrue(help.contains(shown), "help shows " + shown);
        }
    }
}
