package org.harrier.exec.run.starter;

import java.util.ArrayList;
import java.util.List;

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
    private JobArguments() {
    }

    /** Splits new-syntax text; IllegalArgumentException on an unterminated quote. */
    public static List<String> parseNew(String text) {
        return tokens(text, "Arguments");
    }

    /** Splits old-syntax text at white space. */
    public static List<String> parseOld(String text) {
        List<String> out = new ArrayList<>();
        for (String s : text.trim().split("[ \\t\\r\\n]+")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The new-syntax tokenizer, shared with {@link JobEnvironment}: white space separates,
     * single quotes group, {@code ''} inside quotes is a quote. {@code what} names the
     * attribute in error messages.
     */
    static List<String> tokens(String text, String what) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inToken = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'') {
                inToken = true;
                int start = i;
                i++;
                while (true) {
                    if (i >= text.length()) {
                        throw new IllegalArgumentException(what + " has an unterminated single quote at position "
                                + (start + 1) + ": " + text);
                    }
                    char q = text.charAt(i);
                    if (q == '\'') {
                        if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
                            current.append('\'');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    current.append(q);
                    i++;
                }
            } else if (isSpace(c)) {
                if (inToken) {
                    out.add(current.toString());
                    current.setLength(0);
                    inToken = false;
                }
                i++;
            } else {
                inToken = true;
                current.append(c);
                i++;
            }
        }
        if (inToken) {
            out.add(current.toString());
        }
        return out;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
