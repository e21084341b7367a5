package org.harrier.exec.run.starter;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.harrier.classad.ArgList;

/**
 * A job's command-line arguments as HTCondor's job ad holds them (condor_submit manual,
 * "arguments"):
 * <ul>
 *   <li>{@code Arguments}, the new syntax: spaces or tabs separate arguments; a single-quoted
 *       section keeps its white space; inside one, {@code ''} is a literal single quote; quoted
 *       and unquoted text next to each other form one argument ({@code a' 'b} is "a b", the
 *       form condor_submit itself writes); {@code ''} alone is an empty argument; backslash
 *       and double quote are ordinary characters. The submit file's outer double quotes and
 *       its {@code ""} escape belong to condor_submit and are gone by the time the ad exists.
 *   <li>{@code Args}, the old syntax: white space separates, nothing quotes (Unix). The submit
 *       file's {@code \"} escape is again condor_submit's business.
 * </ul>
 */
public final class JobArguments {
    /** Old-syntax separators, compiled once: arguments are split at every job's start. */
    private static final Pattern WHITE_SPACE = Pattern.compile("[ \\t\\r\\n]+");

    private JobArguments() {
    }

    /** Splits new-syntax text; IllegalArgumentException on an unterminated quote. */
    public static List<String> parseNew(String text) {
        return tokens(text, "Arguments");
    }

    /** Splits old-syntax text at white space. */
    public static List<String> parseOld(String text) {
        List<String> out = new ArrayList<>();
        for (String s : WHITE_SPACE.split(text.trim())) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The new-syntax tokenizer (classad's {@link ArgList}, the one reading of HTCondor's raw V2
     * syntax), shared with {@link JobEnvironment}. {@code what} names the attribute in errors.
     */
    static List<String> tokens(String text, String what) {
        try {
            return ArgList.split(text);
        } catch (ArgList.UnbalancedQuote e) {
            throw new IllegalArgumentException(what + " has an unterminated single quote at position "
                    + (e.start() + 1) + ": " + text);
        }
    }
}
