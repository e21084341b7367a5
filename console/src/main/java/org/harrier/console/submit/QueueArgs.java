package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a queue statement says, parsed from its text after macro expansion (condor_submit man
 * page, "queue"): {@code queue [count] [vars] in|from|matching [files|dirs] [slice] items}.
 * The count is ClassAd text (empty means 1); the variables default to {@code Item}; {@code in}
 * and {@code matching} take one variable, {@code from} any number.
 */
record QueueArgs(String count, List<String> vars, Source source, Slice slice) {
    private static final Pattern KEYWORD = Pattern.compile("(?i)(?<![^\\s,])(in|from|matching)(?=[\\s(\\[]|$)");
    private static final Pattern TOKEN = Pattern.compile("[^\\s,]+");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern FILTER = Pattern.compile("(?i)(files|dirs|any)(?:\\s+|$)(.*)", Pattern.DOTALL);

    QueueArgs {
        vars = List.copyOf(vars);
    }

    /** Where the items come from. */
    sealed interface Source {
        /** Plain {@code queue} or {@code queue N}: one nameless item. */
        record Repeat() implements Source {
        }

        /** {@code in a, b, c}: the items as written. */
        record In(List<String> items) implements Source {
        }

        /** {@code from file}: one item a line of the file. */
        record FromFile(String path) implements Source {
        }

        /** {@code from (} rows {@code )}: one item a row. */
        record FromRows(List<Statement.ListLine> rows) implements Source {
        }

        /** {@code matching [files|dirs] globs}. */
        record Matching(Filter filter, List<String> patterns) implements Source {
        }
    }

    /** What {@code matching} may match. */
    enum Filter { ANY, FILES, DIRS }

    /**
     * Parses {@code text}, the statement's arguments already expanded; {@code list} are the
     * lines of a multi-line item list as written, which {@code expand} expands for {@code in}
     * and {@code matching} (rows of {@code from} stay as written: they become variable values,
     * expanded where they are used).
     */
    static QueueArgs parse(String file, int line, String text, List<Statement.ListLine> list,
                           UnaryOperator<String> expand) {
        Matcher kw = KEYWORD.matcher(text);
        if (!kw.find()) {
            return new QueueArgs(text.strip(), List.of(), new Source.Repeat(), Slice.ALL);
        }
        String keyword = kw.group(1).toLowerCase(Locale.ROOT);
        String pre = text.substring(0, kw.start());
        String rest = text.substring(kw.end()).strip();
        List<String> vars = new ArrayList<>();
        String count = splitCountAndVars(pre, vars);
        if (vars.isEmpty()) {
            vars.add("Item");
        } else if (!keyword.equals("from") && vars.size() > 1) {
            throw new SubmitException(file, line, "'queue ... " + keyword + "' takes one variable name, got "
                    + String.join(", ", vars) + "; use 'from' to set several variables per item");
        }
        Filter filter = Filter.ANY;
        if (keyword.equals("matching")) {
            Matcher f = FILTER.matcher(rest);
            if (f.matches()) {
                filter = Filter.valueOf(f.group(1).toUpperCase(Locale.ROOT));
                rest = f.group(2).strip();
            }
        }
        Slice slice = Slice.ALL;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            try {
                slice = Slice.parse(close < 0 ? rest : rest.substring(0, close + 1));
            } catch (IllegalArgumentException e) {
                throw new SubmitException(file, line, e.getMessage());
            }
            rest = rest.substring(close + 1).strip();
        }
        boolean parens = rest.startsWith("(");
        String inline = rest;
        if (parens) {
            int close = rest.lastIndexOf(')');
            if (close > 0 && !rest.substring(close + 1).isBlank()) {
                throw new SubmitException(file, line, "unexpected '" + rest.substring(close + 1).strip()
                        + "' after the item list's ')'");
            }
            inline = close > 0 ? rest.substring(1, close) : rest.substring(1);
        }
        Source source = switch (keyword) {
            case "in" -> new Source.In(words(file, line, keyword, inline, list, expand));
            case "matching" -> new Source.Matching(filter, words(file, line, keyword, inline, list, expand));
            default -> from(file, line, parens, inline, list);
        };
        return new QueueArgs(count, vars, source, slice);
    }

    /** Fills {@code vars} with the trailing identifiers of {@code pre}; what comes before them is the count. */
    private static String splitCountAndVars(String pre, List<String> vars) {
        List<int[]> spans = new ArrayList<>();
        Matcher t = TOKEN.matcher(pre);
        while (t.find()) {
            spans.add(new int[] {t.start(), t.end()});
        }
        int first = spans.size();
        while (first > 0) {
            int[] s = spans.get(first - 1);
            if (!IDENTIFIER.matcher(pre.substring(s[0], s[1])).matches()) {
                break;
            }
            first--;
        }
        for (int i = first; i < spans.size(); i++) {
            vars.add(pre.substring(spans.get(i)[0], spans.get(i)[1]));
        }
        String count = first == spans.size() ? pre : pre.substring(0, spans.get(first)[0]);
        return count.strip().replaceAll(",+$", "").strip();
    }

    private static List<String> words(String file, int line, String keyword, String inline,
                                      List<Statement.ListLine> list, UnaryOperator<String> expand) {
        List<String> out = new ArrayList<>();
        addWords(inline, out);
        for (Statement.ListLine l : list) {
            addWords(expand.apply(l.text()), out);
        }
        if (out.isEmpty()) {
            throw new SubmitException(file, line, "'queue ... " + keyword + "' needs "
                    + (keyword.equals("in") ? "a list of items" : "file name patterns") + " after '" + keyword + "'");
        }
        return out;
    }

    private static void addWords(String text, List<String> out) {
        for (String w : text.split("[\\s,]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
    }

    private static Source from(String file, int line, boolean parens, String inline, List<Statement.ListLine> list) {
        if (parens) {
            List<Statement.ListLine> rows = new ArrayList<>();
            if (!inline.isBlank()) {
                rows.add(new Statement.ListLine(inline.strip(), line));
            }
            rows.addAll(list);
            return new Source.FromRows(rows);
        }
        String path = inline.strip();
        if (path.isEmpty()) {
            throw new SubmitException(file, line, "'queue ... from' needs a file name or a '(' list of rows");
        }
        if (path.endsWith("|")) {
            throw new SubmitException(file, line, "'queue ... from " + path + "' runs a command for its items, which"
                    + " harrier submit does not do; write the items to a file and queue from that");
        }
        return new Source.FromFile(path);
    }
}
