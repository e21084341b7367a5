package org.harrier.classad.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.Syntax;

/**
 * Turns the text given on the command line into ads and expressions. An ad argument is either
 * the ad itself or {@code @file} ({@code @-} for standard input, which can be read only once),
 * as with HTCondor's tools; files are read as UTF-8.
 */
final class AdText {
    private final InputStream stdin;
    private boolean stdinRead;

    AdText(InputStream stdin) {
        this.stdin = stdin;
    }

    /**
     * The ad {@code spec} names; {@code role} ("-my-ad", "job ad") names it in messages.
     * A null {@code syntax} lets the text decide: new syntax if it starts with {@code [}.
     */
    ClassAd ad(String role, String spec, Syntax syntax) throws InputException {
        String source = role;
        String text = spec;
        if (spec.startsWith("@")) {
            String file = spec.substring(1);
            source = role + " " + (file.equals("-") ? "(standard input)" : file);
            text = file.equals("-") ? readStdin(role) : readFile(role, file);
        }
        return parse(source, text, syntax);
    }

    /** Parses ad text; {@code source} names it in the message of a parse error. */
    static ClassAd parse(String source, String text, Syntax syntax) throws InputException {
        try {
            return syntax == null ? ClassAd.parse(text) : ClassAd.parse(text, syntax);
        } catch (ClassAdParseException e) {
            throw new InputException(source + ": " + e.getMessage());
        }
    }

    /** Parses an expression, in new syntax unless {@code syntax} says old. */
    static Expr expression(String role, String text, Syntax syntax) throws InputException {
        try {
            return Expr.parse(text, syntax == null ? Syntax.NEW : syntax);
        } catch (ClassAdParseException e) {
            throw new InputException(role + ": " + e.getMessage());
        }
    }

    private String readStdin(String role) throws InputException {
        if (stdinRead) {
            throw new InputException(role + ": standard input (@-) can be read only once");
        }
        stdinRead = true;
        try {
            return decode(stdin.readAllBytes());
        } catch (CharacterCodingException e) {
            throw new InputException(role + ": standard input is not valid UTF-8");
        } catch (IOException e) {
            throw new InputException(role + ": cannot read standard input: " + e.getMessage());
        }
    }

    private static String readFile(String role, String file) throws InputException {
        try {
            return decode(Files.readAllBytes(Path.of(file)));
        } catch (NoSuchFileException e) {
            throw new InputException(role + ": no such file: " + file);
        } catch (AccessDeniedException e) {
            throw new InputException(role + ": permission denied: " + file);
        } catch (CharacterCodingException e) {
            throw new InputException(role + ": " + file + " is not valid UTF-8");
        } catch (IOException | RuntimeException e) {
            throw new InputException(role + ": cannot read " + file + ": " + e);
        }
    }

    private static String decode(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    }
}
