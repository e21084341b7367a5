package org.harrier.classad.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Test fixture: runs classad-eval in-process, as {@code java -jar classad.jar ARGS < stdin}
 * would, and keeps what it printed.
 */
record CommandRun(int status, String out, String err) {

    static CommandRun classadEval(String... args) {
        return withInput(new byte[0], args);
    }

    static CommandRun withInput(String stdin, String... args) {
        return withInput(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    static CommandRun withInput(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ClassAdEval.run(args, new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CommandRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Standard output without its final line break, lines joined by '\n'. */
    String output() {
        return out.replace("\r\n", "\n").stripTrailing();
    }
}
