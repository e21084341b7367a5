package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad submit files: each is refused whole, with the file, the line and the problem named. */
class SubmitErrorTest {
    @TempDir
    Path dir;

    static Stream<Arguments> badFiles() {
        return Stream.of(
            Arguments.of("executable = /bin/echo\n",
                "bad.sub: no 'queue' statement, so no job to submit"),
            Arguments.of("# nothing yet\nqueue\n",
                "bad.sub:2: no executable given before this queue statement"),
            Arguments.of("executable = /no/such/program\nqueue\n",
                "bad.sub:1: executable /no/such/program does not exist"),
            Arguments.of("executable = /bin\nqueue\n",
                "bad.sub:1: executable /bin is a directory"),
            Arguments.of("executable = /bin/echo\nrequest_memory = 12Q\nqueue\n",
                "bad.sub:2: request_memory '12Q' is neither a number (a size such as 1024, 512M or 1G, in MiB"
                + " without a unit) nor a ClassAd expression"),
            Arguments.of("executable = /bin/echo\nrequest_cpus = two\nrequest_cpus = 2 +\nqueue\n",
                "bad.sub:3: request_cpus '2 +' is neither a number nor a ClassAd expression"),
            Arguments.of("executable /bin/echo\nqueue\n",
                "bad.sub:1: expected 'name = value', '+Attribute = value' or 'queue', got 'executable /bin/echo'"),
            Arguments.of("executable = /bin/echo\nqueue 3 from list.txt\n",
                "bad.sub:2: 'queue ... from' is not supported; use 'queue' or 'queue N'"),
            Arguments.of("executable = /bin/echo\nqueue in (a, b)\n",
                "bad.sub:2: 'queue ... in' is not supported; use 'queue' or 'queue N'"),
            Arguments.of("executable = /bin/echo\nqueue many\n",
                "bad.sub:2: expected 'queue' or 'queue N' with N a whole number, got 'queue many'"),
            Arguments.of("executable = /bin/echo\nqueue -1\n",
                "bad.sub:2: queue count must not be negative, got -1"),
            Arguments.of("queuecount\n",
                "bad.sub:1: expected 'queue' or 'queue N', got 'queuecount'"),
            Arguments.of("executable = /bin/echo\nqueue 2000000\n",
                "bad.sub:2: more than 1000000 jobs in one submit file"),
            Arguments.of("universe = grid\nexecutable = /bin/echo\nqueue\n",
                "bad.sub:1: universe 'grid' is not supported; harrier runs vanilla jobs"),
            Arguments.of("executable = /bin/echo\n+Owner = \"mallory\"\nqueue\n",
                "bad.sub:2: Owner is set by harrier submit and cannot be given as +Owner"),
            Arguments.of("executable = /bin/echo\n+ = 1\nqueue\n",
                "bad.sub:2: expected '+Name = value' with Name a ClassAd attribute name, got '+ = 1'"),
            Arguments.of("executable = /bin/echo\narguments = \"unterminated\nqueue\n",
                "bad.sub:2: arguments starts with a double quote but does not end with one"),
            Arguments.of("executable = /bin/echo\narguments = \"say \"hi\"\"\nqueue\n",
                "bad.sub:2: arguments: inside double-quoted arguments a double quote must be written twice (\"\")"),
            Arguments.of("a = $(b)\nb = $(a)\nexecutable = /bin/echo\narguments = $(a)\nqueue\n",
                "bad.sub:4: macros nest more than 32 deep; does a macro refer to itself?"),
            Arguments.of("executable = /bin/echo\noutput = $(oops\nqueue\n",
                "bad.sub:2: '$(' without a closing ')' in '$(oops'"),
            Arguments.of("executable = /bin/echo\noutput = $()\nqueue\n",
                "bad.sub:2: empty macro name in '$()'"),
            Arguments.of("executable = /bin/echo\ninitialdir = /no/such/dir\nqueue\n",
                "bad.sub:2: initialdir /no/such/dir is not a directory"),
            Arguments.of("executable = /bin/echo\nqueue\nexecutable = /no/such/program\nqueue\n",
                "bad.sub:3: executable /no/such/program does not exist"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badFiles")
    void badSubmitFileIsRefusedWithFileLineAndProblem(String file, String message) {
        SubmitException e = assertThrows(SubmitException.class,
                () -> SubmitFile.parse("bad.sub", file).jobs(context(), 1));
        assertEquals(message, e.getMessage());
    }

    @Test
    void badExpressionNamesTheStatementWhereItStartsAndTheParsersProblem() {
        String file = "executable = /bin/echo\nrequirements = Memory > \\\n    \nqueue\n";
        SubmitException e = assertThrows(SubmitException.class,
                () -> SubmitFile.parse("bad.sub", file).jobs(context(), 1));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("bad.sub:2: requirements is not a valid ClassAd expression: "),
                e.getMessage());
    }

    @Test
    void badCustomAttributeIsNamedWithItsPlus() {
        String file = "executable = /bin/echo\n+Weight = 1 +\nqueue\n";
        SubmitException e = assertThrows(SubmitException.class,
                () -> SubmitFile.parse("bad.sub", file).jobs(context(), 1));
        assertTrue(e.getMessage().startsWith("bad.sub:2: +Weight is not a valid ClassAd expression: "), e.getMessage());
    }

    @Test
    void missingSubmitFileIsNamed() {
        SubmitException e = assertThrows(SubmitException.class, () -> SubmitFile.read(dir.resolve("gone.sub")));
        assertEquals(dir.resolve("gone.sub") + ": cannot read the submit file: no such file", e.getMessage());
    }

    private SubmitContext context() {
        return TestContexts.alice(dir);
    }
}
