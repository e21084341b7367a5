package org.harrier.console.submit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads HTCondor's submit description language, the subset Harrier's {@code harrier submit}
 * understands (condor_submit man page, "Submit Description File Commands"):
 * <ul>
 *   <li>{@code name = value}, names in any case, value trimmed; a name that is no command is a
 *       macro, usable as {@code $(name)};
 *   <li>{@code +Name = value} and {@code MY.Name = value}: a job ad attribute, value ClassAd text;
 *   <li>{@code queue} and {@code queue N};
 *   <li>lines starting with {@code #} are comments; a line ending in a backslash continues on the
 *       next, whose leading white space is dropped (as HTCondor's config reader does); a comment
 *       line inside a continuation is skipped.
 * </ul>
 * Reading only splits the text into statements and checks their shape; what the statements mean
 * is {@link SubmitDescription}'s business.
 */
public final class SubmitFile {
    private static final Pattern COMMAND = Pattern.compile("([A-Za-z_][A-Za-z0-9_.]*)\\s*=(.*)", Pattern.DOTALL);
    private static final Pattern ATTRIBUTE = Pattern.compile("(?:\\+|(?i:MY)\\.)([A-Za-z_][A-Za-z0-9_]*)\\s*=(.*)",
            Pattern.DOTALL);
    private static final Pattern QUEUE = Pattern.compile("(?i:queue)(?:\\s+(.*))?", Pattern.DOTALL);

    private SubmitFile() {
    }

    /** Reads the submit file at {@code path}; the name in messages is the path as given. */
    public static SubmitDescription read(Path path) {
        return read(path, path.toString());
    }

    /** Reads the submit file at {@code path}, calling it {@code name} in messages. */
    public static SubmitDescription read(Path path, String name) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SubmitException(name, 0, "cannot read the submit file: " + describe(e));
        }
        return parse(name, text);
    }

    private static String describe(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.charset.MalformedInputException) {
            return "not UTF-8 text";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Parses {@code text}; {@code fileName} is what error messages call it. */
    public static SubmitDescription parse(String fileName, String text) {
        List<Statement> statements = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        int i = 0;
        while (i < lines.length) {
            int start = i + 1;
            String line = lines[i++];
            if (isBlankOrComment(line)) {
                continue;
            }
            StringBuilder logical = new StringBuilder();
            String part = stripTrailing(line);
            while (part.endsWith("\\")) {
                logical.append(part, 0, part.length() - 1);
                part = null;
                while (i < lines.length && part == null) {
                    String next = lines[i++];
                    if (!next.isBlank() && next.strip().startsWith("#")) {
                        continue;
                    }
                    part = stripTrailing(next.stripLeading());
                }
                if (part == null) {
                    part = "";
                }
            }
            logical.append(part);
            statements.add(statement(fileName, logical.toString().strip(), start));
        }
        return new SubmitDescription(fileName, statements);
    }

    private static boolean isBlankOrComment(String line) {
        String s = line.strip();
        return s.isEmpty() || s.startsWith("#");
    }

    private static String stripTrailing(String s) {
        return s.stripTrailing();
    }

    private static Statement statement(String file, String text, int line) {
        Matcher q = QUEUE.matcher(text);
        if (q.matches()) {
            return new Statement.Queue(q.group(1) == null ? "" : q.group(1).strip(), line);
        }
        Matcher a = ATTRIBUTE.matcher(text);
        if (a.matches()) {
            return new Statement.Attribute(a.group(1), a.group(2).strip(), line);
        }
        if (text.startsWith("+") || text.regionMatches(true, 0, "MY.", 0, 3)) {
            throw new SubmitException(file, line, "expected '+Name = value' with Name a ClassAd attribute name, got '"
                    + text + "'");
        }
        Matcher c = COMMAND.matcher(text);
        if (c.matches()) {
            return new Statement.Command(c.group(1), c.group(2).strip(), line);
        }
        String word = text.split("[\\s=]", 2)[0].toLowerCase(Locale.ROOT);
        if (word.startsWith("queue")) {
            throw new SubmitException(file, line, "expected 'queue' or 'queue N', got '" + text + "'");
        }
        throw new SubmitException(file, line, "expected 'name = value', '+Attribute = value' or 'queue', got '"
                + text + "'");
    }
}
