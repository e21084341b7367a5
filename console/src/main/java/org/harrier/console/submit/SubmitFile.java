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
 * Reads HTCondor's submit description language (condor_submit man page, "Submit Description
 * File Commands"):
 * <ul>
 *   <li>{@code name = value}, names in any case, value trimmed; a name that is no command is a
 *       macro, usable as {@code $(name)};
 *   <li>{@code +Name = value} and {@code MY.Name = value}: a job ad attribute, value ClassAd text;
 *   <li>{@code queue} in all its forms: {@code queue}, {@code queue N}, {@code queue [N] [var] in
 *       (a, b)}, {@code queue [N] [vars] from file}, {@code queue [N] [vars] from (} rows
 *       {@code )}, {@code queue [N] [var] matching [files|dirs] globs}; an item list opened with
 *       {@code (} and not closed on its line continues to the next line that starts with {@code )};
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
    /** A queue statement whose item list opens with '(' that its own line does not close. */
    private static final Pattern OPEN_LIST = Pattern.compile("(?is)(?:^|[\\s,])(?:in|from|matching)(?=[\\s(\\[])[^(]*\\([^)]*");

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

    /** A short reason for an I/O failure, for messages that already name the file. */
    static String describe(IOException e) {
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
            String part = line.stripTrailing();
            while (part.endsWith("\\")) {
                logical.append(part, 0, part.length() - 1);
                part = null;
                while (i < lines.length && part == null) {
                    String next = lines[i++];
                    if (!next.isBlank() && next.strip().startsWith("#")) {
                        continue;
                    }
                    part = next.stripLeading().stripTrailing();
                }
                if (part == null) {
                    part = "";
                }
            }
            logical.append(part);
            String statement = logical.toString().strip();
            Matcher q = QUEUE.matcher(statement);
            if (q.matches()) {
                String arguments = q.group(1) == null ? "" : q.group(1).strip();
                List<Statement.ListLine> list = new ArrayList<>();
                if (OPEN_LIST.matcher(arguments).find() && arguments.lastIndexOf(')') < arguments.lastIndexOf('(')) {
                    i = listLines(fileName, lines, i, start, list);
                }
                statements.add(new Statement.Queue(arguments, list, start));
            } else {
                statements.add(statement(fileName, statement, start));
            }
        }
        return new SubmitDescription(fileName, statements);
    }

    /** Collects the lines of an open item list up to the line starting with ')'; returns the next index. */
    private static int listLines(String file, String[] lines, int from, int queueLine, List<Statement.ListLine> out) {
        int i = from;
        while (i < lines.length) {
            String s = lines[i].strip();
            i++;
            if (s.startsWith(")")) {
                return i;
            }
            if (!s.isEmpty() && !s.startsWith("#")) {
                out.add(new Statement.ListLine(s, i));
            }
        }
        throw new SubmitException(file, queueLine, "the item list opened with '(' on this line is never closed by a"
                + " line starting with ')'");
    }

    private static boolean isBlankOrComment(String line) {
        String s = line.strip();
        return s.isEmpty() || s.startsWith("#");
    }

    private static Statement statement(String file, String text, int line) {
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
            throw new SubmitException(file, line, "expected 'queue', 'queue N' or 'queue [N] [vars] in|from|matching"
                    + " ...', got '" + text + "'");
        }
        throw new SubmitException(file, line, "expected 'name = value', '+Attribute = value' or 'queue', got '"
                + text + "'");
    }
}
