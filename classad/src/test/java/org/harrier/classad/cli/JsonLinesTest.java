package org.harrier.classad.cli;

import static org.harrier.classad.cli.CommandRun.withInput;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code classad-eval --jsonl}: one JSON request per line in, one JSON answer per line out. */
class JsonLinesTest {

    private static String answer(String request) {
        return withInput(request + "\n", "--jsonl").output();
    }

    @ParameterizedTest(name = "{0} answers {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `{"expr": "1 + 2"}`                                                 | `{"value": "3"}`
            `{"expr": "7 / 2.0"}`                                               | `{"value": "3.5"}`
            `{"expr": "\\"abc\\""}`                                             | `{"value": "\\"abc\\""}`
            `{"expr": "x"}`                                                     | `{"value": "undefined"}`
            `{"expr": "1 / 0"}`                                                 | `{"value": "error"}`
            `{"expr": "{1, 2}"}`                                                | `{"value": "{ 1,2 }"}`
            `{"ad": "[ a = 1 ]", "expr": "a + 1"}`                              | `{"value": "2"}`
            `{"expr": "a + 1", "ad": "[ a = 1 ]"}`                              | `{"value": "2"}`
            `{"ad": "A = 1\\nB = A + 1", "expr": "B"}`                          | `{"value": "2"}`
            `{"target": "[ Memory = 4 ]", "expr": "TARGET.Memory"}`             | `{"value": "4"}`
            `{"ad": "[ m = 1 ]", "target": "[ m = 2 ]", "expr": "m + TARGET.m"}` | `{"value": "3"}`
            `{"ad": "[]", "target": "[ t = 2 ]", "expr": "t"}`                  | `{"value": "2"}`
            `{"ad": "@/etc/passwd", "expr": "1"}`                               | `{"error": "line 1: ad: line 1, column 1: expected 'Name = expression' but the line has no '='"}`
            `{"expr": "\\"back\\\\\\\\slash\\""}`                               | `{"value": "\\"back\\\\\\\\slash\\""}`
            `{"expr": "\\"back\\\\slash\\"", "syntax": "old"}`                  | `{"value": "\\"back\\\\\\\\slash\\""}`
            `{"ad": "A = \\"x\\\\y\\"", "expr": "A", "syntax": "old"}`          | `{"value": "\\"x\\\\\\\\y\\""}`
            `{"ad": "[ a = 1 ]", "expr": "a", "syntax": "new"}`                 | `{"value": "1"}`
            `{"expr": "\\"caf\\u00e9 \\ud83d\\ude00\\""}`                       | `{"value": "\\"café 😀\\""}`
            `{"expr": "\\"a\\\\nb\\""}`                                         | `{"value": "\\"a\\\\nb\\""}`
            """)
    void answersEachRequestWithTheValueInNewSyntax(String request, String expected) {
        assertEquals(expected, answer(request));
    }

    @ParameterizedTest(name = "{0} answers {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `{"expr": "1 +"}`                          | `{"error": "line 1: expr: line 1, column 4: expected an expression after '+' but found end of input"}`
            `{"ad": "[ a = ]", "expr": "a"}`           | `{"error": "line 1: ad: line 1, column 7: expected an expression but found ']'"}`
            `{"ad": "A = 1\\nB = ", "expr": "a"}`      | `{"error": "line 1: ad: line 2, column 5: expected an expression after '='"}`
            `{"ad": "[]"}`                             | `{"error": "line 1: missing member \\"expr\\""}`
            `{}`                                       | `{"error": "line 1: missing member \\"expr\\""}`
            `{"expr": "1", "id": "7"}`                 | `{"error": "line 1: unknown member \\"id\\"; the members are ad, target, expr and syntax"}`
            `{"expr": "1", "syntax": "OLD"}`           | `{"error": "line 1: \\"syntax\\" must be \\"old\\" or \\"new\\", not \\"OLD\\""}`
            `{"expr": 1}`                              | `{"error": "line 1: not a JSON object of strings: column 10: the value of \\"expr\\" must be a string in double quotes but found '1'"}`
            `{"expr": "1"`                             | `{"error": "line 1: not a JSON object of strings: column 13: expected ',' or '}' after the value of \\"expr\\" but found end of line"}`
            `expr = 1`                                 | `{"error": "line 1: not a JSON object of strings: column 1: expected '{' to start a JSON object but found 'e'"}`
            `{"expr": "\\ud800"}`                      | `{"error": "line 1: not a JSON object of strings: column 11: \\\\uD800 is a high surrogate that must be followed by a \\\\u escape of a low surrogate"}`
            """)
    void answersALineThatCannotBeUsedWithAnError(String request, String expected) {
        assertEquals(expected, answer(request));
    }

    @Test
    void aBadLineDoesNotStopTheBatchAndTheStatusIsOne() {
        CommandRun run = withInput("""
                {"expr": "1"}
                {"expr": "1 +"}
                not json
                {"expr": "3"}
                """, "--jsonl");
        assertAll(() -> assertEquals(1, run.status()),
                () -> assertEquals("", run.err()),
                () -> assertEquals("""
                        {"value": "1"}
                        {"error": "line 2: expr: line 1, column 4: expected an expression after '+' but found end of input"}
                        {"error": "line 3: not a JSON object of strings: column 1: expected '{' to start a JSON object but found 'n'"}
                        {"value": "3"}""", run.output()));
    }

    @Test
    void aBatchWhoseLinesAllGiveValuesExitsWithZero() {
        CommandRun run = withInput("{\"expr\": \"1\"}\n{\"expr\": \"error\"}\n", "--jsonl");
        assertAll(() -> assertEquals(0, run.status()),
                () -> assertEquals("{\"value\": \"1\"}\n{\"value\": \"error\"}", run.output()));
    }

    @Test
    void blankLinesAreSkippedButCountedInLineNumbers() {
        CommandRun run = withInput("\n{\"expr\": \"1\"}\n   \n\n{\"expr\": \"(\"}\n", "--jsonl");
        assertEquals("{\"value\": \"1\"}\n{\"error\": \"line 5: expr: line 1, column 2: expected an expression after '(' but found end of input\"}",
                run.output());
    }

    @Test
    void acceptsWindowsLineEndingsAndAMissingFinalLineBreak() {
        CommandRun run = withInput("{\"expr\": \"1\"}\r\n{\"expr\": \"2\"}", "--jsonl");
        assertEquals("{\"value\": \"1\"}\n{\"value\": \"2\"}", run.output());
    }

    @Test
    void emptyInputGivesNoOutputAndSucceeds() {
        CommandRun run = withInput("", "--jsonl");
        assertAll(() -> assertEquals(0, run.status()), () -> assertEquals("", run.out()));
    }

    @Test
    void aLineThatIsNotUtf8IsAnErrorForThatLineOnly() {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        input.writeBytes("{\"expr\": \"\"".getBytes(StandardCharsets.UTF_8));
        input.write(0xff);
        input.writeBytes("\"}\n{\"expr\": \"2\"}\n".getBytes(StandardCharsets.UTF_8));
        CommandRun run = withInput(input.toByteArray(), "--jsonl");
        assertEquals("{\"error\": \"line 1: not valid UTF-8\"}\n{\"value\": \"2\"}", run.output());
    }

    @Test
    void writesNonAsciiValuesAsUtf8() {
        CommandRun run = withInput("{\"expr\": \"\\\"h\u00e9te \u6f22\\\"\"}\n", "--jsonl");
        assertEquals("{\"value\": \"\\\"h\u00e9te \u6f22\\\"\"}", run.output());
    }
}
