package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.harrier.classad.ArgList;
import org.harrier.classad.ClassAd;

/**
 * The {@code arguments} command in its two syntaxes, read and written as condor_submit does
 * (condor_arglist.cpp; man page, "arguments"):
 * <ul>
 *   <li>old (V1): white space separates, {@code \"} is a double quote, any other double quote
 *       is an error; stored as {@code Args}, the arguments joined by single spaces;
 *   <li>new (V2): the whole value in double quotes, {@code ""} for a double quote inside;
 *       white space separates, single quotes group, {@code ''} inside them is a single quote;
 *       stored as {@code Arguments} in the raw V2 form condor_submit writes, where only the
 *       white space and quotes of an argument are quoted ({@code two' 'words}).
 * </ul>
 * No arguments at all give {@code Arguments = ""}, as condor_submit writes it.
 */
final class SubmitArguments {
    private static final Pattern WHITE_SPACE = Pattern.compile("[ \\t\\r\\n]+");

    private SubmitArguments() {
    }

    static void step(ProcCommands c, ClassAd.Builder ad) {
        String text = c.text("arguments");
        if (text == null) {
            ad.set("Arguments", "");
            return;
        }
        try {
            if (isV2Quoted(text)) {
                ad.set("Arguments", ArgList.join(splitV2Raw(v2Unquote(text, "arguments"))));
            } else {
                ad.set("Args", String.join(" ", splitV1(text)));
            }
        } catch (IllegalArgumentException e) {
            throw c.error("arguments", "arguments" + e.getMessage());
        }
    }

    /** True when {@code text} is in the new syntax: its first non-blank character is a double quote. */
    static boolean isV2Quoted(String text) {
        return text.stripLeading().startsWith("\"");
    }

    /** The text inside the double quotes, {@code ""} made {@code "}; the message starts after the command name. */
    static String v2Unquote(String text, String command) {
        String t = text.strip();
        StringBuilder raw = new StringBuilder(t.length());
        int i = 1;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == '"') {
                if (i + 1 < t.length() && t.charAt(i + 1) == '"') {
                    raw.append('"');
                    i += 2;
                    continue;
                }
                if (i + 1 < t.length()) {
                    throw new IllegalArgumentException(": inside double-quoted " + command
                            + " a double quote must be written twice (\"\")");
                }
                return raw.toString();
            }
            raw.append(c);
            i++;
        }
        throw new IllegalArgumentException(" starts with a double quote but does not end with one");
    }

    /** Splits raw V2 text ({@link ArgList#split}); the message starts after the command name. */
    static List<String> splitV2Raw(String raw) {
        try {
            return ArgList.split(raw);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(": " + e.getMessage());
        }
    }

    /** Splits old-syntax text at white space, {@code \"} standing for a double quote. */
    static List<String> splitV1(String text) {
        StringBuilder raw = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                raw.append('"');
                i++;
            } else if (c == '"') {
                throw new IllegalArgumentException(": a double quote in old-syntax arguments must be written \\\";"
                        + " or put the whole value in double quotes for the new syntax");
            } else {
                raw.append(c);
            }
        }
        List<String> out = new ArrayList<>();
        for (String s : WHITE_SPACE.split(raw)) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }
}
